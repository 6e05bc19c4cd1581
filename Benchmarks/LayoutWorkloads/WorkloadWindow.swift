import AdaptiveLayout

/// A trace workload as an app would write it with size classes: its views
/// fill the root view controller's view of a window on an iPhone 8 (375 x
/// 667, compact width; regular height in portrait, compact in landscape);
/// the portrait constraints are installed for regular height only and the
/// landscape ones for compact height only. Rotating with
/// `Screen.rotate(to:)` goes through the whole trait machinery: the
/// transition callbacks, the window's new frame, traits delivered down the
/// tree, the variations switched as one change set, the layout pass.
public final class WorkloadWindow {
    public let screen: Screen
    public let window: Window
    public let workload: any TraceWorkload

    /// Builds the window, the workload's views and constraints (gen_traces.py's
    /// parameter `n`), and lays it out in portrait.
    public init(_ kind: WorkloadKind, _ n: Int) {
        screen = Screen(device: Device.named("iPhone 8")!)
        window = Window(screen: screen)
        let controller = ViewController(name: kind.rawValue)
        window.rootViewController = controller
        let root = controller.view
        workload = kind.make(n, in: root)
        try! LayoutConstraint.activate(workload.base + workload.tweakA)
        root.addConstraints(workload.portrait, installed: .only(in: SizeClassCell(height: .regular)))
        root.addConstraints(workload.landscape, installed: .only(in: SizeClassCell(height: .compact)))
        window.layoutIfNeeded()
    }

    /// A resizable window's new width (the size classes stay), laid out.
    public func resize(toWidth width: Double) {
        window.frame = Rect(x: 0, y: 0, width: width, height: window.frame.height)
        window.layoutIfNeeded()
    }

    /// The phone rotated: new size, new vertical size class, laid out.
    public func rotate(to orientation: Orientation) {
        screen.rotate(to: orientation)
    }
}
