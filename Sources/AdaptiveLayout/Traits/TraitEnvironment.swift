/// Something with traits that flow to it from its parent — Apple's
/// `UITraitEnvironment`: ``Screen``, ``Window``, ``ViewController``, ``View``
/// and ``PresentationController``.
public protocol TraitEnvironment: AnyObject {
    /// The traits in effect here: the parent's, with any override applied.
    var traitCollection: TraitCollection { get }
    /// Called after ``traitCollection`` changed (top-down through the
    /// hierarchy); `previousTraitCollection` is nil the first time.
    func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?)
}

/// What a transition passes to the animations that run with it — Apple's
/// `UIViewControllerTransitionCoordinatorContext`.
public struct TransitionCoordinatorContext: Sendable {
    public let isAnimated: Bool
    public let transitionDuration: Double
    public let isCancelled: Bool
}

/// Runs work alongside a size or trait transition and after it — Apple's
/// `UIViewControllerTransitionCoordinator`.
///
/// A transition happens in Apple's order: `willTransition(to:with:)`
/// (traits), `viewWillTransition(to:with:)` (size), the new traits set with
/// `traitCollectionDidChange(_:)` top-down, then the animation — every
/// closure given to ``animate(alongsideTransition:completion:)`` in the order
/// given, and the layout pass — then every completion.
public final class TransitionCoordinator {
    public let context: TransitionCoordinatorContext
    private var animations: [(TransitionCoordinatorContext) -> Void] = []
    private var completions: [(TransitionCoordinatorContext) -> Void] = []

    init(duration: Double = 0.3) {
        context = TransitionCoordinatorContext(isAnimated: duration > 0, transitionDuration: duration, isCancelled: false)
    }

    /// Queues an animation to run with the transition and a completion to run
    /// after it. Returns true (the animations always run).
    @discardableResult
    public func animate(alongsideTransition animation: ((TransitionCoordinatorContext) -> Void)?,
                        completion: ((TransitionCoordinatorContext) -> Void)? = nil) -> Bool {
        if let animation { animations.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAnimations() {
        var i = 0
        while i < animations.count { animations[i](context); i += 1 } // an animation may queue another
    }

    func runCompletions() {
        var i = 0
        while i < completions.count { completions[i](context); i += 1 }
    }
}

/// A device's screen — Apple's `UIScreen`: the device model, its
/// orientation, and the traits of a full-screen window on it.
///
/// ``rotate(to:)`` is a rotation: every window on the screen goes through a
/// size and trait transition.
public final class Screen: TraitEnvironment {
    public let device: Device
    public private(set) var orientation: Orientation
    /// Traits that are not the device's: style, text size, layout direction.
    /// Changing them is a trait transition of every window.
    public var userTraits: TraitCollection {
        didSet { for w in windows { w.object?.transition(size: nil) } }
    }
    final class WeakWindow { weak var object: Window?; init(_ w: Window) { object = w } }
    var windows: [WeakWindow] = []

    public init(device: Device, orientation: Orientation = .portrait,
                userTraits: TraitCollection = TraitCollection(layoutDirection: .leftToRight, userInterfaceStyle: .light,
                                                              preferredContentSizeCategory: .large)) {
        self.device = device
        self.orientation = orientation
        self.userTraits = userTraits
    }

    public var bounds: Rect {
        let s = device.screenSize(orientation)
        return Rect(x: 0, y: 0, width: s.width, height: s.height)
    }

    public var traitCollection: TraitCollection {
        device.window(orientation, .fullScreen)!.traits.overridden(by: userTraits)
    }

    public func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// Rotates the device: each window transitions to its size and traits
    /// in the new orientation (a window in an arrangement that the new
    /// orientation does not have becomes full screen).
    public func rotate(to orientation: Orientation) {
        guard orientation != self.orientation else { return }
        self.orientation = orientation
        for w in windows {
            guard let window = w.object else { continue }
            if device.window(orientation, window.arrangement) == nil { window.storedArrangement = .fullScreen }
            window.transition(size: window.windowSize)
        }
        windows.removeAll { $0.object == nil }
    }
}

/// A window on a screen — Apple's `UIWindow`: the root of a view hierarchy,
/// sized and given size classes by its screen's device, orientation and its
/// ``arrangement`` (iPad multitasking).
open class Window: View {
    public let screen: Screen
    var storedArrangement: WindowArrangement
    public var arrangement: WindowArrangement { storedArrangement }
    /// Property values by trait collection for the window's views.
    public private(set) lazy var appearance = Appearance(window: self)

    public init(screen: Screen, arrangement: WindowArrangement = .fullScreen, name: String? = "window") {
        self.screen = screen
        storedArrangement = screen.device.window(screen.orientation, arrangement) == nil ? .fullScreen : arrangement
        super.init(name: name)
        let size = windowSize
        frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        screen.windows.append(.init(self))
        deliverTraits(windowTraits)
    }

    var windowSize: Size { screen.device.window(screen.orientation, storedArrangement)!.size }

    /// The screen's traits with the window's own size classes.
    var windowTraits: TraitCollection {
        screen.device.window(screen.orientation, storedArrangement)!.traits.overridden(by: screen.userTraits)
    }

    /// The view controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            oldValue?.window = nil
            guard let vc = rootViewController else { return }
            vc.window = self
            let view = vc.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            try! insertSubview(view, at: 0) // a view controller's view has no superview yet
            vc.deliverTraits(windowTraits)
        }
    }

    /// Multitasking: moves the window to another arrangement of the screen,
    /// as a size and trait transition. Returns false (and changes nothing)
    /// for an arrangement the device does not have in this orientation.
    @discardableResult
    public func setArrangement(_ arrangement: WindowArrangement) -> Bool {
        guard screen.device.window(screen.orientation, arrangement) != nil else { return false }
        guard arrangement != storedArrangement else { return true }
        storedArrangement = arrangement
        transition(size: windowSize)
        return true
    }

    /// The transition to the window's current size and traits, from those it
    /// had: callbacks in Apple's order (see ``TransitionCoordinator``).
    func transition(size: Size?) {
        let coordinator = TransitionCoordinator()
        let traits = windowTraits
        let root = rootViewController
        let presented = presentedControllers
        if traits != deliveredTraits {
            root?.willTransition(to: root!.traits(inheriting: traits), with: coordinator)
            for p in presented { p.willTransition(to: p.traits(inheriting: traits), with: coordinator) }
        }
        if let size, size != frame.size {
            root?.viewWillTransition(to: size, with: coordinator)
            for p in presented { p.viewWillTransition(to: size, with: coordinator) }
            frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
        deliverTraits(traits)
        coordinator.runAnimations()
        layoutIfNeeded()
        coordinator.runCompletions()
    }

    /// View controllers presented in this window, bottom to top.
    var presentedControllers: [ViewController] {
        var result: [ViewController] = []
        var vc = rootViewController?.presentedViewController
        while let p = vc { result.append(p); vc = p.presentedViewController }
        return result
    }

    override var ownTraits: TraitCollection? { windowTraits }
}
