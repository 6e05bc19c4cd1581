// layout-bench traits N: the `cells` workload as an app would write it with
// size classes. The cells fill the root view controller's view of a window
// on an iPhone 8 (375 x 667, compact width; regular height in portrait,
// compact in landscape); the portrait constraints are installed for regular
// height only and the landscape ones for compact height only, and the phone
// is rotated with `Screen.rotate(to:)`, so that every transition goes
// through the trait machinery: willTransition, viewWillTransition, the
// window's new frame, traits delivered down the tree, the variations
// switched as one change set, the layout pass.
//
// The phases and check lines are the trace's: `resize` sets the window's
// frame to the trace's widths (a resizable window; the size classes stay).
import AdaptiveLayout

func runTraits(count n: Int) {
    let clock = PhaseClock()
    clock.phase("build")
    let screen = Screen(device: Device.named("iPhone 8")!)
    let window = Window(screen: screen)
    let controller = ViewController(name: "cells")
    window.rootViewController = controller
    let root = controller.view
    let w = CellsWorkload(count: n, in: root)
    try! LayoutConstraint.activate(w.base + w.tweakA)
    root.addConstraints(w.portrait, installed: .only(in: SizeClassCell(height: .regular)))
    root.addConstraints(w.landscape, installed: .only(in: SizeClassCell(height: .compact)))
    window.layoutIfNeeded()
    clock.check(w)

    clock.phase("resize")
    for width in widths {
        window.frame = Rect(x: 0, y: 0, width: width, height: 667)
        window.layoutIfNeeded()
    }
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
