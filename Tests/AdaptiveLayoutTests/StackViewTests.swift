import Testing
@testable import AdaptiveLayout

/// StackView against UIStackView's documented behaviour
/// (developer.apple.com/documentation/uikit/uistackview): distributions,
/// alignments, spacing, hidden arranged views, and changes at run time.
@Suite("Stack views")
struct StackViewTests {
    /// A 300 x 100 root with a stack pinned to its top-left and `n` views of
    /// intrinsic size `sizes[i]`.
    static func make(_ sizes: [Size], width: Double? = 300, height: Double? = nil)
        throws -> (View, StackView, [View]) {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 400))
        let views = sizes.enumerated().map { i, s -> View in
            let v = View(name: "v\(i)")
            v.intrinsicContentSize = s
            return v
        }
        let stack = StackView(arrangedSubviews: views, name: "stack")
        stack.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(stack)
        var cs = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                  stack.topAnchor.constraint(equalTo: root.topAnchor)]
        if let width { cs.append(stack.widthAnchor.constraint(equalToConstant: width)) }
        if let height { cs.append(stack.heightAnchor.constraint(equalToConstant: height)) }
        try LayoutConstraint.activate(cs)
        return (root, stack, views)
    }

    @Test func fillEquallyWithSpacing() throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 50, height: 30), Size(width: 20, height: 10)])
        stack.distribution = .fillEqually
        stack.spacing = 15
        root.layoutIfNeeded()
        #expect(v.map(\.frame) == [Rect(x: 0, y: 0, width: 90, height: 30), Rect(x: 105, y: 0, width: 90, height: 30),
                                   Rect(x: 210, y: 0, width: 90, height: 30)])
        #expect(stack.frame == Rect(x: 0, y: 0, width: 300, height: 30))
        #expect(stack.constraintsInSubtree.contains { $0.identifier == "UISV-fill-equally" })
    }

    @Test func fillProportionally() throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 30, height: 20)], width: 410)
        stack.distribution = .fillProportionally
        stack.spacing = 10
        root.layoutIfNeeded()
        #expect(v[0].frame.width == 100 && v[1].frame.width == 300 && v[1].frame.minX == 110)
    }

    @Test func equalSpacingAndCentering() throws {
        let (root, stack, v) = try Self.make([Size(width: 20, height: 20), Size(width: 40, height: 20), Size(width: 60, height: 20)])
        stack.distribution = .equalSpacing
        root.layoutIfNeeded()
        #expect(v.map(\.frame.minX) == [0, 110, 240]) // gaps of (300 - 120) / 2
        stack.distribution = .equalCentering
        root.layoutIfNeeded()
        // Centres 10 and 270 at the ends, the middle one half way.
        #expect(v.map(\.frame.midX) == [10, 140, 270])
    }

    @Test(arguments: [(StackView.Alignment.leading, [0.0, 0, 0]), (.center, [20, 10, 0]), (.trailing, [40, 20, 0])])
    func alignmentsAcrossARow(_ alignment: StackView.Alignment, _ ys: [Double]) throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 10, height: 40), Size(width: 10, height: 60)])
        stack.alignment = alignment
        root.layoutIfNeeded()
        #expect(v.map(\.frame.minY) == ys)
        #expect(v.map(\.frame.height) == [20, 40, 60])
        #expect(stack.frame.height == 60) // as thick as its thickest view
    }

    @Test func columnsMarginsAndCustomSpacing() throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 10, height: 30)], width: 100)
        stack.axis = .vertical
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        stack.setCustomSpacing(12, after: v[0])
        root.layoutIfNeeded()
        #expect(v[0].frame == Rect(x: 6, y: 5, width: 86, height: 20))
        #expect(v[1].frame == Rect(x: 6, y: 37, width: 86, height: 30))
        #expect(stack.frame.height == 5 + 20 + 12 + 30 + 7)
        #expect(stack.customSpacing(after: v[0]) == 12 && stack.customSpacing(after: v[1]) == StackView.spacingUseDefault)
    }

    /// A hidden arranged view takes no room and no spacing; showing it again brings both back.
    @Test func hiddenViewsCollapse() throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 10, height: 20), Size(width: 10, height: 20)], width: nil)
        stack.spacing = 5
        root.layoutIfNeeded()
        #expect(stack.frame.width == 40)
        v[1].isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame.width == 25 && v[2].frame.minX == 15 && v[1].frame.width == 0)
        v[1].isHidden = false
        root.layoutIfNeeded()
        #expect(stack.frame.width == 40 && v[2].frame.minX == 30)
    }

    /// Removing a subview removes it from the arrangement; removing it from
    /// the arrangement keeps it a subview (UIKit's rules); arranged views
    /// stop translating their autoresizing masks.
    @Test func arrangementChanges() throws {
        let (root, stack, v) = try Self.make([Size(width: 10, height: 20), Size(width: 10, height: 20)], width: nil)
        #expect(v.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        stack.removeArrangedSubview(v[0])
        #expect(stack.arrangedSubviews.count == 1 && v[0].superview === stack)
        v[1].removeFromSuperview()
        #expect(stack.arrangedSubviews.isEmpty)
        let w = View(name: "w")
        w.intrinsicContentSize = Size(width: 30, height: 10)
        stack.insertArrangedSubview(w, at: 0)
        stack.insertArrangedSubview(v[0], at: 5)
        root.layoutIfNeeded()
        #expect(stack.arrangedSubviews.map(\.layoutName) == ["w", "v0"])
        #expect(stack.frame.width == 40 && v[0].frame.minX == 30)
        stack.insertArrangedSubview(root, at: 0) // would contain itself: ignored
        #expect(stack.arrangedSubviews.count == 2)
        #expect(root.layoutConflicts.isEmpty)
    }
}
