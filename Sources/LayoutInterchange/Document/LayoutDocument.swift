import AdaptiveLayout

/// A place in a document's text: 1-based line and column (columns count
/// Unicode scalars, as libyaml does).
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// What is wrong with a document, and where: `profile.yaml:12:9: error: ...`.
public struct DocumentError: Error, Equatable, CustomStringConvertible {
    public var position: SourcePosition?
    public var message: String
    public init(_ message: String, at position: SourcePosition?) {
        self.message = message
        self.position = position
    }
    public var description: String { position.map { "\($0): error: \(message)" } ?? "error: \(message)" }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, as compilers print it.
    public func description(file: String) -> String { "\(file):\(position.map { "\($0):" } ?? "") error: \(message)" }
}

/// A layout document, as read (the syntax tree): one screen's view tree and
/// constraints, with the cells of the size-class grid each is installed in.
/// Every part keeps its position so that building it can say where a
/// problem is. See `Examples/README.md` for the format.
public struct LayoutDocument {
    /// The screen's name (`name:`).
    public var name: String?
    /// The device to lay it out on when none is asked for (`device:`).
    public var device: String?
    /// Named numbers for constants, multipliers and priorities, and for the
    /// visual formats (`metrics:`).
    public var metrics: [String: Double] = [:]
    /// The root view's layout margins (`margins:`).
    public var rootMargins: EdgeInsets?
    /// The root view's subviews, each with its own.
    public var views: [ViewDeclaration] = []
    public var constraints: [ConstraintDeclaration] = []

    /// Every view, depth first in document order.
    public var allViews: [ViewDeclaration] {
        var out: [ViewDeclaration] = []
        func walk(_ vs: [ViewDeclaration]) { for v in vs { out.append(v); walk(v.subviews) } }
        walk(views)
        return out
    }
}

/// What a view stands for; previews draw the kinds differently. Layout is
/// the same for all: content views say their size with `intrinsicSize`.
public enum ViewKind: String, Sendable, CaseIterable {
    case view, label, button, image, textField, `switch`, slider
}

public struct ViewDeclaration {
    public var name: String
    public var kind: ViewKind = .view
    /// Either dimension may be absent (no intrinsic size on that axis).
    public var intrinsicSize: (width: Double?, height: Double?) = (nil, nil)
    public var hugging: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
    public var compressionResistance: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
    public var margins: EdgeInsets?
    /// False by default: a document's views are placed by constraints.
    public var translatesAutoresizingMaskIntoConstraints = false
    public var frame: Rect?
    public var installed = Installation()
    public var subviews: [ViewDeclaration] = []
    public var position: SourcePosition
}

/// One entry of a `constraints:` list.
public indirect enum ConstraintDeclaration {
    /// `"H:|-[a]-[b]-|"` or `{vfl: ..., options: [...], metrics: {...}}`.
    case visualFormat(format: String, options: LayoutConstraint.FormatOptions, metrics: [String: Double],
                      position: SourcePosition, formatColumn: Int)
    /// `"a.width == 0.5 * root.width + 10 @750"`.
    case relation(RelationDeclaration, position: SourcePosition)
    /// `{installed: {only: [wAny hC]}, constraints: [...]}`.
    case group(Installation, [ConstraintDeclaration], position: SourcePosition)
}

/// `first RELATION multiplier * second + constant @priority`, with names
/// not yet looked up.
public struct RelationDeclaration: Equatable {
    public struct Side: Equatable {
        public var item: String
        public var attribute: LayoutAttribute
        /// Where the item's name starts.
        public var position: SourcePosition
    }
    public var first: Side
    public var relation: LayoutRelation
    public var second: Side?
    public var multiplier: Double = 1
    public var constant: Double = 0
    public var priority: LayoutPriority = .required
    public var identifier: String?
}
