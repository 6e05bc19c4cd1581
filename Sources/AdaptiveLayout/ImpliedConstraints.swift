/// The constraints the engine makes for an item, as UIKit does: the root's
/// size, autoresizing masks, intrinsic content size with hugging and
/// compression resistance, and the margins and safe-area guides' insets.
/// Their identifiers are those of the `layout` tool's interchange form
/// (`a.hugging.horizontal`, `a.autoresizing.x`, `root.width`).
struct ImpliedConstraints {
    var size: [LayoutConstraint] = []        // root: width, height
    var autoresizing: [LayoutConstraint] = []  // x, y, width, height
    var intrinsic: [LayoutConstraint] = []   // hugging and compression, per axis
    var insets: [LayoutConstraint] = []      // a guide at its owner's inset bounds

    var all: [LayoutConstraint] { size + autoresizing + intrinsic + insets }

    /// How a root's size is held: exactly (a window's root view), or pulled
    /// toward a target at some priority (``View/systemLayoutSizeFitting(_:)``).
    enum RootSizing {
        case frame
        case fitting(Size, LayoutPriority, LayoutPriority)
    }

    static func rootSize(_ root: View, _ sizing: RootSizing) -> [LayoutConstraint] {
        switch sizing {
        case .frame:
            let f = root.storedFrame
            let size = [LayoutConstraint(root, .width, .equal, nil, .notAnAttribute, 0, f.width, suffix: "width"),
                        LayoutConstraint(root, .height, .equal, nil, .notAnAttribute, 0, f.height, suffix: "height")]
            for c in size { c.movesWithFrame = true }
            return size
        case .fitting(let target, let h, let v):
            return [LayoutConstraint(root, .width, .equal, nil, .notAnAttribute, 0, target.width, priority: h,
                                     suffix: "fitting.width"),
                    LayoutConstraint(root, .height, .equal, nil, .notAnAttribute, 0, target.height, priority: v,
                                     suffix: "fitting.height")]
        }
    }

    /// Springs and struts as constraints: the frame as set, and whatever the
    /// superview grows or shrinks by since (its size when they were made)
    /// shared among the flexible parts of each axis in proportion to their
    /// sizes (equally when those are all 0), as UIKit's autoresizing does.
    static func autoresizing(_ view: View, in superview: View) -> [LayoutConstraint] {
        let f = view.storedFrame, s = superview.frame.size, m = view.autoresizingMask
        func axis(_ origin: Double, _ length: Double, _ outer: Double,
                  _ flexLow: Bool, _ flexLength: Bool, _ flexHigh: Bool,
                  _ pos: LayoutAttribute, _ len: LayoutAttribute, _ names: (String, String)) -> [LayoutConstraint] {
            let (a, b) = autoresizingShares(origin, length, outer, flexLow, flexLength, flexHigh)
            let p = a == 0
                ? LayoutConstraint(view, pos, .equal, superview, pos, 1, origin, suffix: names.0)
                : LayoutConstraint(view, pos, .equal, superview, len, a, origin - a * outer, suffix: names.0)
            let l = b == 0
                ? LayoutConstraint(view, len, .equal, nil, .notAnAttribute, 0, length, suffix: names.1)
                : LayoutConstraint(view, len, .equal, superview, len, b, length - b * outer, suffix: names.1)
            return [p, l]
        }
        let h = axis(f.minX, f.width, s.width, m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth),
                     m.contains(.flexibleRightMargin), .left, .width, ("autoresizing.x", "autoresizing.width"))
        let v = axis(f.minY, f.height, s.height, m.contains(.flexibleTopMargin), m.contains(.flexibleHeight),
                     m.contains(.flexibleBottomMargin), .top, .height, ("autoresizing.y", "autoresizing.height"))
        return [h[0], v[0], h[1], v[1]]
    }

    /// Apple's two inequalities per axis with an intrinsic size:
    /// `width <= intrinsic` at the hugging priority and `width >= intrinsic`
    /// at the compression resistance priority.
    static func intrinsic(_ view: View) -> [LayoutConstraint] {
        let size = view.intrinsicContentSize
        var out: [LayoutConstraint] = []
        for (axis, value, attr) in [(LayoutAxis.horizontal, size.width, LayoutAttribute.width), (.vertical, size.height, .height)]
        where value >= 0 && value.isFinite && value <= 1e12 {
            out.append(LayoutConstraint(view, attr, .lessThanOrEqual, nil, .notAnAttribute, 0, value,
                                        priority: view.contentHuggingPriority(for: axis),
                                        suffix: axis == .horizontal ? "hugging.horizontal" : "hugging.vertical"))
            out.append(LayoutConstraint(view, attr, .greaterThanOrEqual, nil, .notAnAttribute, 0, value,
                                        priority: view.contentCompressionResistancePriority(for: axis),
                                        suffix: axis == .horizontal ? "compression.horizontal" : "compression.vertical"))
        }
        return out
    }

    /// A margins or safe-area guide: the owner's bounds inset.
    static func insets(_ guide: LayoutGuide, _ owner: View) -> [LayoutConstraint] {
        let i: EdgeInsets
        let kind: String
        switch guide.insets {
        case .none: return []
        case .margins: (i, kind) = (owner.layoutMargins, "margins")
        case .safeArea: (i, kind) = (owner.safeAreaInsets, "safeArea")
        }
        let n = kind + "."
        return [LayoutConstraint(guide, .left, .equal, owner, .left, 1, i.left, suffix: n + "left", ownerIsSecond: true),
                LayoutConstraint(guide, .top, .equal, owner, .top, 1, i.top, suffix: n + "top", ownerIsSecond: true),
                LayoutConstraint(guide, .right, .equal, owner, .right, 1, -i.right, suffix: n + "right", ownerIsSecond: true),
                LayoutConstraint(guide, .bottom, .equal, owner, .bottom, 1, -i.bottom, suffix: n + "bottom", ownerIsSecond: true)]
    }
}

/// How a change of the superview's length is shared along one axis by a
/// view that translates its autoresizing mask: the parts (margin before,
/// length, margin after) that are flexible take it in proportion to their
/// sizes (equally when all are 0). Returns the shares of the margin before
/// and of the length. The engine's autoresizing constraints and a view's
/// immediate resizing of its subviews both follow this rule.
func autoresizingShares(_ origin: Double, _ length: Double, _ outer: Double,
                        _ flexLow: Bool, _ flexLength: Bool, _ flexHigh: Bool) -> (Double, Double) {
    let parts = [(flexLow, origin), (flexLength, length), (flexHigh, outer - origin - length)]
    let flexible = parts.filter(\.0)
    let total = flexible.reduce(0) { $0 + max(0, $1.1) }
    func share(_ k: Int) -> Double {
        guard parts[k].0 else { return 0 }
        return total > 0 ? max(0, parts[k].1) / total : 1 / Double(flexible.count)
    }
    return (share(0), share(1))
}
