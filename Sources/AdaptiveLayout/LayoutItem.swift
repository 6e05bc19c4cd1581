import Cassowary

/// Something constraints can place: a ``View`` or a ``LayoutGuide``.
///
/// Its frame is solved in its parent's coordinates (a view's superview, a
/// guide's owning view). Anchors name its attributes for constraints.
open class LayoutItem {
    /// A name for descriptions, conflict reports and the `layout` tool.
    public var name: String?

    init(name: String?) { self.name = name }

    /// The name, or the class and address (`View:0x6000...`).
    public var layoutName: String {
        name ?? "\(Self.self):0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
    }

    /// The view whose coordinates this item's frame is in: a view's
    /// superview, a guide's owning view.
    var parent: View? { nil }

    /// The root of the view hierarchy this item is in.
    var hierarchyRoot: View? { nil }

    // MARK: Engine state

    /// The item's variables in its hierarchy's engine: origin in the parent's
    /// coordinates, and size.
    @exclusivity(unchecked) var variables: ItemVariables?
    /// Constraints the engine made for this item (margins, intrinsic size, ...).
    var implied: ImpliedConstraints?

    /// The solved frame in the parent's coordinates, as of the last layout
    /// pass of `engine` (zero if the item has no variables there).
    func solvedFrame(in engine: LayoutEngine?) -> Rect {
        guard let v = variables, let engine, v.engine === engine.token else { return .zero }
        return engine.solver.withValues { v.frame(in: $0) }
    }

    // MARK: Anchors

    public var leadingAnchor: XAxisAnchor { XAxisAnchor(self, .leading) }
    public var trailingAnchor: XAxisAnchor { XAxisAnchor(self, .trailing) }
    public var leftAnchor: XAxisAnchor { XAxisAnchor(self, .left) }
    public var rightAnchor: XAxisAnchor { XAxisAnchor(self, .right) }
    public var centerXAnchor: XAxisAnchor { XAxisAnchor(self, .centerX) }
    public var topAnchor: YAxisAnchor { YAxisAnchor(self, .top) }
    public var bottomAnchor: YAxisAnchor { YAxisAnchor(self, .bottom) }
    public var centerYAnchor: YAxisAnchor { YAxisAnchor(self, .centerY) }
    public var widthAnchor: DimensionAnchor { DimensionAnchor(self, .width) }
    public var heightAnchor: DimensionAnchor { DimensionAnchor(self, .height) }
}

/// An item's four variables in one engine's solver.
final class ItemVariables {
    let minX, minY, width, height: Variable
    /// The token of the engine they belong to: held, so that a new engine
    /// at a dead one's address is never taken for it.
    let engine: LayoutEngine.Token

    init(_ solver: Solver, engine: LayoutEngine.Token) {
        // Unnamed: nothing shows solver variables to a user, and a name per
        // variable would cost four strings per view.
        minX = solver.makeVariable()
        minY = solver.makeVariable()
        width = solver.makeVariable()
        height = solver.makeVariable()
        self.engine = engine
    }

    /// The frame they hold in `values`, their solver's (``Solver/withValues(_:)``).
    func frame(in values: UnsafeBufferPointer<Double>) -> Rect {
        Rect(x: values[Int(minX.id)], y: values[Int(minY.id)], width: values[Int(width.id)], height: values[Int(height.id)])
    }

    subscript(component: FrameComponents.Element) -> Variable {
        switch component {
        case .x: minX
        case .y: minY
        case .width: width
        default: height
        }
    }
}

/// The parts of a frame: which ones a report speaks of.
public struct FrameComponents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let x = FrameComponents(rawValue: 1)
    public static let y = FrameComponents(rawValue: 2)
    public static let width = FrameComponents(rawValue: 4)
    public static let height = FrameComponents(rawValue: 8)
    public static let all: FrameComponents = [.x, .y, .width, .height]

    /// `["x", "width"]`
    public var names: [String] {
        [(FrameComponents.x, "x"), (.y, "y"), (.width, "width"), (.height, "height")]
            .filter { contains($0.0) }.map(\.1)
    }
    public var description: String { names.joined(separator: ", ") }
}
