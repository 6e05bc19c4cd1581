import Cassowary
import Testing
@testable import AdaptiveLayout

@Suite("Traits: collections, environments, devices, size-class variations")
struct TraitTests {
    /// Seed, "Typical Trait Collections" and "Combining Trait Collections":
    /// containment compares only what the other collection specifies; the
    /// last specified value wins when combining.
    @Test func collections() {
        let phone = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular,
                                    userInterfaceIdiom: .phone, displayScale: 2)
        #expect(phone.containsTraits(in: TraitCollection(horizontalSizeClass: .compact)))
        #expect(!phone.containsTraits(in: TraitCollection(horizontalSizeClass: .regular)))
        #expect(phone.containsTraits(in: TraitCollection()))
        #expect(phone.containsTraits(in: nil))
        #expect(!TraitCollection(horizontalSizeClass: .compact).containsTraits(in: phone))
        let combined = TraitCollection(traitsFrom: [TraitCollection(horizontalSizeClass: .compact),
                                                    TraitCollection(displayScale: 3),
                                                    TraitCollection(horizontalSizeClass: .regular),
                                                    TraitCollection(verticalSizeClass: .unspecified)])
        #expect(combined == TraitCollection(horizontalSizeClass: .regular, displayScale: 3))
        #expect(combined.specifiedTraitCount == 2)
        #expect(Set([combined, TraitCollection(horizontalSizeClass: .regular, displayScale: 3)]).count == 1)
        #expect(combined.description == "(horizontalSizeClass: regular, displayScale: 3)")
        #expect(TraitCollection(userInterfaceStyle: .dark).userInterfaceStyle == .dark)
        #expect(ContentSizeCategory.accessibilityLarge.isAccessibilityCategory && ContentSizeCategory.small < .large)
    }

    /// Seed, "Size Classes": iPhones are compact wide and regular high in
    /// portrait, compact both ways in landscape except the Plus and Max
    /// models (regular wide); iPads are regular both ways, and compact wide
    /// in narrow multitasking windows.
    @Test func deviceCatalog() throws {
        func classes(_ name: String, _ o: Orientation, _ a: WindowArrangement = .fullScreen) -> String? {
            guard let w = Device.named(name)?.window(o, a) else { return nil }
            return "\(SizeClassCell(width: w.traits.horizontalSizeClass, height: w.traits.verticalSizeClass)) \(Int(w.size.width))x\(Int(w.size.height))"
        }
        #expect(classes("iPhone 8", .portrait) == "wC hR 375x667")
        #expect(classes("iPhone 8", .landscape) == "wC hC 667x375")
        #expect(classes("iPhone 8 Plus", .landscape) == "wR hC 736x414")
        #expect(classes("iPhone 15 Pro Max", .landscape) == "wR hC 932x430")
        #expect(classes("iphone 15 pro", .portrait) == "wC hR 393x852")
        #expect(classes("iPhone 15 Pro", .landscape, .half) == nil)
        #expect(classes("iPad Pro 12.9-inch (6th generation)", .portrait) == "wR hR 1024x1366")
        #expect(classes("iPad Pro 12.9-inch (6th generation)", .landscape, .twoThirds) == "wR hR 981x1024")
        #expect(classes("iPad Pro 12.9-inch (6th generation)", .landscape, .half) == "wR hR 678x1024")
        #expect(classes("iPad Pro 12.9-inch (6th generation)", .portrait, .twoThirds) == "wC hR 639x1366")
        #expect(classes("iPad Pro 11-inch (4th generation)", .landscape, .half) == "wC hR 592x834")
        #expect(classes("iPad Pro 11-inch (4th generation)", .portrait, .oneThird) == "wC hR 320x1194")
        #expect(classes("iPad Pro 11-inch (4th generation)", .portrait, .half) == nil)
        #expect(classes("iPad Air 11-inch (M2)", .landscape, .slideOver) == "wC hR 375x820")
        #expect(classes("Generic", .portrait) == "wAny hAny 600x600")
        #expect(Device.all.count > 35 && Set(Device.all.map(\.name)).count == Device.all.count)
    }

    /// Interface Builder's installed variations: the most specific cell wins.
    @Test func installationResolution() {
        let t = { (w: UserInterfaceSizeClass, h: UserInterfaceSizeClass) in TraitCollection(horizontalSizeClass: w, verticalSizeClass: h) }
        let onlyCompactHeight = Installation.only(in: SizeClassCell(height: .compact))
        #expect(onlyCompactHeight.isInstalled(in: t(.regular, .compact)))
        #expect(!onlyCompactHeight.isInstalled(in: t(.compact, .regular)))
        let layered = Installation(isInstalledByDefault: true, variations: [
            SizeClassCell(width: .compact): false, SizeClassCell(width: .compact, height: .compact): true,
            SizeClassCell(height: .regular): true])
        #expect(layered.isInstalled(in: t(.regular, .regular)))
        #expect(layered.isInstalled(in: t(.compact, .compact)))   // both classes beat one
        #expect(!layered.isInstalled(in: t(.compact, .regular)))  // width-only beats height-only
        #expect(Installation.except(in: .any).isInstalled(in: t(.regular, .regular)) == false)
    }

    /// A variation's constraints are installed each on its own: one whose
    /// items share no hierarchy, or whose shape Apple's rules refuse, stays
    /// out with its reason, and the others are installed, at every switch.
    @Test func variationsInstallEachConstraintOnItsOwn() throws {
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        let controller = ViewController(name: "c")
        window.rootViewController = controller
        let root = controller.view
        let a = View(name: "a")
        a.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(a)
        let good = [a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
                    a.widthAnchor.constraint(equalToConstant: 40), a.heightAnchor.constraint(equalToConstant: 30)]
        let stranger = View(name: "stranger") // in a hierarchy of its own
        let apart = a.widthAnchor.constraint(equalTo: stranger.widthAnchor)
        let misshapen = LayoutConstraint(a, .width, .equal, root, .left) // a size against a location
        root.addConstraints(good + [apart, misshapen], installed: .only(in: SizeClassCell(height: .compact)))
        for _ in 0..<2 {
            screen.rotate(to: .landscape)
            #expect(good.allSatisfy(\.isActive) && !apart.isActive && !misshapen.isActive)
            #expect(apart.activationError == LayoutError.noCommonAncestor(first: "a", second: "stranger"))
            #expect(misshapen.activationError == LayoutError.invalidPairing(first: .width, second: .left))
            #expect(a.frame == Rect(x: 0, y: 0, width: 40, height: 30))
            screen.rotate(to: .portrait)
            #expect(good.allSatisfy { !$0.isActive })
        }
    }

    /// The traits walk visits the subviews a view had when it reached it,
    /// and a callback may change them meanwhile: here one removes its next
    /// sibling and adds nine views. Views added get the traits as they join;
    /// a view whose view controller went gets them as any other view.
    @Test func traitsWalkSurvivesCallbacksThatChangeTheSubviews() throws {
        final class Meddler: View {
            var onChange: () -> Void = {}
            var seen: [UserInterfaceSizeClass] = []
            override func traitCollectionDidChange(_ previous: TraitCollection?) {
                seen.append(traitCollection.verticalSizeClass)
                onChange()
            }
        }
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        let root: View = window
        let first = Meddler(name: "first"), second = Meddler(name: "second"), third = Meddler(name: "third")
        for v in [first, second, third] { try root.addSubview(v) }
        var orphaned: View? = nil
        do { // a view controller's view, its view controller gone
            let controller = ViewController(name: "gone")
            orphaned = controller.view
            try root.addSubview(controller.view)
        }
        #expect(orphaned?.viewController == nil)
        let late = Meddler(name: "late")
        let more = (0..<8).map { View(name: "more\($0)") } // the subviews' buffer grows
        first.onChange = {
            second.removeFromSuperview()
            try? root.addSubview(late)
            for v in more { try? root.addSubview(v) }
        }
        screen.rotate(to: .landscape)
        #expect(first.seen == [.regular, .compact])
        #expect(root.subviews.map(\.layoutName) == ["first", "third", "gone.view", "late"] + more.map(\.layoutName))
        #expect(more.allSatisfy { $0.deliveredTraits?.verticalSizeClass == .compact })
        #expect(late.seen == [.compact])
        #expect(third.seen == [.regular, .compact])
        #expect(orphaned?.deliveredTraits?.verticalSizeClass == .compact) // delivered, not only inherited
        first.onChange = {}
        screen.rotate(to: .portrait)
        #expect(third.seen == [.regular, .compact, .regular] && late.seen == [.compact, .regular])
        #expect(orphaned?.deliveredTraits?.verticalSizeClass == .regular)
    }

    /// A hierarchy keeps solved states for the size classes it goes back
    /// to, 4 unless set; any of its views sets the limit for all of it, 0
    /// frees what was kept and rotations solve afresh with the same frames;
    /// a refused limit changes nothing; a hierarchy added to another has
    /// that one's limit.
    @Test func keptSolvedStatesOfAHierarchyAreBoundedAndReported() throws {
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        let rows = (0..<6).map { View(name: "row\($0)") }
        var portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []
        for (k, row) in rows.enumerated() {
            row.translatesAutoresizingMaskIntoConstraints = false
            try window.addSubview(row)
            portrait += [row.leadingAnchor.constraint(equalTo: window.leadingAnchor),
                         row.widthAnchor.constraint(equalTo: window.widthAnchor),
                         row.topAnchor.constraint(equalTo: window.topAnchor, constant: Double(k) * 44),
                         row.heightAnchor.constraint(equalToConstant: 44)]
            landscape += [row.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: Double(k % 2) * 300),
                          row.widthAnchor.constraint(equalToConstant: 300),
                          row.topAnchor.constraint(equalTo: window.topAnchor, constant: Double(k / 2) * 30),
                          row.heightAnchor.constraint(equalToConstant: 30)]
        }
        window.addConstraints(portrait, installed: .only(in: SizeClassCell(height: .regular)))
        window.addConstraints(landscape, installed: .only(in: SizeClassCell(height: .compact)))
        window.layoutIfNeeded()
        let upright = rows.map(\.frame)
        #expect(upright[5] == Rect(x: 0, y: 220, width: 375, height: 44))
        #expect(window.solvedStateLimit == 4 && rows[3].solvedStateLimit == 4)

        screen.rotate(to: .landscape)
        let sideways = rows.map(\.frame)
        #expect(sideways[5] == Rect(x: 300, y: 60, width: 300, height: 30))
        screen.rotate(to: .portrait)
        #expect(rows.map(\.frame) == upright)
        let kept = window.solverStatistics
        #expect(kept.cachedStates >= 1 && kept.cacheBytes > 0 && kept.cacheBytes < kept.bytes)

        // Refused limits change nothing.
        #expect(throws: SolverError.invalidArgument) { try rows[0].setSolvedStateLimit(65) }
        #expect(throws: SolverError.invalidArgument) { try window.setSolvedStateLimit(-1) }
        #expect(window.solvedStateLimit == 4 && window.solverStatistics.cachedStates == kept.cachedStates)

        // A row sets it for the window: nothing kept, the same frames.
        try rows[2].setSolvedStateLimit(0)
        #expect(window.solvedStateLimit == 0)
        #expect(window.solverStatistics.cachedStates == 0 && window.solverStatistics.cacheBytes == 0)
        let rebuilds = window.solverStatistics.rebuilds
        screen.rotate(to: .landscape)
        #expect(rows.map(\.frame) == sideways)
        screen.rotate(to: .portrait)
        #expect(rows.map(\.frame) == upright)
        #expect(window.solverStatistics.cachedStates == 0 && window.solverStatistics.rebuilds > rebuilds)

        // A hierarchy added to another has that one's limit.
        let lone = View(name: "lone")
        try lone.setSolvedStateLimit(7)
        #expect(lone.solvedStateLimit == 7)
        try window.addSubview(lone)
        #expect(lone.solvedStateLimit == 0)
    }

    /// Seed, "Trait Changes": willTransition(to:with:), then
    /// viewWillTransition(to:with:), then traitCollectionDidChange, then the
    /// animations given to the coordinator, then its completions.
    @Test func transitionCallbacksInApplesOrder() throws {
        final class Recorder: ViewController {
            var log: [String] = []
            override func willTransition(to newCollection: TraitCollection, with coordinator: TransitionCoordinator) {
                super.willTransition(to: newCollection, with: coordinator)
                log.append("willTransition \(newCollection.verticalSizeClass.rawValue)")
                coordinator.animate(alongsideTransition: { _ in self.log.append("animate \(self.view.frame.width)") },
                                    completion: { _ in self.log.append("complete \(self.view.frame.width)") })
            }
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                log.append("viewWillTransition \(size.width)")
            }
            override func traitCollectionDidChange(_ previous: TraitCollection?) {
                log.append("didChange \(previous?.verticalSizeClass.rawValue ?? "nil") -> \(traitCollection.verticalSizeClass.rawValue)")
            }
        }
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        let recorder = Recorder()
        window.rootViewController = recorder
        window.layoutIfNeeded()
        screen.rotate(to: .landscape)
        #expect(recorder.log == ["didChange nil -> regular", "willTransition compact", "viewWillTransition 667.0",
                                 "didChange regular -> compact", "animate 667.0", "complete 667.0"])
    }

    /// Seed, "Overriding Traits": on an iPhone in landscape, a parent
    /// overrides its split view controller's horizontal size class to
    /// regular; the vertical class, left unspecified, flows from the parent
    /// (compact). The split shows both columns; back in portrait, without
    /// the override, it collapses into its navigation controller.
    @Test func seedExampleSplitOverride() throws {
        final class Container: ViewController {
            let split: SplitViewController
            init(split: SplitViewController) {
                self.split = split
                super.init(name: "container")
                addChild(split)
                fill(view, with: split.view)
            }
            override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
                setOverrideTraitCollection(size.width > size.height ? TraitCollection(horizontalSizeClass: .regular) : nil,
                                           forChild: split)
                super.viewWillTransition(to: size, with: coordinator)
            }
        }
        let master = NavigationController(rootViewController: ViewController(name: "conversations"))
        let detail = ViewController(name: "photo")
        let split = SplitViewController(primary: master, secondary: detail)
        let screen = Screen(device: Device.named("iPhone 8")!)
        let window = Window(screen: screen)
        window.rootViewController = Container(split: split)
        window.layoutIfNeeded()
        #expect(split.isCollapsed)
        #expect(master.viewControllers.map(\.name) == ["conversations", "photo"])
        #expect(split.traitCollection.horizontalSizeClass == .compact)

        screen.rotate(to: .landscape)
        #expect(split.traitCollection.horizontalSizeClass == .regular)
        #expect(split.traitCollection.verticalSizeClass == .compact)
        #expect(!split.isCollapsed)
        #expect(split.secondary?.name == "photo")
        #expect(master.view.frameInRoot == Rect(x: 0, y: 0, width: 320, height: 375))
        #expect(split.secondary?.view.frameInRoot == Rect(x: 320, y: 0, width: 347, height: 375))

        split.showDetailViewController(ViewController(name: "other photo"), sender: nil)
        #expect(split.secondary?.name == "other photo")

        screen.rotate(to: .portrait)
        #expect(split.isCollapsed)
        #expect(master.viewControllers.map(\.name) == ["conversations", "other photo"])
        #expect(master.view.frameInRoot == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    /// Seed, "Adaptive Presentation": a popover in a regular width, full
    /// screen in a compact one, switching as the window changes.
    @Test func adaptivePresentation() throws {
        let screen = Screen(device: Device.named("iPad Pro 11-inch (4th generation)")!, orientation: .landscape)
        let window = Window(screen: screen)
        let root = ViewController(name: "root")
        window.rootViewController = root
        let popover = ViewController(name: "popover")
        popover.modalPresentationStyle = .popover
        root.present(popover)
        let presentation = try #require(popover.presentationController)
        #expect(presentation.presentationStyle(for: window.traitCollection) == .popover)
        #expect(popover.traitCollection.horizontalSizeClass == .compact)
        #expect(popover.view.frame.size == Size(width: 320, height: 480))
        #expect(window.setArrangement(.oneThird))
        #expect(presentation.presentationStyle(for: window.traitCollection) == .fullScreen)
        root.dismiss()
        #expect(root.presentedViewController == nil && popover.view.superview == nil)
    }

    /// `show` finds the nearest container that shows: a navigation
    /// controller pushes; with none, the view controller is presented.
    @Test func showRoutesToTheNearestContainer() {
        let screen = Screen(device: Device.named("iPhone 15")!)
        let window = Window(screen: screen)
        let list = ViewController(name: "list")
        let nav = NavigationController(rootViewController: list)
        window.rootViewController = nav
        list.show(ViewController(name: "detail"), sender: nil)
        #expect(nav.viewControllers.map(\.name) == ["list", "detail"])
        let lone = ViewController(name: "lone")
        let other = Window(screen: screen)
        other.rootViewController = lone
        lone.show(ViewController(name: "modal"), sender: nil)
        #expect(lone.presentedViewController?.name == "modal")
    }
}
