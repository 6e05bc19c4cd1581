// The `cells` workload of ../shared/bench/TRACE.md through AdaptiveLayout's
// public API (TraceWorkload.swift): N cells like an adaptive profile screen,
// an image and three labels each, with intrinsic heights.
import AdaptiveLayout

let labelHeight = 21.0, imageHeight = 200.0

public struct Cell {
    public let cell, image, name, conversations, photos: View
    public var labels: [View] { [name, conversations, photos] }
    public var all: [View] { [cell, image, name, conversations, photos] }
}

/// The views and constraint groups of the trace, made in `root` (nothing
/// activated): `base` always, `portrait` or `landscape`, `tweakA` or `tweakB`.
public struct CellsWorkload: TraceWorkload {
    public let root: View
    public private(set) var cells: [Cell] = []
    public private(set) var base: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
    public let badge: View
    public let tweakA: [LayoutConstraint], tweakB: [LayoutConstraint]

    public init(count n: Int, in root: View) {
        self.root = root
        cells.reserveCapacity(n)
        for i in 0..<n {
            let c = constrainedView("c\(i)", in: root)
            cells.append(Cell(cell: c, image: constrainedView("c\(i)i", in: c, intrinsicHeight: imageHeight),
                              name: constrainedView("c\(i)n", in: c, intrinsicHeight: labelHeight),
                              conversations: constrainedView("c\(i)c", in: c, intrinsicHeight: labelHeight),
                              photos: constrainedView("c\(i)p", in: c, intrinsicHeight: labelHeight)))
        }
        for (i, c) in cells.enumerated() {
            base.append(c.cell.leadingAnchor.constraint(equalTo: root.leadingAnchor))
            base.append(c.cell.trailingAnchor.constraint(equalTo: root.trailingAnchor))
            base.append(c.cell.topAnchor.constraint(equalTo: i == 0 ? root.topAnchor : cells[i - 1].cell.bottomAnchor))
        }
        for c in cells {
            portrait.append(c.image.leadingAnchor.constraint(equalTo: c.cell.leadingAnchor))
            portrait.append(c.image.trailingAnchor.constraint(equalTo: c.cell.trailingAnchor))
            for l in c.labels {
                portrait.append(l.leadingAnchor.constraint(equalTo: c.cell.leadingAnchor, constant: 20))
                portrait.append(l.trailingAnchor.constraint(equalTo: c.cell.trailingAnchor, constant: -20))
            }
            portrait.append(c.name.topAnchor.constraint(equalTo: c.cell.topAnchor, constant: 20))
            portrait.append(c.conversations.topAnchor.constraint(equalTo: c.name.bottomAnchor, constant: 8))
            portrait.append(c.photos.topAnchor.constraint(equalTo: c.conversations.bottomAnchor, constant: 8))
            portrait.append(c.image.topAnchor.constraint(equalTo: c.photos.bottomAnchor, constant: 20))
            portrait.append(c.image.bottomAnchor.constraint(equalTo: c.cell.bottomAnchor))
        }
        for c in cells {
            landscape.append(c.image.leadingAnchor.constraint(equalTo: c.cell.leadingAnchor))
            for l in c.labels {
                landscape.append(l.leadingAnchor.constraint(equalTo: c.image.trailingAnchor, constant: 8))
                landscape.append(l.trailingAnchor.constraint(equalTo: c.cell.trailingAnchor, constant: -20))
            }
            landscape.append(c.name.topAnchor.constraint(equalTo: c.cell.topAnchor, constant: 20))
            landscape.append(c.conversations.topAnchor.constraint(equalTo: c.name.bottomAnchor, constant: 8))
            landscape.append(c.photos.topAnchor.constraint(equalTo: c.conversations.bottomAnchor, constant: 8))
            landscape.append(c.image.topAnchor.constraint(equalTo: c.cell.topAnchor))
            landscape.append(c.image.bottomAnchor.constraint(equalTo: c.cell.bottomAnchor))
            landscape.append(c.image.widthAnchor.constraint(equalTo: c.cell.widthAnchor, multiplier: 0.5))
        }
        let b = Badge(in: cells[n / 2].name)
        badge = b.view
        base += b.base
        tweakA = b.tweakA
        tweakB = b.tweakB
    }

    public var tracedViews: [View] { [root] + cells.flatMap(\.all) + [badge] }
}
