// LayoutWorkloads: the `cells` workload of ../shared/bench/TRACE.md made
// through AdaptiveLayout's public API, phase for phase as gen_traces.py
// writes it for the solver (views, anchors, the trace's constraint groups),
// and in a window on an iPhone 8 with its variants as size-class
// variations (CellsWindow). Shared by layout-bench (timed against the C
// trace, same check lines) and the package-benchmark suite
// (Benchmarks/PackageBenchmarks).
import AdaptiveLayout

let labelHeight = 21.0, imageHeight = 200.0

/// The trace's `resize` widths: 20 between 320 and 430 (the size classes stay).
public let resizeWidths = (0..<20).map { 320 + Double(($0 * 23) % 111) }

public struct Cell {
    public let cell, image, name, conversations, photos: View
    public var labels: [View] { [name, conversations, photos] }
    public var all: [View] { [cell, image, name, conversations, photos] }
}

private func view(_ name: String, in parent: View, intrinsicHeight: Double? = nil) -> View {
    let v = View(name: name)
    v.translatesAutoresizingMaskIntoConstraints = false
    if let h = intrinsicHeight { v.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h) }
    try! parent.addSubview(v)
    return v
}

/// The views and constraint groups of the trace, made in `root` (nothing
/// activated): `base` always, `portrait` or `landscape`, `tweakA` or `tweakB`.
public struct CellsWorkload {
    public let root: View
    public private(set) var cells: [Cell] = []
    public private(set) var base: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
    public let badge: View
    public let tweakA: [LayoutConstraint], tweakB: [LayoutConstraint]

    public init(count n: Int, in root: View) {
        self.root = root
        cells.reserveCapacity(n)
        for i in 0..<n {
            let c = view("c\(i)", in: root)
            cells.append(Cell(cell: c, image: view("c\(i)i", in: c, intrinsicHeight: imageHeight),
                              name: view("c\(i)n", in: c, intrinsicHeight: labelHeight),
                              conversations: view("c\(i)c", in: c, intrinsicHeight: labelHeight),
                              photos: view("c\(i)p", in: c, intrinsicHeight: labelHeight)))
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
        let host = cells[n / 2].name
        badge = view("badge", in: host)
        base.append(badge.leadingAnchor.constraint(equalTo: host.leadingAnchor, constant: 4))
        base.append(badge.topAnchor.constraint(equalTo: host.topAnchor, constant: 4))
        base.append(badge.widthAnchor.constraint(equalToConstant: 20))
        tweakA = [badge.heightAnchor.constraint(equalToConstant: 20)]
        tweakB = [badge.heightAnchor.constraint(equalToConstant: 30)]
    }

    /// The trace's `check` line for the frames as they are.
    public func checkLine() -> String {
        var views = [root]
        for c in cells { views.append(contentsOf: c.all) }
        views.append(badge)
        var sum = 0.0, i = 0
        for v in views {
            let f = v.frameInRoot
            for x in [f.minX, f.minY, f.width, f.height] {
                sum += Double(i % 7 + 1) * x
                i += 1
            }
        }
        return "check \(i) \(fixed(sum, 6))"
    }

    /// The tweak phase: 10 times, tweakA for tweakB and back.
    public func tweak() {
        for _ in 0..<10 {
            LayoutConstraint.deactivate(tweakA)
            try! LayoutConstraint.activate(tweakB)
            root.layoutIfNeeded()
            LayoutConstraint.deactivate(tweakB)
            try! LayoutConstraint.activate(tweakA)
            root.layoutIfNeeded()
        }
    }
}

/// `x` with `digits` decimals (printf's %.Nf, without Foundation).
public func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (abs(x) * scale).rounded()
    let whole = (r / scale).rounded(.down)
    let frac = Int64(r - whole * scale)
    var f = String(frac)
    while f.count < digits { f = "0" + f }
    return (x < 0 && r != 0 ? "-" : "") + String(Int64(whole)) + "." + f
}

