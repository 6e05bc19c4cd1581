import Testing
@testable import AdaptiveLayout

/// A root view of a given size with named subviews placed by constraints.
func makeRoot(_ width: Double = 320, _ height: Double = 480, _ names: String...) -> (View, [View]) {
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    let views = names.map { name -> View in
        let v = View(name: name)
        v.translatesAutoresizingMaskIntoConstraints = false
        try! root.addSubview(v)
        return v
    }
    return (root, views)
}

/// A window on an iPhone 8 in portrait with named subviews placed by
/// constraints (``makeRoot(_:_:_:)`` in a trait environment).
func makePhoneWindow(_ names: String...) -> (Screen, Window, [View]) {
    let screen = Screen(device: Device.named("iPhone 8")!)
    let window = Window(screen: screen)
    let views = names.map { name -> View in
        let v = View(name: name)
        v.translatesAutoresizingMaskIntoConstraints = false
        try! window.addSubview(v)
        return v
    }
    return (screen, window, views)
}

@Suite("Constraints: Apple's shape and rules")
struct ConstraintTests {
    /// Auto Layout Guide, "Anatomy of a Constraint": RedView.leading = 1.0 x
    /// BlueView.trailing + 8.0 puts the red view 8 points after the blue one.
    @Test func anatomyOfAConstraint() throws {
        let (root, v) = makeRoot(320, 480, "blue", "red")
        let (blue, red) = (v[0], v[1])
        try LayoutConstraint.activate {
            blue.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
            blue.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)
            blue.widthAnchor.constraint(equalToConstant: 100)
            blue.heightAnchor.constraint(equalToConstant: 50)
            try! LayoutConstraint(item: red, attribute: .leading, relatedBy: .equal, toItem: blue,
                                  attribute: .trailing, multiplier: 1, constant: 8)
            red.topAnchor.constraint(equalTo: blue.topAnchor)
            red.widthAnchor.constraint(equalTo: blue.widthAnchor)
            red.heightAnchor.constraint(equalTo: blue.widthAnchor, multiplier: 0.5)
        }
        root.layoutIfNeeded()
        #expect(blue.frame == Rect(x: 20, y: 20, width: 100, height: 50))
        #expect(red.frame == Rect(x: 128, y: 20, width: 100, height: 50))
        #expect(!root.hasAmbiguousLayout)
    }

    /// NSLayoutConstraint raises for these; here the initializer throws.
    @Test func applesRulesAreEnforced() {
        let (_, v) = makeRoot(320, 480, "a", "b")
        let (a, b) = (v[0], v[1])
        #expect(throws: LayoutError.invalidPairing(first: .leading, second: .width)) {
            try LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .width)
        }
        #expect(throws: LayoutError.invalidPairing(first: .top, second: .left)) {
            try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .left)
        }
        #expect(throws: LayoutError.mixedDirections(first: .leading, second: .left)) {
            try LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .left)
        }
        #expect(throws: LayoutError.locationEqualToConstant(.top)) {
            try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, constant: 10)
        }
        #expect(throws: LayoutError.locationEqualToConstant(.centerX)) {
            try LayoutConstraint(item: a, attribute: .centerX, relatedBy: .equal, toItem: b, attribute: .centerX, multiplier: 0)
        }
        #expect(throws: LayoutError.invalidNumber("constant", .infinity)) {
            try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, constant: .infinity)
        }
        // Width and height relate (an aspect ratio); so do the margin variants.
        #expect(throws: Never.self) {
            try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b, attribute: .height, multiplier: 2)
            try LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .leadingMargin)
        }
        // Anchors cannot mix axes (that does not compile); leading against
        // left is caught when activated, and nothing is activated.
        let fine = a.widthAnchor.constraint(equalToConstant: 10)
        let mixed = a.leadingAnchor.constraint(equalTo: b.leftAnchor)
        #expect(throws: LayoutError.mixedDirections(first: .leading, second: .left)) {
            try LayoutConstraint.activate([fine, mixed])
        }
        #expect(!fine.isActive && !mixed.isActive)
    }

    @Test func itemsNeedACommonAncestor() {
        let (_, v) = makeRoot(320, 480, "a")
        let stranger = View(name: "stranger")
        let c = v[0].leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        #expect(throws: LayoutError.noCommonAncestor(first: "a", second: "stranger")) {
            try LayoutConstraint.activate([c])
        }
        c.isActive = true
        #expect(!c.isActive)
        #expect(c.activationError == .noCommonAncestor(first: "a", second: "stranger"))
        #expect(c.activationError!.description.contains("because they have no common ancestor"))
    }

    @Test func descriptionsReadAsWritten() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let c = v[0].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        #expect(c.description == "a.leading == root.leading + 20")
        let w = v[0].widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5, constant: -8)
            .withPriority(.defaultHigh).withIdentifier("half")
        #expect(w.description == "half: a.width <= 0.5 * root.width - 8 @750")
        try LayoutConstraint.activate([c, w])
        #expect(root.constraintsDump() == "a.leading == root.leading + 20\nhalf: a.width <= 0.5 * root.width - 8 @750")
    }

    @Test func invalidPrioritiesAndConstantsAreRefused() {
        let (_, v) = makeRoot(320, 480, "a")
        let c = v[0].widthAnchor.constraint(equalToConstant: 10)
        c.priority = 0
        #expect(c.priority == .required)
        c.priority = 1001
        #expect(c.priority == .required)
        c.constant = .nan
        #expect(c.constant == 10)
    }

    /// Numbers the solver cannot take are refused where they are set, and
    /// the layout stays as it was.
    @Test func badNumbersAreRefusedWhereTheyAreSet() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let a = View(name: "a", frame: Rect(x: 10, y: 10, width: 100, height: 50))
        try! root.addSubview(a)
        root.layoutIfNeeded()
        a.frame = Rect(x: .nan, y: 0, width: 1, height: 1)
        root.frame = Rect(x: 0, y: 0, width: .infinity, height: 480)
        a.layoutMargins = EdgeInsets(top: 1e13, left: 0, bottom: 0, right: 0)
        a.firstBaselineOffsetFromTop = -.infinity
        a.intrinsicContentSize = Size(width: .nan, height: 20)
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 10, width: 100, height: 50))
        #expect(root.frame.width == 320 && a.layoutMargins.top == 8 && a.firstBaselineOffsetFromTop == nil)
        #expect(root.layoutConflicts.isEmpty)
    }
}
