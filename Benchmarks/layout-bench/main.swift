// layout-bench: the `cells` workload of shared/bench/TRACE.md built and
// driven through AdaptiveLayout's public API, phase for phase as
// gen_traces.py writes it for the solver, so that its times compare with
// `solver-bench replay --lexicographic` on the same trace.
//
//     layout-bench cells N    views, anchors, activate/deactivate, root frame changes
//     layout-bench traits N   the same views in a window on an iPhone 8, the
//                             portrait and landscape constraints as size-class
//                             variations, rotated with Screen.rotate(to:)
//                             (TraitsBench.swift)
//     layout-bench vfl N      (VisualFormatBench.swift)
//
// Prints `phase NAME MILLISECONDS` and `check COUNT SUM` lines in
// solver-bench's format. The check sums the frames in root coordinates in
// the trace's variable order (root, then each cell and its image, name,
// conversations and photos labels, then the badge; x, y, w, h each), so that
// they must equal the trace's check lines: the same layout, reached through
// the API. Everything the API does is timed, making the views and
// constraints included (the trace's groups are parsed before its timer).
import AdaptiveLayout

let labelHeight = 21.0, imageHeight = 200.0
let widths = (0..<20).map { 320 + Double(($0 * 23) % 111) }

struct Cell {
    let cell, image, name, conversations, photos: View
    var labels: [View] { [name, conversations, photos] }
    var all: [View] { [cell, image, name, conversations, photos] }
}

func view(_ name: String, in parent: View, intrinsicHeight: Double? = nil) -> View {
    let v = View(name: name)
    v.translatesAutoresizingMaskIntoConstraints = false
    if let h = intrinsicHeight { v.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h) }
    try! parent.addSubview(v)
    return v
}

/// The views and constraint groups of the trace, made in `root` (nothing
/// activated): `base` always, `portrait` or `landscape`, `tweakA` or `tweakB`.
struct CellsWorkload {
    let root: View
    var cells: [Cell] = []
    var base: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
    let badge: View
    let tweakA: [LayoutConstraint], tweakB: [LayoutConstraint]

    init(count n: Int, in root: View) {
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
    func checkLine() -> String {
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
        return "check \(i) \(format6(sum))"
    }

    /// The tweak phase: 10 times, tweakA for tweakB and back.
    func tweak() {
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

/// Times phases and prints each with its check lines, as solver-bench does;
/// `check` is not timed.
final class PhaseClock {
    private var clock = ContinuousClock.now
    private var name = ""
    private var lines: [String] = []

    func phase(_ next: String) {
        let now = ContinuousClock.now
        if !name.isEmpty {
            let d = now - clock
            let ms = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
            print("phase \(name) \(format3(ms))")
            for l in lines { print(l) }
            lines.removeAll()
        }
        name = next
        clock = ContinuousClock.now
    }

    func check(_ workload: CellsWorkload) {
        let start = ContinuousClock.now
        lines.append(workload.checkLine())
        clock += ContinuousClock.now - start
    }
}

func run(count n: Int) {
    let clock = PhaseClock()
    clock.phase("build")
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let w = CellsWorkload(count: n, in: root)
    try! LayoutConstraint.activate(w.base + w.portrait + w.tweakA)
    root.layoutIfNeeded()
    clock.check(w)

    clock.phase("resize")
    for width in widths {
        root.frame = Rect(x: 0, y: 0, width: width, height: 667)
        root.layoutIfNeeded()
    }
    clock.check(w)

    func toLandscape() {
        root.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        LayoutConstraint.deactivate(w.portrait)
        try! LayoutConstraint.activate(w.landscape)
        root.layoutIfNeeded()
    }
    func toPortrait() {
        root.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        LayoutConstraint.deactivate(w.landscape)
        try! LayoutConstraint.activate(w.portrait)
        root.layoutIfNeeded()
    }
    clock.phase("flip")
    toLandscape()
    clock.check(w)

    clock.phase("rotate")
    for _ in 0..<5 {
        toPortrait()
        toLandscape()
    }
    clock.check(w)

    clock.phase("tweak")
    w.tweak()
    clock.check(w)
    clock.phase("")
    if !root.layoutConflicts.isEmpty { print("error conflicts \(root.layoutConflicts.count)") }
}

func format3(_ x: Double) -> String { fixed(x, 3) }
func format6(_ x: Double) -> String { fixed(x, 6) }

/// `x` with `digits` decimals (printf's %.Nf, without Foundation).
func fixed(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (abs(x) * scale).rounded()
    let whole = (r / scale).rounded(.down)
    let frac = Int64(r - whole * scale)
    var f = String(frac)
    while f.count < digits { f = "0" + f }
    return (x < 0 && r != 0 ? "-" : "") + String(Int64(whole)) + "." + f
}

let args = CommandLine.arguments
if args.count == 3, args[1] == "vfl", let n = Int(args[2]), n >= 1 {
    runVisualFormats(count: n)
} else if args.count == 3, args[1] == "cells", let n = Int(args[2]), n >= 2 {
    run(count: n)
} else if args.count == 3, args[1] == "traits", let n = Int(args[2]), n >= 2 {
    runTraits(count: n)
} else {
    print("usage: layout-bench cells N   (N cells; gen_traces.py's sizes: S 20, M 200, L 2000, XL 20000)")
    print("       layout-bench traits N  (the same, as size-class variations in a window, rotated)")
    print("       layout-bench vfl N     (N visual formats of five views, parsed and lowered)")
    fatalError("bad arguments")
}
