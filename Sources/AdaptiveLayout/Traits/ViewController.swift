/// Manages a view and takes part in trait and size transitions — Apple's
/// `UIViewController`, for layout.
///
/// A view controller's traits are its parent's (the window's for a root
/// view controller), with the override its parent set for it
/// (``setOverrideTraitCollection(_:forChild:)``) and, when presented, its
/// presentation's adaptation. Its view and every subview that is not another
/// view controller's view have its traits.
open class ViewController: TraitEnvironment {
    public var name: String?
    public init(name: String? = nil) { self.name = name }

    // MARK: View

    private var storedView: View?
    /// The view, loaded on first use (``loadView()``, then ``viewDidLoad()``).
    public var view: View {
        if let storedView { return storedView }
        loadView()
        let view = storedView ?? View(name: name.map { $0 + ".view" })
        storedView = view
        view.viewController = self
        viewDidLoad()
        return view
    }
    public var isViewLoaded: Bool { storedView != nil }

    /// Makes the view; the default is an empty ``View``. Set ``view`` here
    /// with ``setView(_:)``.
    open func loadView() {}
    /// Called once the view is loaded.
    open func viewDidLoad() {}

    /// Sets the view (in ``loadView()``, or to replace it).
    public func setView(_ view: View) {
        storedView?.viewController = nil
        storedView = view
        view.viewController = self
    }

    // MARK: Containment

    public private(set) var children: [ViewController] = []
    public private(set) weak var parent: ViewController?
    /// The window of a root view controller.
    weak var window: Window?

    /// Adds a child; its view is placed by the caller (in this one's view).
    public func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        parent.overrides.removeValue(forKey: ObjectIdentifier(self))
        self.parent = nil
    }

    // MARK: Traits

    private var overrides: [ObjectIdentifier: TraitCollection] = [:]
    var deliveredTraits: TraitCollection?

    /// Overrides traits for a child: the traits `collection` specifies
    /// replace the inherited ones; the others still flow from this view
    /// controller. Nil removes the override. The child transitions at once.
    public func setOverrideTraitCollection(_ collection: TraitCollection?, forChild child: ViewController) {
        guard child.parent === self else { return }
        let key = ObjectIdentifier(child)
        guard overrides[key] != collection else { return }
        let coordinator = TransitionCoordinator()
        let inherited = traitCollection
        let new = collection.map { inherited.overridden(by: $0) } ?? inherited
        if new != child.traitCollection { child.willTransition(to: new, with: coordinator) }
        overrides[key] = collection
        child.deliverTraits(inherited)
        coordinator.runAnimations()
        child.storedView?.rootView.layoutIfNeeded()
        coordinator.runCompletions()
    }

    public func overrideTraitCollection(forChild child: ViewController) -> TraitCollection? {
        overrides[ObjectIdentifier(child)]
    }

    public var traitCollection: TraitCollection {
        let inherited: TraitCollection
        if let parent { inherited = parent.traitCollection }
        else if let presenting = presentingViewController { inherited = presenting.view.rootView.traitCollection }
        else if let window { inherited = window.traitCollection }
        else if let superview = storedView?.superview { inherited = superview.traitCollection }
        else { inherited = TraitCollection() }
        return traits(inheriting: inherited)
    }

    /// The traits this view controller has when its parent environment has `inherited`.
    func traits(inheriting inherited: TraitCollection) -> TraitCollection {
        var t = inherited
        if let o = parent?.overrideTraitCollection(forChild: self) { t = t.overridden(by: o) }
        if let p = presentationController { t = p.adaptedTraits(t) }
        return t
    }

    /// Sets the traits that `inherited` gives, calls the callback if they
    /// changed, and goes on into the view.
    func deliverTraits(_ inherited: TraitCollection) {
        deliverTraits(inherited, appearance: storedView?.window?.appearance)
    }

    /// ``deliverTraits(_:)`` with the window's appearance found once for the subtree.
    func deliverTraits(_ inherited: TraitCollection, appearance: Appearance?) {
        let t = traits(inheriting: inherited)
        if t != deliveredTraits {
            let previous = deliveredTraits
            deliveredTraits = t
            adapt(to: t)
            traitCollectionDidChange(previous)
        }
        storedView?.deliverTraits(t, appearance: appearance)
    }

    /// A container's own adaptation to new traits, before the callback
    /// (split view controllers collapse and expand here).
    func adapt(to traits: TraitCollection) {}

    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Called before the traits change. The default forwards to the
    /// children (with their overrides) and the presented view controller:
    /// call it from an override.
    open func willTransition(to newCollection: TraitCollection, with coordinator: TransitionCoordinator) {
        for child in children {
            let t = overrides[ObjectIdentifier(child)].map { newCollection.overridden(by: $0) } ?? newCollection
            if t != child.traitCollection { child.willTransition(to: t, with: coordinator) }
        }
    }

    /// Called before the view's size changes. The default forwards the size
    /// to the children: call it from an override.
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    // MARK: Presentation

    public private(set) weak var presentingViewController: ViewController?
    public private(set) var presentedViewController: ViewController?
    /// How a presented view controller is shown; ``ModalPresentationStyle/popover``
    /// adapts to full screen in a compact width.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// The size of a popover.
    public var preferredContentSize = Size(width: 320, height: 480)
    /// Set while presented.
    public private(set) var presentationController: PresentationController?

    /// Presents a view controller over this one's window, in its adaptive
    /// style; its view is laid out at once.
    public func present(_ controller: ViewController, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, controller.presentingViewController == nil,
              let window = view.rootView as? Window else { return }
        let presentation = PresentationController(presented: controller, presenting: self)
        controller.presentationController = presentation
        controller.presentingViewController = self
        presentedViewController = controller
        try! window.addSubview(controller.view)
        presentation.place(in: window)
        window.layoutIfNeeded()
        completion?()
    }

    /// Dismisses what this view controller presented (and what that one
    /// presented), or, when nothing is, this view controller itself.
    public func dismiss(completion: (() -> Void)? = nil) {
        if presentedViewController != nil { dismissPresented() } else { presentingViewController?.dismissPresented() }
        completion?()
    }

    private func dismissPresented() {
        guard let presented = presentedViewController else { return }
        presented.dismissPresented()
        presented.storedView?.removeFromSuperview()
        presented.presentationController = nil
        presented.presentingViewController = nil
        presentedViewController = nil
    }

    // MARK: Showing view controllers

    /// The view controller that handles `action` for this one: the first,
    /// from here up through parents and presenters, whose
    /// ``canPerform(_:sender:)`` says yes — Apple's `targetViewController(forAction:sender:)`.
    public func targetViewController(forAction action: ShowAction, sender: Any?) -> ViewController? {
        var vc: ViewController? = self
        while let v = vc {
            if v.canPerform(action, sender: sender) { return v }
            vc = v.parent ?? v.presentingViewController
        }
        return nil
    }

    /// Whether this view controller shows view controllers for `action`
    /// itself. The default: no (navigation and split containers say yes).
    open func canPerform(_ action: ShowAction, sender: Any?) -> Bool { false }

    /// Shows a view controller in the adaptive way: the nearest container
    /// that can (a navigation controller pushes it, a split view controller
    /// makes it primary), else presented.
    open func show(_ controller: ViewController, sender: Any?) {
        if let target = targetViewController(forAction: .show, sender: sender), target !== self {
            target.show(controller, sender: sender)
        } else {
            present(controller)
        }
    }

    /// Shows a view controller as the detail: a split view controller makes
    /// it secondary (or shows it in its collapsed column), else as ``show(_:sender:)``.
    open func showDetailViewController(_ controller: ViewController, sender: Any?) {
        if let target = targetViewController(forAction: .showDetail, sender: sender), target !== self {
            target.showDetailViewController(controller, sender: sender)
        } else {
            show(controller, sender: sender)
        }
    }
}

/// The two adaptive ways of showing a view controller.
public enum ShowAction: Sendable {
    case show, showDetail
}

/// How a presented view controller covers the screen.
public enum ModalPresentationStyle: String, Sendable {
    case fullScreen, popover
}

/// Manages a presented view controller — Apple's `UIPresentationController`:
/// it decides the style for the traits (a popover in a regular width, full
/// screen in a compact one) and places the presented view.
public final class PresentationController: TraitEnvironment {
    public unowned let presentedViewController: ViewController
    public unowned let presentingViewController: ViewController
    /// Asked for the style in a trait collection (nil: the default adaptation).
    public var adaptiveStyle: ((TraitCollection) -> ModalPresentationStyle?)?

    init(presented: ViewController, presenting: ViewController) {
        presentedViewController = presented
        presentingViewController = presenting
    }

    /// The style used in `traits`: a popover becomes full screen in a compact width.
    public func presentationStyle(for traits: TraitCollection) -> ModalPresentationStyle {
        if let style = adaptiveStyle?(traits) { return style }
        let requested = presentedViewController.modalPresentationStyle
        return requested == .popover && traits.horizontalSizeClass == .compact ? .fullScreen : requested
    }

    public var traitCollection: TraitCollection { presentedViewController.traitCollection }
    public func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// A popover's content is compact in both directions; a full-screen
    /// presentation keeps the window's traits.
    func adaptedTraits(_ inherited: TraitCollection) -> TraitCollection {
        guard presentationStyle(for: inherited) == .popover else { return inherited }
        return inherited.overridden(by: TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .compact))
    }

    /// The presented view's frame in the window: the window's bounds, or the
    /// preferred content size centred.
    func place(in window: Window) {
        let view = presentedViewController.view
        if presentationStyle(for: window.traitCollection) == .popover {
            let size = presentedViewController.preferredContentSize
            view.frame = Rect(x: ((window.bounds.width - size.width) / 2).rounded(), y: ((window.bounds.height - size.height) / 2).rounded(),
                              width: size.width, height: size.height)
            view.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        } else {
            view.frame = window.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
    }
}
