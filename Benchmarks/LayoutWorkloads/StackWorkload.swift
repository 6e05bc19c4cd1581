// The `stack` workload of ../shared/bench/TRACE.md through AdaptiveLayout's
// public API (TraceWorkload.swift): N rows 44 high; in portrait (compact
// width) full width and stacked, in landscape (regular width) in two columns.
import AdaptiveLayout

public struct StackWorkload: TraceWorkload {
    public let root: View
    public let rows: [View]
    public private(set) var base: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
    public let badge: View
    public let tweakA: [LayoutConstraint], tweakB: [LayoutConstraint]

    public init(rows n: Int, in root: View) {
        self.root = root
        rows = (0..<n).map { constrainedView("r\($0)", in: root) }
        for r in rows { base.append(r.heightAnchor.constraint(equalToConstant: 44)) }
        for (i, r) in rows.enumerated() {
            portrait.append(r.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16))
            portrait.append(r.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16))
            portrait.append(r.topAnchor.constraint(equalTo: i == 0 ? root.topAnchor : rows[i - 1].bottomAnchor, constant: 8))
        }
        for (i, r) in rows.enumerated() {
            landscape.append(i % 2 == 0 ? r.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16)
                                        : r.leadingAnchor.constraint(equalTo: rows[i - 1].trailingAnchor, constant: 16))
            landscape.append(r.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: -24))
            landscape.append(r.topAnchor.constraint(equalTo: i < 2 ? root.topAnchor : rows[i - 2].bottomAnchor, constant: 8))
        }
        let b = Badge(in: rows[n / 2])
        badge = b.view
        base += b.base
        tweakA = b.tweakA
        tweakB = b.tweakB
    }

    public var tracedViews: [View] { [root] + rows + [badge] }
}
