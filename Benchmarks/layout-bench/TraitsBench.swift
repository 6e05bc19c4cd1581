// layout-bench traits [WORKLOAD] N: a trace workload in a window on an
// iPhone 8, its variants as size-class variations, rotated with
// Screen.rotate(to:) (WorkloadWindow, in Benchmarks/LayoutWorkloads).
//
// The phases and check lines are the trace's: `resize` sets the window's
// frame to the trace's widths (a resizable window; the size classes stay).
import AdaptiveLayout
import LayoutWorkloads

func runTraits(_ kind: WorkloadKind, _ n: Int, rounds: Int) {
    let clock = PhaseClock()
    clock.phase("build")
    let app = WorkloadWindow(kind, n)
    let (screen, window, w) = (app.screen, app.window, app.workload)
    clock.check(w)

    clock.phase("resize")
    for width in resizeWidths { app.resize(toWidth: width) }
    clock.check(w)

    clock.phase("flip")
    screen.rotate(to: .landscape)
    clock.check(w)

    clock.phase("rotate")
    for _ in 0..<rounds {
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
