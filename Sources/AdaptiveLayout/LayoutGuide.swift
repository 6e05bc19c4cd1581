/// A rectangle that takes part in layout without being a view: Apple's
/// `UILayoutGuide`. Its ``layoutFrame`` is in its owning view's coordinates.
public final class LayoutGuide: LayoutItem {
    /// Guides the engine keeps at the owning view's bounds inset by its margins or safe area.
    enum Insets { case none, margins, safeArea }
    let insets: Insets

    /// Cleared by the owning view when it goes (see ``View``'s superview).
    public internal(set) unowned(unsafe) var owningView: View?

    /// A custom guide: place it with constraints, after ``View/addLayoutGuide(_:)``.
    public override init(name: String? = nil) {
        insets = .none
        super.init(name: name)
    }

    init(name: String, insets: Insets) {
        self.insets = insets
        super.init(name: name)
    }

    /// An identifier, as UIKit's guides have (the same as ``LayoutItem/name``).
    public var identifier: String {
        get { name ?? "" }
        set { name = newValue }
    }

    override var parent: View? { owningView }
    override var hierarchyRoot: View? { owningView?.hierarchyRoot }

    /// The frame in the owning view's coordinates, as of the last layout pass.
    public var layoutFrame: Rect { solvedFrame(in: hierarchyRoot?.engine) }
}
