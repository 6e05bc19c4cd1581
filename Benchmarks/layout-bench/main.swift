// layout-bench: the workloads of shared/bench/TRACE.md built and driven
// through AdaptiveLayout's public API, phase for phase as gen_traces.py
// writes them for the solver, so that their times compare with
// `solver-bench replay --lexicographic` on the same trace.
//
//     layout-bench stack|tree|cells N    views, anchors, activate/deactivate,
//                                        root frame changes
//     layout-bench traits [stack|tree|cells] N
//                                        the same views in a window on an
//                                        iPhone 8, the portrait and landscape
//                                        constraints as size-class variations,
//                                        rotated with Screen.rotate(to:)
//                                        (TraitsBench.swift; cells by default)
//     layout-bench vfl N                 (VisualFormatBench.swift)
//
// N is gen_traces.py's parameter: rows (stack), depth (tree), cells.
// `--rounds K` before the workload makes the rotate phase K rounds (back to
// portrait, then to landscape again) instead of the trace's 5, for
// profiling transitions (`perf record -g layout-bench --rounds 100 traits
// tree 8`); it ends in landscape either way, so its check line is the
// trace's.
// Prints `phase NAME MILLISECONDS` and `check COUNT SUM` lines in
// solver-bench's format. The check sums the frames in root coordinates in
// the trace's variable order (TraceWorkload.tracedViews: x, y, w, h each),
// so that they must equal the trace's check lines: the same layout, reached
// through the API. Everything the API does is timed, making the views and
// constraints included (the trace's groups are parsed before its timer).
import AdaptiveLayout
import LayoutWorkloads
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    func check(_ workload: any TraceWorkload) {
        let start = ContinuousClock.now
        lines.append(workload.checkLine())
        clock += ContinuousClock.now - start
    }
}

func run(_ kind: WorkloadKind, _ n: Int, rounds: Int) {
    let clock = PhaseClock()
    clock.phase("build")
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let w = kind.make(n, in: root)
    try! LayoutConstraint.activate(w.base + w.portrait + w.tweakA)
    root.layoutIfNeeded()
    clock.check(w)

    clock.phase("resize")
    for width in resizeWidths {
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
    for _ in 0..<rounds {
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

var args = Array(CommandLine.arguments.dropFirst())
var rounds: Int? = 5 // the trace's rotate phase: 10 transitions
if args.first == "--rounds" {
    rounds = args.count >= 2 ? Int(args[1]).flatMap { $0 >= 1 ? $0 : nil } : nil
    args.removeFirst(min(2, args.count))
}
let n = args.count >= 2 ? Int(args[args.count - 1]) : nil
let kind = args.count >= 1 ? WorkloadKind(rawValue: args[0]) : nil
if args.count == 2, args[0] == "vfl", let n, n >= 1 {
    runVisualFormats(count: n)
} else if args.count == 2, let kind, let n, n >= kind.smallest, let rounds {
    run(kind, n, rounds: rounds)
} else if args.count == 2, args[0] == "traits", let n, n >= WorkloadKind.cells.smallest, let rounds {
    runTraits(.cells, n, rounds: rounds)
} else if args.count == 3, args[0] == "traits", let kind = WorkloadKind(rawValue: args[1]), let n, n >= kind.smallest,
          let rounds {
    runTraits(kind, n, rounds: rounds)
} else {
    print("usage: layout-bench [--rounds K] stack|tree|cells N   (gen_traces.py's parameter: rows, depth,")
    print("                                          cells; S 100, 4, 20; M 1000, 6, 200; L 10000, 8, 2000)")
    print("       layout-bench [--rounds K] traits [stack|tree|cells] N   (the same, as size-class")
    print("                                          variations in a window, rotated; cells if none is named)")
    print("       layout-bench vfl N                (N visual formats of five views, parsed and lowered)")
    print("  --rounds K: K rounds of two transitions in the rotate phase (5, the trace's, if not given)")
    exit(2)
}
