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
    private static func tile<Along: LocationAnchor, Across: LocationAnchor>(
        _ c: View, _ kids: [View], along start: KeyPath<View, Along>, _ end: KeyPath<View, Along>,
        _ size: KeyPath<View, DimensionAnchor>, across from: KeyPath<View, Across>, _ to: KeyPath<View, Across>
    ) -> [LayoutConstraint] {
        var made: [LayoutConstraint] = []
        for (j, k) in kids.enumerated() {
            made.append(k[keyPath: from].constraint(equalTo: c[keyPath: from]))
            made.append(k[keyPath: to].constraint(equalTo: c[keyPath: to]))
            if j == 0 {
                made.append(k[keyPath: start].constraint(equalTo: c[keyPath: start]))
            } else {
                made.append(k[keyPath: start].constraint(equalTo: kids[j - 1][keyPath: end]))
                made.append(k[keyPath: size].constraint(equalTo: kids[0][keyPath: size]))
            }
        }
        made.append(kids[kids.count - 1][keyPath: end].constraint(equalTo: c[keyPath: end]))
        return made
    }

    public var tracedViews: [View] { [root] + views + [badge] }
}
