// The phases of TRACE.md's workloads (stack, tree, cells) through the Swift
// API, in a window on an iPhone 8 with the portrait and landscape
// constraints as size-class variations (LayoutWorkloads.WorkloadWindow):
// what layout-bench times once against the C traces, here measured over
// many iterations with package-benchmark's statistics, allocation counts
// and baselines.
//
//   build   make the window, views and constraints, lay out in portrait
//   resize  20 window widths between 320 and 430 (size classes stay)
//   flip    the first rotation, to a configuration never seen (a new window
//           each iteration; only the rotation is measured)
//   rotate  10 rotations between configurations seen before
//   tweak   10 times the badge's height constraint for another and back
//   frames  every traced view's frame in window coordinates (frameInRoot),
//           as a renderer reads them after a pass
//
// Sizes as gen_traces.py's, S, M and L: about 100, 1,000 and 10,000 views.
import AdaptiveLayout
import Benchmark
import LayoutWorkloads

let sizes: [(name: String, iterations: Int)] = [("S", 1000), ("M", 200), ("L", 20)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5)
    )
    for kind in WorkloadKind.allCases {
        for size in sizes {
            let configuration = Benchmark.Configuration(maxIterations: size.iterations)
            let n = kind.parameter(size: size.name)!
            let name = "\(kind.rawValue) \(size.name)"

            Benchmark("\(name) build", configuration: configuration) { benchmark in
                blackHole(WorkloadWindow(kind, n))
            }

            Benchmark("\(name) resize (20 widths)", configuration: configuration) { (benchmark, app: WorkloadWindow) in
                for width in resizeWidths { app.resize(toWidth: width) }
            } setup: {
                WorkloadWindow(kind, n)
            }

            Benchmark("\(name) flip", configuration: configuration) { benchmark in
                let app = WorkloadWindow(kind, n)
                benchmark.startMeasurement()
                app.rotate(to: .landscape)
                benchmark.stopMeasurement()
                blackHole(app)
            }

            Benchmark("\(name) rotate (10 transitions)", configuration: configuration) { (benchmark, app: WorkloadWindow) in
                for _ in 0..<5 {
                    app.rotate(to: .portrait)
                    app.rotate(to: .landscape)
                }
            } setup: { () -> WorkloadWindow in
                let app = WorkloadWindow(kind, n)
                app.rotate(to: .landscape)
                return app
            }

            Benchmark("\(name) tweak (20 changes)", configuration: configuration) { (benchmark, app: WorkloadWindow) in
                app.workload.tweak()
            } setup: {
                WorkloadWindow(kind, n)
            }

            Benchmark("\(name) frames (every view's in the window)", configuration: configuration) {
                (benchmark, app: WorkloadWindow) in
                var sum = 0.0
                for v in app.workload.tracedViews {
                    let f = v.frameInRoot
                    sum += f.minX + f.minY + f.width + f.height
                }
                blackHole(sum)
            } setup: {
                WorkloadWindow(kind, n)
            }
        }
    }
}
