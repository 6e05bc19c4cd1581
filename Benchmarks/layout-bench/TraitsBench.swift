// layout-bench traits N: the `cells` workload in a window on an iPhone 8,
// its variants as size-class variations, rotated with Screen.rotate(to:)
// (CellsWindow, in Benchmarks/LayoutWorkloads).
//
// The phases and check lines are the trace's: `resize` sets the window's
// frame to the trace's widths (a resizable window; the size classes stay).
import AdaptiveLayout
import LayoutWorkloads

func runTraits(count n: Int) {
    let clock = PhaseClock()
    clock.phase("build")
    let cells = CellsWindow(count: n)
    let (screen, window, w) = (cells.screen, cells.window, cells.workload)
    clock.check(w)

    clock.phase("resize")
    for width in resizeWidths { cells.resize(toWidth: width) }
    clock.check(w)

    clock.phase("flip")
    screen.rotate(to: .landscape)
    clock.check(w)

    clock.phase("rotate")
    for _ in 0..<5 {
        screen.rotate(to: .portrait)
        screen.rotate(to: .landscape)
    }
    clock.check(w)

    clock.phase("tweak")
    w.tweak()
    clock.check(w)
    clock.phase("")
    if !window.layoutConflicts.isEmpty { print("error conflicts \(window.layoutConflicts.count)") }
    if window.traitCollection.verticalSizeClass != .compact { print("error not in landscape") }
}
