/// A stack of view controllers, the top one's view filling this one's —
/// Apple's `UINavigationController`, for layout. ``show(_:sender:)`` pushes.
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public var topViewController: ViewController? { viewControllers.last }

    public init(rootViewController: ViewController? = nil, name: String? = "navigation") {
        super.init(name: name)
        if let rootViewController { pushViewController(rootViewController) }
    }

    public func pushViewController(_ controller: ViewController) {
        topViewController?.view.removeFromSuperview()
        addChild(controller)
        viewControllers.append(controller)
        fill(view, with: controller.view)
    }

    @discardableResult
    public func popViewController() -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        top.view.removeFromSuperview()
        top.removeFromParent()
        fill(view, with: topViewController!.view)
        return top
    }

    public func setViewControllers(_ controllers: [ViewController]) {
        while let top = viewControllers.popLast() { top.view.removeFromSuperview(); top.removeFromParent() }
        for c in controllers { pushViewController(c) }
    }

    open override func canPerform(_ action: ShowAction, sender: Any?) -> Bool { action == .show }
    open override func show(_ controller: ViewController, sender: Any?) { pushViewController(controller) }
}

/// Decides how a ``SplitViewController`` collapses and expands — Apple's
/// `UISplitViewControllerDelegate`. Every method has a default.
public protocol SplitViewControllerDelegate: AnyObject {
    /// The primary view controller of the collapsed split (default: the current primary).
    func primaryViewController(forCollapsing split: SplitViewController) -> ViewController?
    /// Merges the secondary into the primary when collapsing; return true when
    /// done (the secondary is then dropped), false for the default (a
    /// navigation controller primary pushes it).
    func splitViewController(_ split: SplitViewController, collapseSecondary secondary: ViewController,
                             onto primary: ViewController) -> Bool
    /// The primary view controller of the expanded split (default: the current primary).
    func primaryViewController(forExpanding split: SplitViewController) -> ViewController?
    /// The secondary view controller when expanding (nil for the default: a
    /// navigation controller primary pops its top one, else an empty one).
    func splitViewController(_ split: SplitViewController, separateSecondaryFrom primary: ViewController) -> ViewController?
}

extension SplitViewControllerDelegate {
    public func primaryViewController(forCollapsing split: SplitViewController) -> ViewController? { nil }
    public func splitViewController(_ split: SplitViewController, collapseSecondary secondary: ViewController,
                                    onto primary: ViewController) -> Bool { false }
    public func primaryViewController(forExpanding split: SplitViewController) -> ViewController? { nil }
    public func splitViewController(_ split: SplitViewController, separateSecondaryFrom primary: ViewController) -> ViewController? { nil }
}

/// Primary and secondary side by side in a regular width, one column in a
/// compact width — Apple's `UISplitViewController`, as a layout model.
///
/// The split collapses when its traits become horizontally compact and
/// expands when they become regular (the delegate decides what merges and
/// separates). Expanded, the primary column is ``preferredPrimaryColumnWidth``
/// wide and the secondary takes the rest; collapsed, the primary fills the view.
open class SplitViewController: ViewController {
    public weak var delegate: SplitViewControllerDelegate?
    public private(set) var primary: ViewController
    public private(set) var secondary: ViewController?
    public private(set) var isCollapsed = false
    public var preferredPrimaryColumnWidth = 320.0
    private var layout: [LayoutConstraint] = []

    public init(primary: ViewController, secondary: ViewController?, name: String? = "split") {
        self.primary = primary
        self.secondary = secondary
        super.init(name: name)
        addChild(primary)
        if let secondary { addChild(secondary) }
        arrange()
    }

    /// `[primary]` when collapsed, `[primary, secondary]` when expanded.
    public var viewControllers: [ViewController] { isCollapsed ? [primary] : [primary] + (secondary.map { [$0] } ?? []) }

    override func adapt(to traits: TraitCollection) {
        let compact = traits.horizontalSizeClass == .compact
        if compact && !isCollapsed { collapse() } else if !compact && isCollapsed { expand() }
    }

    private func collapse() {
        let newPrimary = delegate?.primaryViewController(forCollapsing: self) ?? primary
        replacePrimary(with: newPrimary)
        if let secondary {
            secondary.view.removeFromSuperview()
            secondary.removeFromParent()
            if !(delegate?.splitViewController(self, collapseSecondary: secondary, onto: newPrimary) ?? false),
               let nav = newPrimary as? NavigationController {
                nav.pushViewController(secondary)
            }
            self.secondary = nil
        }
        isCollapsed = true
        arrange()
    }

    private func expand() {
        let newPrimary = delegate?.primaryViewController(forExpanding: self) ?? primary
        replacePrimary(with: newPrimary)
        var separated = delegate?.splitViewController(self, separateSecondaryFrom: newPrimary)
        if separated == nil, let nav = newPrimary as? NavigationController { separated = nav.popViewController() }
        let newSecondary = separated ?? ViewController(name: "empty")
        addChild(newSecondary)
        secondary = newSecondary
        isCollapsed = false
        arrange()
    }

    private func replacePrimary(with controller: ViewController) {
        guard controller !== primary else { return }
        primary.view.removeFromSuperview()
        primary.removeFromParent()
        primary = controller
        addChild(controller)
    }

    /// The columns' views and constraints for the current state.
    private func arrange() {
        LayoutConstraint.deactivate(layout)
        let container = view
        for v in container.subviews where v !== primary.view && v !== secondary?.view { v.removeFromSuperview() }
        let p = primary.view
        p.translatesAutoresizingMaskIntoConstraints = false
        if p.superview !== container { try! container.addSubview(p) }
        layout = [p.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                  p.topAnchor.constraint(equalTo: container.topAnchor),
                  p.bottomAnchor.constraint(equalTo: container.bottomAnchor)]
        if !isCollapsed, let s = secondary?.view {
            s.translatesAutoresizingMaskIntoConstraints = false
            if s.superview !== container { try! container.addSubview(s) }
            layout += [p.widthAnchor.constraint(equalToConstant: preferredPrimaryColumnWidth),
                       s.leadingAnchor.constraint(equalTo: p.trailingAnchor),
                       s.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                       s.topAnchor.constraint(equalTo: container.topAnchor),
                       s.bottomAnchor.constraint(equalTo: container.bottomAnchor)]
        } else {
            secondary?.view.removeFromSuperview()
            layout.append(p.trailingAnchor.constraint(equalTo: container.trailingAnchor))
        }
        try! LayoutConstraint.activate(layout)
    }

    open override func canPerform(_ action: ShowAction, sender: Any?) -> Bool { true }

    /// Expanded: the controller becomes the primary. Collapsed: the primary shows it.
    open override func show(_ controller: ViewController, sender: Any?) {
        if isCollapsed {
            primary.canPerform(.show, sender: sender) ? primary.show(controller, sender: sender) : replaceAndArrange(primary: controller)
        } else {
            replaceAndArrange(primary: controller)
        }
    }

    /// Expanded: the controller becomes the secondary. Collapsed: as ``show(_:sender:)``.
    open override func showDetailViewController(_ controller: ViewController, sender: Any?) {
        guard !isCollapsed else { return show(controller, sender: sender) }
        if let old = secondary { old.view.removeFromSuperview(); old.removeFromParent() }
        addChild(controller)
        secondary = controller
        arrange()
    }

    private func replaceAndArrange(primary controller: ViewController) {
        replacePrimary(with: controller)
        arrange()
    }
}

/// Puts `child` in `container`, filling it (springs and struts: it follows
/// the container's size).
func fill(_ container: View, with child: View) {
    child.translatesAutoresizingMaskIntoConstraints = true
    child.frame = container.bounds
    child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    if child.superview !== container { try! container.addSubview(child) }
}
