import Cassowary

/// A rectangle in a hierarchy, placed by constraints: Apple's `UIView`, for
/// layout.
///
/// A view without a superview is the root of a hierarchy (a window's root
/// view): its ``frame`` size is what its subviews are laid out in, and it owns
/// the hierarchy's engine. Subviews are placed by active constraints, or, when
/// ``translatesAutoresizingMaskIntoConstraints`` is on (the default, as in
/// UIKit), by constraints made from their frame and ``autoresizingMask``.
/// Frames change only in ``layoutIfNeeded()``.
open class View: LayoutItem {
    /// ``intrinsicContentSize`` in a dimension that has none.
    public static let noIntrinsicMetric = -1.0
    /// The target size of ``systemLayoutSizeFitting(_:)`` for the smallest size.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The target size of ``systemLayoutSizeFitting(_:)`` for the largest size.
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The view this one is a subview of.
    public var superview: View? { superviewLink?.takeUnretainedValue() }
    /// Unowned rather than weak (weak references slow every retain of a
    /// view); a view clears its subviews' link when it goes (deinit). Held
    /// as Unmanaged so that the walks up (``rootView``, ``convert(_:to:)``)
    /// read it without a retain and a release at each step.
    @exclusivity(unchecked) private var superviewLink: Unmanaged<View>?
    // Read at every view by each trait change's walk down the tree: no
    // dynamic exclusivity checks on these and the trait state below (no
    // caller holds access to them across a call).
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    public private(set) var layoutGuides: [LayoutGuide] = []

    // Trait environment state (View+Traits.swift).
    /// The view controller whose view this is.
    weak var viewController: ViewController?
    /// The traits last delivered to the view (nil outside any environment).
    @exclusivity(unchecked) var deliveredTraits: TraitCollection?
    /// Constraints and subviews installed for some size classes only.
    @exclusivity(unchecked) var variations: [SizeClassVariation] = []
    /// The view's own values of properties its window's appearance set
    /// (Appearance.swift), given back when no appearance value applies.
    var appearanceOriginals: [AnyKeyPath: Any] = [:]
    /// A window's traits (nil for other views, whose traits flow from above).
    var ownTraits: TraitCollection? { nil }

    /// Called after the view's traits changed (top-down), once its size-class
    /// variations are switched and its appearance values set. Override it to adapt; the default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    public init(name: String? = nil, frame: Rect = .zero) {
        storedFrame = frame
        super.init(name: name)
    }

    deinit {
        for v in subviews { v.superviewLink = nil }
        for g in layoutGuides { g.owningView = nil }
    }

    override var parent: View? { superview }
    override var hierarchyRoot: View? {
        var v = Unmanaged.passUnretained(self)
        while let s = v._withUnsafeGuaranteedRef({ $0.superviewLink }) { v = s }
        return v.takeUnretainedValue()
    }

    /// UIKit's `autoresizesSubviews`: each subview that
    /// translates its mask moves and stretches with this view's new size, the
    /// change shared among its flexible parts in proportion to their sizes
    /// (the rule of the engine's autoresizing constraints).
    private func resizeSubviews(from oldSize: Size) {
        if autoresizingSubviews == 0 { return }
        for v in subviews where v.autoresizes {
            let f = v.storedFrame, m = v.autoresizingMask
            func axis(_ origin: Double, _ length: Double, _ old: Double, _ new: Double,
                      _ low: Bool, _ mid: Bool, _ high: Bool) -> (Double, Double) {
                let (a, b) = autoresizingShares(origin, length, old, low, mid, high)
                return (origin + (new - old) * a, length + (new - old) * b)
            }
            let (x, w) = axis(f.minX, f.width, oldSize.width, storedFrame.width,
                              m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin))
            let (y, h) = axis(f.minY, f.height, oldSize.height, storedFrame.height,
                              m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin))
            v.frame = Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// The root of this view's hierarchy (itself when it has no superview).
    public var rootView: View { hierarchyRoot! }

    // MARK: - Hierarchy

    /// Adds a subview at the end. A view in another hierarchy is moved, as
    /// ``removeFromSuperview()`` would; its constraints among its own subtree
    /// stay active. Throws for a view added to itself or a descendant.
    public func addSubview(_ view: View) throws(LayoutError) {
        try insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) throws(LayoutError) {
        if isDescendant(of: view) { throw .cyclicHierarchy(view.layoutName) }
        view.removeFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superviewLink = Unmanaged.passUnretained(self)
        if view.autoresizes { autoresizingSubviews += 1 }
        if view.engine != nil || rootView.engine != nil { layoutEngine.adopt(subtree: view) }
        if let traits = deliveredTraits { view.enterEnvironment(traits) }
        didAddSubview(view)
    }

    /// Called after a subview was added (UIKit's hook); the default does nothing.
    open func didAddSubview(_ subview: View) {}

    /// Called before a subview leaves (UIKit's hook); the default does nothing.
    open func willRemoveSubview(_ subview: View) {}

    /// Removes the view from its superview. Constraints between its subtree
    /// and the rest of the old hierarchy are deactivated (as in UIKit); those
    /// within its subtree stay active in its own hierarchy.
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.willRemoveSubview(self)
        let engine = rootView.engine
        let kept = engine?.release(subtree: self) ?? []
        s.subviews.removeAll { $0 === self }
        if autoresizes { s.autoresizingSubviews -= 1 }
        superviewLink = nil
        if !kept.isEmpty { layoutEngine.adoptActive(kept) }
    }

    /// Whether the view is hidden. Layout ignores it, as UIKit's does, but
    /// in a ``StackView``'s arrangement a hidden view collapses.
    public var isHidden = false {
        didSet { if isHidden != oldValue, let stack = superview as? StackView { stack.arrangedSubviewVisibilityChanged() } }
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let u = v {
            if u === view { return true }
            v = u.superview
        }
        return false
    }

    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        layoutGuides.append(guide)
        guide.owningView = self
        rootView.engine?.register(guide)
    }

    /// Removes a guide; its constraints are deactivated.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        rootView.engine?.unregister(guide)
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    // MARK: - Frame

    var storedFrame: Rect
    /// A frame set since the last layout pass, shown until the pass.
    var frameSetSinceLayout = false

    /// The frame in the superview's coordinates, as of the last layout pass,
    /// or as set. Setting it moves a view that translates its autoresizing
    /// mask (and a root view) at the next pass; others get their frame from
    /// constraints at the next pass.
    public var frame: Rect {
        get { frame(in: rootView.engine) }
        set {
            // Refused (nothing changes): numbers the solver cannot take.
            guard [newValue.minX, newValue.minY, newValue.width, newValue.height].allSatisfy(isLayoutNumber) else { return }
            let old = storedFrame
            storedFrame = newValue
            // Outside an engine the stored frame is the frame anyway; the flag
            // is cleared by the engine's next pass, so only its views set it.
            if let engine = rootView.engine {
                frameSetSinceLayout = true
                engine.frameChanged(self)
            }
            // UIKit's autoresizesSubviews: the subviews' frames follow at once,
            // so that autoresizing constraints made later (when this subtree
            // joins another hierarchy) start from frames that agree.
            if old.size != newValue.size { resizeSubviews(from: old.size) }
        }
    }

    /// ``frame``'s getter with the engine of the view's hierarchy
    /// (`rootView.engine`) found by the caller: a root's frame is the one
    /// set; the others are solved once a pass ran.
    private func frame(in engine: LayoutEngine?) -> Rect {
        guard let engine else { return storedFrame }
        return engine.solver.withValues { frame(in: engine, values: $0) }
    }

    /// The same, with the engine's solver's values at hand.
    private func frame(in engine: LayoutEngine, values: UnsafeBufferPointer<Double>) -> Rect {
        guard superview != nil, !frameSetSinceLayout, let v = variables, v.engine === engine.token,
              engine.passes > 0 else {
            return storedFrame
        }
        return v.frame(in: values)
    }

    /// The frame's size at origin zero.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    /// The frame in the root view's coordinates.
    public var frameInRoot: Rect {
        let engine = rootView.engine
        return convert(Rect(origin: .zero, size: frame(in: engine).size), to: nil, engine: engine)
    }

    /// A rectangle in this view's coordinates, in `view`'s (nil: the root's).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        convert(rect, to: view, engine: rootView.engine)
    }

    /// ``convert(_:to:)`` with the engine of this view's hierarchy found
    /// once: every view on the way up shares it, and each frame read
    /// through ``frame`` walked up to the root again (a frame in root
    /// coordinates at depth d took d walks, d^2 steps).
    private func convert(_ rect: Rect, to view: View?, engine: LayoutEngine?) -> Rect {
        guard let engine else { return convert(rect, to: view) { $0.storedFrame } }
        return engine.solver.withValues { values in convert(rect, to: view) { $0.frame(in: engine, values: values) } }
    }

    /// The walk up of ``convert(_:to:)``, each view's frame read by `frameOf`.
    /// Unretained: each view on the way is held by its superview, and
    /// `self` by the caller; a retain and a release at each step were most
    /// of a frame in root coordinates.
    private func convert(_ rect: Rect, to view: View?, frameOf: (View) -> Rect) -> Rect {
        var r = rect
        var v = Unmanaged.passUnretained(self)
        while let up = v._withUnsafeGuaranteedRef({ u -> Unmanaged<View>? in
            guard u !== view, let up = u.superviewLink else { return nil }
            let f = frameOf(u)
            r.origin.x += f.minX
            r.origin.y += f.minY
            return up
        }) {
            v = up
        }
        if let view, v.toOpaque() != Unmanaged.passUnretained(view).toOpaque() {
            let o = view.convert(Rect.zero, to: nil)
            r.origin.x -= o.minX
            r.origin.y -= o.minY
        }
        return r
    }

    /// The direction leading and trailing follow in this hierarchy (read from
    /// its root view; UIKit reads it from the traits and the semantic content
    /// attribute). Left and right never flip.
    // Read for every constraint lowered: no dynamic exclusivity check (no
    // access is held across a call; the observer runs after the write).
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection = .leftToRight {
        didSet { if oldValue != layoutDirection, superview == nil { engine?.directionChanged() } }
    }

    // MARK: - Autoresizing

    /// Whether the engine makes constraints from ``frame`` and
    /// ``autoresizingMask`` (true for views made in code, as in UIKit; turn it
    /// off for a view placed by your constraints).
    // This and the mask are read for each subview as it comes and goes
    // (``autoresizes``): no dynamic exclusivity checks on them (no caller
    // holds access across a call); they were most of a resize's time when
    // every subview was read at every new size (autoresizingSubviews).
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            if oldValue != translatesAutoresizingMaskIntoConstraints {
                autoresizingChanged(from: oldValue && !autoresizingMask.isEmpty)
                rootView.engine?.impliedChanged(self)
            }
        }
    }

    /// How the frame follows the superview's size (springs and struts).
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = [] {
        didSet {
            if oldValue != autoresizingMask {
                autoresizingChanged(from: translatesAutoresizingMaskIntoConstraints && !oldValue.isEmpty)
                rootView.engine?.impliedChanged(self)
            }
        }
    }

    /// Whether the view follows its superview's size (resizeSubviews).
    var autoresizes: Bool { translatesAutoresizingMaskIntoConstraints && !autoresizingMask.isEmpty }

    /// The subviews that follow this view's size (``autoresizes``), counted
    /// as they come, go and change, so that a new size walks the subviews
    /// only when one does. Walking them all, reading two properties of each
    /// under exclusivity checks, a window resize of the stack workload at L
    /// (10,000 rows placed by constraints in one view) took 127 us through
    /// the API where the solver's re-solve takes about 12; counted, it takes
    /// 17 (cells L 43 -> 18 us, 2,000 subviews; medians of 7 interleaved
    /// runs of 400 resizes).
    @exclusivity(unchecked) private var autoresizingSubviews = 0

    private func autoresizingChanged(from before: Bool) {
        if before != autoresizes, let s = superview { s.autoresizingSubviews += before ? -1 : 1 }
    }

    // MARK: - Intrinsic content size

    /// The size the content wants, ``noIntrinsicMetric`` in a dimension with
    /// no preference. Setting it is setting the content and calling
    /// ``invalidateIntrinsicContentSize()``; a subclass may override it.
    open var intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// Reads ``intrinsicContentSize`` again at the next layout pass.
    public func invalidateIntrinsicContentSize() {
        rootView.engine?.intrinsicChanged(self)
    }

    var huggingPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionPriority: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    /// How strongly the view resists growing beyond its intrinsic size (250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? huggingPriority.horizontal : huggingPriority.vertical
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard priority.isValid else { return }
        if axis == .horizontal { huggingPriority.horizontal = priority } else { huggingPriority.vertical = priority }
        rootView.engine?.intrinsicChanged(self)
    }

    /// How strongly the view resists shrinking below its intrinsic size (750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionPriority.horizontal : compressionPriority.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard priority.isValid else { return }
        if axis == .horizontal { compressionPriority.horizontal = priority } else { compressionPriority.vertical = priority }
        rootView.engine?.intrinsicChanged(self)
    }

    // MARK: - Baselines

    /// The first baseline's distance from the top, for a view with text;
    /// nil (a view without text) puts both baselines at the bottom.
    public var firstBaselineOffsetFromTop: Double? {
        didSet {
            if let x = firstBaselineOffsetFromTop, !isLayoutNumber(x) { firstBaselineOffsetFromTop = oldValue; return }
            rootView.engine?.baselinesChanged(self)
        }
    }

    /// The last baseline's distance from the bottom; nil is the bottom itself.
    public var lastBaselineOffsetFromBottom: Double? {
        didSet {
            if let x = lastBaselineOffsetFromBottom, !isLayoutNumber(x) { lastBaselineOffsetFromBottom = oldValue; return }
            rootView.engine?.baselinesChanged(self)
        }
    }

    public var firstBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }

    // MARK: - Margins and safe area

    /// Insets of the ``layoutMarginsGuide`` (8 on every side by default).
    public var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            guard layoutMargins.isLayoutValid else { layoutMargins = oldValue; return } // refused
            if oldValue != layoutMargins { rootView.engine?.guideInsetsChanged(self) }
        }
    }

    /// Insets of the ``safeAreaLayoutGuide``: on a device the system sets them
    /// (status bar, notch, home indicator); here you do. Zero by default.
    public var safeAreaInsets = EdgeInsets.zero {
        didSet {
            guard safeAreaInsets.isLayoutValid else { safeAreaInsets = oldValue; return } // refused
            if oldValue != safeAreaInsets { rootView.engine?.guideInsetsChanged(self) }
        }
    }

    private var marginsGuide: LayoutGuide?
    private var safeAreaGuide: LayoutGuide?

    /// The view's bounds inset by ``layoutMargins``; the margin attributes
    /// (`leadingMargin`, ...) are this guide's edges.
    public var layoutMarginsGuide: LayoutGuide {
        if let g = marginsGuide { return g }
        let g = LayoutGuide(name: layoutName + ".margins", insets: .margins)
        marginsGuide = g
        addLayoutGuide(g)
        return g
    }

    /// The view's bounds inset by ``safeAreaInsets``.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let g = safeAreaGuide { return g }
        let g = LayoutGuide(name: layoutName + ".safeArea", insets: .safeArea)
        safeAreaGuide = g
        addLayoutGuide(g)
        return g
    }

    // MARK: - Layout

    /// The engine of this hierarchy, made on first use (roots only).
    var engine: LayoutEngine?
    var layoutEngine: LayoutEngine {
        let root = rootView
        if let e = root.engine { return e }
        let e = LayoutEngine(root: root)
        root.engine = e
        return e
    }

    /// Asks for a layout pass; frames change at the next ``layoutIfNeeded()``.
    public func setNeedsLayout() {}

    /// Runs a layout pass over the whole hierarchy if anything changed: the
    /// constraints activated and deactivated since the last pass go to the
    /// solver as one change set, and every frame is brought up to date.
    public func layoutIfNeeded() {
        layoutEngine.layout()
    }

    /// Every conflict of required constraints met in layout passes of this
    /// hierarchy, oldest first (UIKit logs these to the console).
    public var layoutConflicts: [LayoutConflict] { rootView.engine?.conflicts ?? [] }

    // MARK: - Kept solved states (AdaptiveLayout's; UIKit has no such setting)

    /// How many solved states this view's hierarchy keeps: a layout pass
    /// that goes back to a set of active constraints solved before (a phone
    /// rotated back, a window back in a size class) restores the solution
    /// kept for it instead of solving again, with the same frames. 4 unless
    /// set; 0 keeps none. Each state holds about what the hierarchy's
    /// current solution does (``solverStatistics``: `cacheBytes` of
    /// `bytes`), 110 to 150 MB for 100,000 views. A setting of the whole
    /// hierarchy, held by its root view: a hierarchy added to another as a
    /// subtree has that one's from then on.
    public var solvedStateLimit: Int { layoutEngine.solver.solvedStateLimit }

    /// Sets ``solvedStateLimit`` for this view's hierarchy. The states kept
    /// stay, the least recently used dropped first down to the new limit (0
    /// frees them all). Throws `SolverError.invalidArgument` for a limit
    /// below 0 or above 64, and `SolverError.outOfMemory`; then nothing
    /// changed.
    public func setSolvedStateLimit(_ states: Int) throws(SolverError) {
        try layoutEngine.solver.setSolvedStateLimit(states)
    }

    /// What this view's hierarchy's solver holds and has done: the size of
    /// its tableau, its bytes, the solved states kept and theirs, the
    /// transitions solved afresh.
    public var solverStatistics: Solver.Statistics { layoutEngine.solver.statistics }

    /// The smallest (``layoutFittingCompressedSize``) or largest
    /// (``layoutFittingExpandedSize``) size, or the size closest to any target,
    /// that the constraints among this view and its subtree allow, with the
    /// target held at ``LayoutPriority/fittingSizeLevel``.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// As ``systemLayoutSizeFitting(_:)``, with a priority for each dimension
    /// of the target (`.required` fixes it: the height for a given width).
    public func systemLayoutSizeFitting(_ targetSize: Size,
                                        withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> Size {
        rootView.engine?.flush()
        return LayoutEngine.fittingSize(of: self, target: targetSize, priorities: (horizontal, vertical))
    }

    /// Whether some part of some frame in this view's subtree is not
    /// determined by the constraints (UIKit asks it of one view; this answers
    /// for the view and its subtree). Runs a layout pass first.
    public var hasAmbiguousLayout: Bool { !ambiguityReport().isEmpty }

    /// The items in this view's subtree (the view included) whose frames the
    /// constraints leave free, and which parts of each. Runs a layout pass
    /// first; the frames stay as they were.
    public func ambiguityReport() -> [(item: LayoutItem, components: FrameComponents)] {
        layoutIfNeeded()
        return layoutEngine.ambiguity(in: self)
    }

    /// The active constraints that involve this view or its subtree, one per
    /// line as their descriptions read (UIKit's `constraints` lists those
    /// installed on a view; this is the readable dump of a tree).
    public func constraintsDump() -> String {
        layoutEngine.constraints(in: self, includingImplied: false).map { c in
            c.description + (c.isBroken ? " (broken)" : "")
        }.joined(separator: "\n")
    }

    /// Active constraints whose items are in this view's subtree.
    public var constraintsInSubtree: [LayoutConstraint] {
        layoutEngine.constraints(in: self, includingImplied: false)
    }
}

/// How a view's frame follows its superview's size (springs and struts):
/// Apple's `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
