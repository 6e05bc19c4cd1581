// The phases of TRACE.md's `cells` workload through the Swift API, in a
// window on an iPhone 8 with the portrait and landscape constraints as
// size-class variations (LayoutWorkloads.CellsWindow): what layout-bench
// times once against the C trace, here measured over many iterations with
// package-benchmark's statistics, allocation counts and baselines.
//
//   build   make the window, views and constraints, lay out in portrait
//   resize  20 window widths between 320 and 430 (size classes stay)
//   flip    the first rotation, to a configuration never seen (a new window
//           each iteration; only the rotation is measured)
//   rotate  10 rotations between configurations seen before
//   tweak   10 times the badge's height constraint for another and back
//
// Sizes as gen_traces.py's: S 20 cells (102 views), M 200 (1,002), L 2,000.
import AdaptiveLayout
import Benchmark
import LayoutWorkloads

let sizes: [(name: String, cells: Int, iterations: Int)] = [("S", 20, 1000), ("M", 200, 200), ("L", 2000, 20)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5)
    )
    for size in sizes {
        let configuration = Benchmark.Configuration(maxIterations: size.iterations)

        Benchmark("cells \(size.name) build", configuration: configuration) { benchmark in
            blackHole(CellsWindow(count: size.cells))
        }

        Benchmark("cells \(size.name) resize (20 widths)", configuration: configuration) { (benchmark, cells: CellsWindow) in
            for width in resizeWidths { cells.resize(toWidth: width) }
        } setup: {
            CellsWindow(count: size.cells)
        }

        Benchmark("cells \(size.name) flip", configuration: configuration) { benchmark in
            let cells = CellsWindow(count: size.cells)
            benchmark.startMeasurement()
            cells.rotate(to: .landscape)
            benchmark.stopMeasurement()
            blackHole(cells)
        }

        Benchmark("cells \(size.name) rotate (10 transitions)", configuration: configuration) { (benchmark, cells: CellsWindow) in
            for _ in 0..<5 {
                cells.rotate(to: .portrait)
                cells.rotate(to: .landscape)
            }
        } setup: { () -> CellsWindow in
            let cells = CellsWindow(count: size.cells)
            cells.rotate(to: .landscape)
            return cells
        }

        Benchmark("cells \(size.name) tweak (20 changes)", configuration: configuration) { (benchmark, cells: CellsWindow) in
            cells.workload.tweak()
        } setup: {
            CellsWindow(count: size.cells)
        }
    }
}
