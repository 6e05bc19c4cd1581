// The `tree` workload of ../shared/bench/TRACE.md through AdaptiveLayout's
// public API (TraceWorkload.swift): containers nested `depth` levels deep,
// three children each, tiling their parent with no gaps; in portrait top to
// bottom with equal heights, in landscape left to right with equal widths.
import AdaptiveLayout

public struct TreeWorkload: TraceWorkload {
    public let root: View
    /// Every view below the root, level by level (the trace's t1, t2, ...).
    public private(set) var views: [View] = []
    public private(set) var base: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
    public let badge: View
    public let tweakA: [LayoutConstraint], tweakB: [LayoutConstraint]

    public init(depth: Int, in root: View) {
        self.root = root
        var levels = [[root]], made: [View] = []
        var children: [ObjectIdentifier: [View]] = [:]
        for _ in 0..<depth {
            var next: [View] = []
            for c in levels[levels.count - 1] {
                let kids = (1...3).map { constrainedView("t\(made.count + $0)", in: c) }
                made += kids
                children[ObjectIdentifier(c)] = kids
                next += kids
            }
            levels.append(next)
        }
        views = made
        for c in levels.dropLast().joined() {
            portrait += Self.tile(c, children[ObjectIdentifier(c)]!, along: \.topAnchor, \.bottomAnchor, \.heightAnchor,
                                  across: \.leadingAnchor, \.trailingAnchor)
        }
        for c in levels.dropLast().joined() {
            landscape += Self.tile(c, children[ObjectIdentifier(c)]!, along: \.leadingAnchor, \.trailingAnchor, \.widthAnchor,
                                   across: \.topAnchor, \.bottomAnchor)
        }
        let deepest = levels[levels.count - 1]
        let b = Badge(in: deepest[deepest.count / 2])
        badge = b.view
        base = b.base
        tweakA = b.tweakA
        tweakB = b.tweakB
    }

    /// gen_traces.py's `tile`: the children of c one after another along
    /// one axis (`start`, `end`, `size`), each spanning c across the other
    /// (`from`, `to`), the same size along the first, the last one's end at
    /// c's. Portrait tiles top to bottom, landscape leading to trailing.
    ///
    /// The anchors come as functions (`\.topAnchor` converts to one), not
    /// as `KeyPath`s: applying a key path is a call into the runtime's
    /// interpreter of its components, and with key paths here a third of
    /// the tree's build through the API was spent in them (callgrind).
    private static func tile<Along: LocationAnchor, Across: LocationAnchor>(
        _ c: View, _ kids: [View], along start: (View) -> Along, _ end: (View) -> Along,
        _ size: (View) -> DimensionAnchor, across from: (View) -> Across, _ to: (View) -> Across
    ) -> [LayoutConstraint] {
        var made: [LayoutConstraint] = []
        for (j, k) in kids.enumerated() {
            made.append(from(k).constraint(equalTo: from(c)))
            made.append(to(k).constraint(equalTo: to(c)))
            if j == 0 {
                made.append(start(k).constraint(equalTo: start(c)))
            } else {
                made.append(start(k).constraint(equalTo: end(kids[j - 1])))
                made.append(size(k).constraint(equalTo: size(kids[0])))
            }
        }
        made.append(end(kids[kids.count - 1]).constraint(equalTo: end(c)))
        return made
    }

    public var tracedViews: [View] { [root] + views + [badge] }
}
