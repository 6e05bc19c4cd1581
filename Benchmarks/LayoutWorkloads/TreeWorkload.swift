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
            portrait += Self.tile(c, children[ObjectIdentifier(c)]!, vertically: true)
        }
        for c in levels.dropLast().joined() {
            landscape += Self.tile(c, children[ObjectIdentifier(c)]!, vertically: false)
        }
        let deepest = levels[levels.count - 1]
        let b = Badge(in: deepest[deepest.count / 2])
        badge = b.view
        base = b.base
        tweakA = b.tweakA
        tweakB = b.tweakB
    }

    /// gen_traces.py's `tile`: the children of c one after another along
    /// one axis, each spanning the other, the same size along the first,
    /// the last one's end at c's.
    private static func tile(_ c: View, _ kids: [View], vertically: Bool) -> [LayoutConstraint] {
        var made: [LayoutConstraint] = []
        for (j, k) in kids.enumerated() {
            if vertically {
                made.append(k.leadingAnchor.constraint(equalTo: c.leadingAnchor))
                made.append(k.trailingAnchor.constraint(equalTo: c.trailingAnchor))
                if j == 0 {
                    made.append(k.topAnchor.constraint(equalTo: c.topAnchor))
                } else {
                    made.append(k.topAnchor.constraint(equalTo: kids[j - 1].bottomAnchor))
                    made.append(k.heightAnchor.constraint(equalTo: kids[0].heightAnchor))
                }
            } else {
                made.append(k.topAnchor.constraint(equalTo: c.topAnchor))
                made.append(k.bottomAnchor.constraint(equalTo: c.bottomAnchor))
                if j == 0 {
                    made.append(k.leadingAnchor.constraint(equalTo: c.leadingAnchor))
                } else {
                    made.append(k.leadingAnchor.constraint(equalTo: kids[j - 1].trailingAnchor))
                    made.append(k.widthAnchor.constraint(equalTo: kids[0].widthAnchor))
                }
            }
        }
        let last = kids[kids.count - 1]
        made.append(vertically ? last.bottomAnchor.constraint(equalTo: c.bottomAnchor)
                               : last.trailingAnchor.constraint(equalTo: c.trailingAnchor))
        return made
    }

    public var tracedViews: [View] { [root] + views + [badge] }
}
