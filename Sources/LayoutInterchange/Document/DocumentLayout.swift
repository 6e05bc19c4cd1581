import AdaptiveLayout
import Foundation

/// A layout document built into views and constraints, each view and
/// group of constraints installed in the cells the document gives, ready to
/// be laid out in a window on any device.
///
/// Building looks every name up and lowers every visual format; the first
/// problem is thrown with its position in the document and nothing is
/// built.
public final class DocumentLayout {
    public let document: LayoutDocument
    /// The root view (the view controller's view); its subviews are the document's.
    public let root: View
    /// Every view by name, `root` included.
    public let views: [String: View]
    /// Views in document order (depth first), the root first.
    public let order: [View]
    /// Every constraint made, in document order.
    public let constraints: [LayoutConstraint]
    private let sources: [ObjectIdentifier: SourcePosition]

    public init(_ document: LayoutDocument) throws(DocumentError) {
        self.document = document
        let root = View(name: "root")
        if let m = document.rootMargins { root.layoutMargins = m }
        var views: [String: View] = ["root": root]
        var order = [root]
        func make(_ d: ViewDeclaration) -> View {
            let v = View(name: d.name)
            v.translatesAutoresizingMaskIntoConstraints = d.translatesAutoresizingMaskIntoConstraints
            if let f = d.frame { v.frame = f }
            v.intrinsicContentSize = Size(width: d.intrinsicSize.width ?? View.noIntrinsicMetric,
                                          height: d.intrinsicSize.height ?? View.noIntrinsicMetric)
            if let p = d.hugging.horizontal { v.setContentHuggingPriority(p, for: .horizontal) }
            if let p = d.hugging.vertical { v.setContentHuggingPriority(p, for: .vertical) }
            if let p = d.compressionResistance.horizontal { v.setContentCompressionResistancePriority(p, for: .horizontal) }
            if let p = d.compressionResistance.vertical { v.setContentCompressionResistancePriority(p, for: .vertical) }
            if let m = d.margins { v.layoutMargins = m }
            views[d.name] = v
            order.append(v)
            return v
        }
        // The tree, each subview with its installation (added in the cells
        // where it is installed once traits arrive).
        var placements: [(parent: View, child: View, installed: Installation)] = []
        func walk(_ ds: [ViewDeclaration], in parent: View) {
            for d in ds {
                let v = make(d)
                placements.append((parent, v, d.installed))
                walk(d.subviews, in: v)
            }
        }
        walk(document.views, in: root)

        // Every constraint is made before anything is installed.
        var groups: [(Installation, [LayoutConstraint])] = []
        var all: [LayoutConstraint] = []
        var sources: [ObjectIdentifier: SourcePosition] = [:]
        func lower(_ list: [ConstraintDeclaration], _ installed: Installation) throws(DocumentError) {
            var made: [LayoutConstraint] = []
            for c in list {
                switch c {
                case .group(let inner, let nested, _):
                    try lower(nested, inner)
                case .relation(let r, _):
                    let k = try Self.constraint(r, views)
                    sources[ObjectIdentifier(k)] = r.first.position
                    made.append(k)
                case .visualFormat(let format, let options, let metrics, let p, let column):
                    // The views dictionary: every view, so that `|` is each one's superview in the tree.
                    do {
                        let ks = try LayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                                  metrics: metrics, views: views.filter { $0.key != "root" })
                        for k in ks { sources[ObjectIdentifier(k)] = SourcePosition(line: p.line, column: column) }
                        made += ks
                    } catch {
                        throw DocumentError("\(error.message)", at: SourcePosition(line: p.line, column: column + (error.caret ?? 0)))
                    }
                }
            }
            if !made.isEmpty { groups.append((installed, made)) }
            all += made
        }
        // Superviews exist only once installed: lowering a visual format
        // with `|` needs them, so the tree is put together first, every view
        // in place, then the installations are set.
        for p in placements { try! p.parent.addSubview(p.child) }
        try lower(document.constraints, Installation())
        for p in placements.reversed() { p.child.removeFromSuperview() }
        for p in placements { try! p.parent.addSubview(p.child, installed: p.installed) }
        for (installation, list) in groups { root.addConstraints(list, installed: installation) }
        self.root = root
        self.views = views
        self.order = order
        self.constraints = all
        self.sources = sources
    }

    /// Where in the document a constraint was written (its equation, or its visual format).
    public func position(of constraint: LayoutConstraint) -> SourcePosition? {
        sources[ObjectIdentifier(constraint)]
    }

    /// Reads and builds a document.
    public convenience init(text: String) throws(DocumentError) {
        try self.init(DocumentParser.parse(text))
    }

    /// Reads and builds a document from a file's bytes, which must be UTF-8.
    public convenience init(data: Data) throws(DocumentError) {
        try DocumentError.requireUTF8(data)
        try self.init(text: String(decoding: data, as: UTF8.self))
    }

    private static func constraint(_ r: RelationDeclaration, _ views: [String: View]) throws(DocumentError) -> LayoutConstraint {
        func item(_ side: RelationDeclaration.Side) throws(DocumentError) -> View {
            guard let v = views[side.item] else { throw DocumentError("no view named \"\(side.item)\"", at: side.position) }
            return v
        }
        let first = try item(r.first)
        let second = try r.second.map(item)
        let c: LayoutConstraint
        do {
            c = try LayoutConstraint(item: first, attribute: r.first.attribute, relatedBy: r.relation, toItem: second,
                                     attribute: r.second?.attribute ?? .notAnAttribute,
                                     multiplier: r.multiplier, constant: r.constant)
        } catch {
            throw DocumentError(error.description, at: r.first.position)
        }
        c.priority = r.priority
        if let id = r.identifier { c.identifier = id }
        return c
    }

    /// Lays the document out in a full-screen window (or an iPad
    /// multitasking window) of `device` and answers as `layout solve` does:
    /// the frames of the root and of every installed view, in their
    /// superviews' coordinates, ambiguity and conflicts. Nil where the
    /// device has no such window.
    /// `inspect` sees the laid-out window before the document's root leaves it.
    public func solve(on device: Device, _ orientation: Orientation = .portrait,
                      _ arrangement: WindowArrangement = .fullScreen, inspect: ((View) -> Void)? = nil) -> LayoutAnswer? {
        guard device.window(orientation, arrangement) != nil else { return nil }
        let screen = Screen(device: device, orientation: orientation)
        let window = Window(screen: screen, arrangement: arrangement)
        let controller = ViewController(name: document.name)
        controller.setView(root)
        window.rootViewController = controller
        window.layoutIfNeeded()
        var answer = LayoutAnswer()
        let installed = order.filter { $0 === root || $0.isDescendant(of: root) }
        for v in installed { answer.frames.append((v.layoutName, v.frame)) }
        answer.report(window, names: Set(installed.map(\.layoutName)))
        inspect?(window)
        window.rootViewController = nil
        return answer
    }
}
