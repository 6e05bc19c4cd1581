// The workloads of ../shared/bench/TRACE.md made through AdaptiveLayout's
// public API, phase for phase as gen_traces.py writes them for the solver:
// the same views, the same constraint groups in the same order, so that the
// frames they reach must give the trace's `check` lines.
import AdaptiveLayout

/// One of the trace workloads, made in `root` with nothing activated.
public protocol TraceWorkload {
    var root: View { get }
    /// The views whose frames are the trace's variables, in the trace's
    /// order: the root first, the badge last.
    var tracedViews: [View] { get }
    /// The trace's constraint groups: `base` always; `portrait` or
    /// `landscape`; `tweakA` or `tweakB`.
    var base: [LayoutConstraint] { get }
    var portrait: [LayoutConstraint] { get }
    var landscape: [LayoutConstraint] { get }
    var tweakA: [LayoutConstraint] { get }
    var tweakB: [LayoutConstraint] { get }
}

extension TraceWorkload {
    /// The trace's `check` line for the frames as they are: the sum over
    /// the variables (each view's x, y, w, h in root coordinates, in
    /// order) of `(i % 7 + 1) * value`.
    public func checkLine() -> String {
        var sum = 0.0, i = 0
        for v in tracedViews {
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

/// The workloads by gen_traces.py's names.
public enum WorkloadKind: String, CaseIterable, Sendable {
    case stack, tree, cells

    /// gen_traces.py's parameter for a size (S, M, L, XL): rows, depth, cells.
    public func parameter(size: String) -> Int? {
        let sizes = ["S": 0, "M": 1, "L": 2, "XL": 3]
        guard let k = sizes[size] else { return nil }
        switch self {
        case .stack: return [100, 1000, 10000, 100000][k]
        case .tree: return [4, 6, 8, 10][k]
        case .cells: return [20, 200, 2000, 20000][k]
        }
    }

    /// The smallest parameter the workload takes (two cells, one row, a tree of depth 1).
    public var smallest: Int { self == .cells ? 2 : 1 }

    /// The workload with that parameter, made in `root`.
    public func make(_ n: Int, in root: View) -> any TraceWorkload {
        switch self {
        case .stack: StackWorkload(rows: n, in: root)
        case .tree: TreeWorkload(depth: n, in: root)
        case .cells: CellsWorkload(count: n, in: root)
        }
    }
}

/// The trace's `resize` widths: 20 between 320 and 430 (the size classes stay).
public let resizeWidths = (0..<20).map { 320 + Double(($0 * 23) % 111) }

/// A view placed by constraints alone, added to `parent`.
func constrainedView(_ name: String, in parent: View, intrinsicHeight: Double? = nil) -> View {
    let v = View(name: name)
    v.translatesAutoresizingMaskIntoConstraints = false
    if let h = intrinsicHeight { v.intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: h) }
    try! parent.addSubview(v)
    return v
}

/// Every workload's badge: a small view pinned inside `host` (in `base`),
/// 20 wide, whose height is `tweakA` (20) or `tweakB` (30).
struct Badge {
    let view: View
    let base, tweakA, tweakB: [LayoutConstraint]

    init(in host: View) {
        view = constrainedView("badge", in: host)
        base = [view.leadingAnchor.constraint(equalTo: host.leadingAnchor, constant: 4),
                view.topAnchor.constraint(equalTo: host.topAnchor, constant: 4),
                view.widthAnchor.constraint(equalToConstant: 20)]
        tweakA = [view.heightAnchor.constraint(equalToConstant: 20)]
        tweakB = [view.heightAnchor.constraint(equalToConstant: 30)]
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
