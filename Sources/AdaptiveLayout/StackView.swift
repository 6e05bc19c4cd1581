/// A view that lays out a row or a column of views: Apple's `UIStackView`.
///
/// The stack view makes the constraints itself, as UIKit does, and names them
/// as UIKit does (`UISV-spacing`, `UISV-canvas-connection`, `UISV-alignment`,
/// ...): along the ``axis`` the ``arrangedSubviews`` are chained from the
/// stack's leading edge to its trailing edge (top to bottom in a column)
/// with ``spacing`` between them, shared out by ``distribution``; across it
/// they are placed by ``alignment``. Hidden arranged views
/// (``View/isHidden``) collapse: they take no room and no spacing. The
/// constraints are made again whenever an input changes, so a size-class
/// change that sets ``axis`` turns a row into a column at the next pass.
///
/// Arranged views are subviews of the stack; adding one makes it a subview
/// and turns off its ``View/translatesAutoresizingMaskIntoConstraints``, as
/// UIKit does. Removing a subview removes it from the arrangement.
open class StackView: View {
    /// How the arranged views share the length along the axis (`UIStackView.Distribution`).
    public enum Distribution: String, Sendable, CaseIterable {
        /// Chained with ``spacing``; hugging and compression resistance say which view gives.
        case fill
        /// Chained with ``spacing``, all the same length.
        case fillEqually
        /// Chained with ``spacing``, lengths in proportion to their intrinsic lengths.
        case fillProportionally
        /// Equal gaps of at least ``spacing`` between the views.
        case equalSpacing
        /// Equal distances between the views' centres, gaps of at least ``spacing``.
        case equalCentering
    }

    /// Where the arranged views sit across the axis (`UIStackView.Alignment`).
    public enum Alignment: String, Sendable, CaseIterable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// The names UIKit gives ``leading`` and ``trailing`` in a row.
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// The ``spacing`` that means the system's spacing between views (8 points).
    public static let spacingUseSystem = Double.leastNonzeroMagnitude
    /// A custom spacing that means "use ``spacing``" (`UIStackView.spacingUseDefault`).
    public static let spacingUseDefault = Double.greatestFiniteMagnitude
    static let systemSpacing = 8.0

    public private(set) var arrangedSubviews: [View] = []

    public var axis: LayoutAxis = .horizontal { didSet { if axis != oldValue { arrange() } } }
    public var distribution: Distribution = .fill { didSet { if distribution != oldValue { arrange() } } }
    public var alignment: Alignment = .fill { didSet { if alignment != oldValue { arrange() } } }
    /// The gap between adjacent arranged views (the least gap for the equal distributions).
    public var spacing = 0.0 {
        didSet {
            guard spacing.isFinite, spacing > -1e12, spacing < 1e12 else { spacing = oldValue; return } // refused
            if spacing != oldValue { arrange() }
        }
    }
    /// Whether the views are arranged within the stack's layout margins rather than its bounds.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrange() } }
    }

    /// Gaps after particular views (``setCustomSpacing(_:after:)``).
    private var customSpacings: [ObjectIdentifier: Double] = [:]
    /// What ``arrange()`` made last: deactivated and dropped when it runs again.
    private var generated: [LayoutConstraint] = []
    private var spacers: [LayoutGuide] = []

    public init(arrangedSubviews views: [View] = [], name: String? = nil) {
        super.init(name: name)
        for v in views { addArrangedSubview(v) }
    }

    /// Adds a view at the end of the arrangement (and as the last subview if it is not one).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arrangement at `index` (clamped); a view already
    /// arranged moves there. A view that contains the stack is refused (ignored),
    /// as adding it as a subview would be.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview !== self {
            do { try addSubview(view) } catch { return }
        }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        arrange()
    }

    /// Takes a view out of the arrangement; it stays a subview (UIKit's rule).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrange()
    }

    /// A gap after `view` other than ``spacing``; ``spacingUseDefault`` goes back to ``spacing``.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        guard spacing.isFinite || spacing == Self.spacingUseDefault else { return }
        customSpacings[ObjectIdentifier(view)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrange()
    }

    /// The gap after `view`: its custom spacing, else ``spacingUseDefault``.
    public func customSpacing(after view: View) -> Double {
        customSpacings[ObjectIdentifier(view)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// Called by an arranged view whose ``View/isHidden`` changed.
    func arrangedSubviewVisibilityChanged() { arrange() }

    // MARK: - The constraints

    private func gap(after view: View) -> Double {
        let g = customSpacings[ObjectIdentifier(view)] ?? spacing
        return g == Self.spacingUseSystem ? Self.systemSpacing : g
    }

    /// Makes the stack's constraints afresh from its inputs.
    private func arrange() {
        LayoutConstraint.deactivate(generated)
        generated.removeAll()
        for g in spacers { removeLayoutGuide(g) }
        spacers.removeAll()

        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let row = axis == .horizontal
        let (lead, trail, length, center): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            row ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let (top, bottom, across, middle): (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            row ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        var out: [LayoutConstraint] = []
        func add(_ a: LayoutItem, _ aa: LayoutAttribute, _ r: LayoutRelation, _ b: LayoutItem?, _ ba: LayoutAttribute,
                 _ m: Double = 1, _ c: Double = 0, _ p: LayoutPriority = .required, _ id: String) {
            let k = LayoutConstraint(a, aa, r, b, ba, m, c, priority: p)
            k.identifier = id
            out.append(k)
        }

        let shown = arrangedSubviews.filter { !$0.isHidden }
        for v in arrangedSubviews where v.isHidden {
            // Collapsed at the start of the arrangement, no length along the axis.
            add(v, length, .equal, nil, .notAnAttribute, 0, 0, .required, "UISV-hiding")
            add(v, lead, .equal, canvas, lead, 1, 0, .required, "UISV-hiding")
            add(v, top, .equal, canvas, top, 1, 0, .required, "UISV-hiding")
        }

        // Along the axis.
        if let first = shown.first, let last = shown.last {
            add(first, lead, .equal, canvas, lead, 1, 0, .required, "UISV-canvas-connection")
            add(canvas, trail, .equal, last, trail, 1, 0, .required, "UISV-canvas-connection")
        }
        var totalGap = 0.0
        for (prev, next) in zip(shown, shown.dropFirst()) {
            let g = gap(after: prev)
            totalGap += g
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(next, lead, .equal, prev, trail, 1, g, .required, "UISV-spacing")
            case .equalSpacing, .equalCentering:
                add(next, lead, .greaterThanOrEqual, prev, trail, 1, g, .required, "UISV-spacing")
                let spacer = LayoutGuide(name: "UISV-distributing")
                addLayoutGuide(spacer)
                spacers.append(spacer)
                let (from, to) = distribution == .equalSpacing ? (trail, lead) : (center, center)
                add(spacer, lead, .equal, prev, from, 1, 0, .required, "UISV-distributing-edge")
                add(spacer, trail, .equal, next, to, 1, 0, .required, "UISV-distributing-edge")
            }
        }
        if let first = spacers.first {
            let p: LayoutPriority = distribution == .equalCentering ? 999 : .required
            for s in spacers.dropFirst() { add(s, length, .equal, first, length, 1, 0, p, "UISV-distributing") }
        }
        switch distribution {
        case .fillEqually:
            for v in shown.dropFirst() { add(v, length, .equal, shown[0], length, 1, 0, .required, "UISV-fill-equally") }
        case .fillProportionally:
            let sizes = shown.map { max(0, row ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height) }
            let sum = sizes.reduce(0, +)
            if sum > 0 {
                for (v, s) in zip(shown, sizes) {
                    let share = s / sum
                    add(v, length, .equal, canvas, length, share, -share * totalGap, 999, "UISV-fill-proportionally")
                }
            }
        default:
            break
        }

        // Across the axis.
        for v in shown {
            switch alignment {
            case .fill:
                add(v, top, .equal, canvas, top, 1, 0, .required, "UISV-alignment")
                add(v, bottom, .equal, canvas, bottom, 1, 0, .required, "UISV-alignment")
            case .leading:
                add(v, top, .equal, canvas, top, 1, 0, .required, "UISV-alignment")
                add(v, bottom, .lessThanOrEqual, canvas, bottom, 1, 0, .required, "UISV-spanning-boundary")
            case .trailing:
                add(v, bottom, .equal, canvas, bottom, 1, 0, .required, "UISV-alignment")
                add(v, top, .greaterThanOrEqual, canvas, top, 1, 0, .required, "UISV-spanning-boundary")
            case .center:
                add(v, middle, .equal, canvas, middle, 1, 0, .required, "UISV-alignment")
                add(v, top, .greaterThanOrEqual, canvas, top, 1, 0, .required, "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                // Baselines in a row; a column has none to align and fills.
                guard row else {
                    add(v, top, .equal, canvas, top, 1, 0, .required, "UISV-alignment")
                    add(v, bottom, .equal, canvas, bottom, 1, 0, .required, "UISV-alignment")
                    continue
                }
                let b: LayoutAttribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if v !== shown[0] { add(v, b, .equal, shown[0], b, 1, 0, .required, "UISV-alignment") }
                add(v, top, .greaterThanOrEqual, canvas, top, 1, 0, .required, "UISV-spanning-boundary")
                add(v, bottom, .lessThanOrEqual, canvas, bottom, 1, 0, .required, "UISV-spanning-boundary")
            }
        }
        if alignment != .fill, !shown.isEmpty, !(alignment == .firstBaseline || alignment == .lastBaseline) || row {
            // The stack is as thick as its thickest view, unless told otherwise.
            add(canvas, across, .equal, nil, .notAnAttribute, 0, 0, .fittingSizeLevel, "UISV-canvas-fit")
        }
        generated = out
        try? LayoutConstraint.activate(out) // cannot fail: every item is in the stack's hierarchy
    }
}
