import Testing
@testable import AdaptiveLayout

@Suite("Layout passes")
struct LayoutTests {
    /// UIKit: leading is left in a left-to-right layout and right in a
    /// right-to-left one, with constants toward the trailing side; left and
    /// right never flip.
    @Test func leadingFollowsTheLayoutDirection() throws {
        let (root, v) = makeRoot(320, 480, "a", "b", "pinned")
        let (a, b, pinned) = (v[0], v[1], v[2])
        try LayoutConstraint.activate {
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
            a.widthAnchor.constraint(equalToConstant: 100)
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
            b.widthAnchor.constraint(equalToConstant: 50)
            pinned.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
            pinned.widthAnchor.constraint(equalToConstant: 10)
            for view in [a, b, pinned] {
                view.topAnchor.constraint(equalTo: root.topAnchor)
                view.heightAnchor.constraint(equalToConstant: 10)
            }
        }
        root.layoutIfNeeded()
        #expect(a.frame.minX == 20 && b.frame.minX == 128 && pinned.frame.minX == 5)
        root.layoutDirection = .rightToLeft
        root.layoutIfNeeded()
        #expect(a.frame.maxX == 300)       // 20 from the right edge
        #expect(b.frame.maxX == 192)       // 8 to the left of a
        #expect(pinned.frame.minX == 5)    // left stays left
    }

    /// Apple's intrinsic size: `width <= intrinsic` at the hugging priority,
    /// `width >= intrinsic` at compression resistance. Of two labels filling
    /// a row, the one that hugs less stretches (Auto Layout Guide, "Views with
    /// Intrinsic Content Size").
    @Test func huggingDecidesWhoStretches() throws {
        let (root, v) = makeRoot(320, 480, "name", "field")
        let (label, field) = (v[0], v[1])
        label.intrinsicContentSize = Size(width: 60, height: 20)
        field.intrinsicContentSize = Size(width: 100, height: 30)
        label.setContentHuggingPriority(251, for: .horizontal)
        try LayoutConstraint.activate {
            label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor)
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8)
            field.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor)
            label.firstBaselineAnchor.constraint(equalTo: field.firstBaselineAnchor)
            field.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8)
        }
        label.firstBaselineOffsetFromTop = 15
        field.firstBaselineOffsetFromTop = 20
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 8, y: 57, width: 60, height: 20))
        #expect(field.frame == Rect(x: 76, y: 52, width: 236, height: 30))
        #expect(!root.hasAmbiguousLayout)
        // Compression resistance: squeezed, the one that resists less gives way.
        field.setContentCompressionResistancePriority(749, for: .horizontal)
        root.frame = Rect(x: 0, y: 0, width: 150, height: 480)
        root.layoutIfNeeded()
        #expect(label.frame.width == 60 && field.frame.width == 150 - 8 - 60 - 8 - 8)
    }

    /// Changing a constant moves the solution in place: the same compiled
    /// constraint stays in the solver.
    @Test func constantChangesAreInPlace() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let left = v[0].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        try LayoutConstraint.activate {
            left
            v[0].topAnchor.constraint(equalTo: root.topAnchor)
            v[0].widthAnchor.constraint(equalToConstant: 10)
            v[0].heightAnchor.constraint(equalToConstant: 10)
        }
        root.layoutIfNeeded()
        let compiled = left.lowered
        left.constant = 50
        root.layoutIfNeeded()
        #expect(v[0].frame.minX == 50)
        #expect(left.lowered == compiled)
    }

    /// A size-class change: one set deactivated, another activated, one
    /// change set at the next pass; swapping back reuses the compiled forms.
    @Test func swappingConstraintSets() throws {
        let (root, v) = makeRoot(375, 667, "image", "text")
        let (image, text) = (v[0], v[1])
        let common = [image.topAnchor.constraint(equalTo: root.topAnchor),
                      image.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                      text.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                      text.heightAnchor.constraint(equalToConstant: 40),
                      image.heightAnchor.constraint(equalTo: image.widthAnchor)]
        let portrait = [image.widthAnchor.constraint(equalTo: root.widthAnchor),
                        text.topAnchor.constraint(equalTo: image.bottomAnchor),
                        text.leadingAnchor.constraint(equalTo: root.leadingAnchor)]
        let landscape = [image.widthAnchor.constraint(equalTo: root.heightAnchor),
                         text.topAnchor.constraint(equalTo: root.topAnchor),
                         text.leadingAnchor.constraint(equalTo: image.trailingAnchor)]
        try LayoutConstraint.activate(common + portrait)
        root.layoutIfNeeded()
        #expect(text.frame == Rect(x: 0, y: 375, width: 375, height: 40))
        for _ in 0..<3 {
            root.frame = Rect(x: 0, y: 0, width: 667, height: 375)
            LayoutConstraint.deactivate(portrait)
            try LayoutConstraint.activate(landscape)
            root.layoutIfNeeded()
            #expect(image.frame == Rect(x: 0, y: 0, width: 375, height: 375))
            #expect(text.frame == Rect(x: 375, y: 0, width: 292, height: 40))
            root.frame = Rect(x: 0, y: 0, width: 375, height: 667)
            LayoutConstraint.deactivate(landscape)
            try LayoutConstraint.activate(portrait)
            root.layoutIfNeeded()
            #expect(text.frame == Rect(x: 0, y: 375, width: 375, height: 40))
        }
        #expect(root.layoutConflicts.isEmpty)
    }

    /// Required constraints that cannot hold: one is broken (the newest), the
    /// report names a minimal conflicting set in UIKit's words, and the layout
    /// is the one without it.
    @Test func conflictsBreakOneConstraint() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let a = v[0]
        let left = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        let right = a.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20)
        let top = a.topAnchor.constraint(equalTo: root.topAnchor)
        let height = a.heightAnchor.constraint(equalToConstant: 10)
        let wide = a.widthAnchor.constraint(equalToConstant: 400).withIdentifier("tooWide")
        try LayoutConstraint.activate([left, right, top, height, wide])
        root.layoutIfNeeded()
        #expect(root.layoutConflicts.count == 1)
        let conflict = try #require(root.layoutConflicts.first)
        #expect(conflict.broken === wide && wide.isBroken && !left.isBroken)
        #expect(Set(conflict.conflicting.map(ObjectIdentifier.init)) ==
                Set([left, right, wide].map(ObjectIdentifier.init) + [ObjectIdentifier(root.implied!.size[0])]))
        #expect(conflict.description.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(conflict.description.contains("\"a.leading == root.leading + 20\""))
        #expect(conflict.description.hasSuffix("Will attempt to recover by breaking constraint\ntooWide: a.width == 400"))
        #expect(a.frame == Rect(x: 20, y: 0, width: 280, height: 10))
        // A constant that makes it hold brings it back.
        wide.constant = 280
        root.layoutIfNeeded()
        #expect(!wide.isBroken)
    }

    /// A constraint activated again goes to the solver by the id it was
    /// compiled under; one whose new constant was refused stays compiled
    /// (out of the solver, with its old constant), so that swapping it out
    /// and in again, with a refused change set beside, still lays out right.
    @Test func refusedConstantsAndChangeSetsKeepCompiledForms() throws {
        let (root, v) = makeRoot(320, 480, "a", "b")
        let (a, b) = (v[0], v[1])
        let left = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        let right = a.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20)
        let wide = a.widthAnchor.constraint(equalToConstant: 280)
        let pinned = [a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
                      b.topAnchor.constraint(equalTo: a.bottomAnchor), b.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                      b.heightAnchor.constraint(equalToConstant: 10)]
        let narrow = b.widthAnchor.constraint(equalToConstant: 50)
        let broad = b.widthAnchor.constraint(equalToConstant: 150)
        try LayoutConstraint.activate([left, right, wide, narrow] + pinned)
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 20, y: 0, width: 280, height: 10))
        wide.constant = 400 // cannot hold with left and right: refused, broken
        root.layoutIfNeeded()
        #expect(wide.isBroken && a.frame.width == 280)
        wide.constant = 280
        root.layoutIfNeeded()
        #expect(!wide.isBroken && a.frame == Rect(x: 20, y: 0, width: 280, height: 10))
        for _ in 0..<2 {
            // Out and in again, by id, with narrow swapped for broad; then a
            // change set the solver refuses (too wide for left and right):
            // the removal in it still happens, the conflict breaks one.
            LayoutConstraint.deactivate([wide, narrow])
            try LayoutConstraint.activate([wide, broad])
            root.layoutIfNeeded()
            #expect(a.frame.width == 280 && b.frame == Rect(x: 0, y: 10, width: 150, height: 10))
            let tooWide = a.widthAnchor.constraint(equalToConstant: 300)
            LayoutConstraint.deactivate([broad])
            try LayoutConstraint.activate([narrow, tooWide])
            root.layoutIfNeeded()
            #expect(tooWide.isBroken && !narrow.isBroken && !broad.isActive)
            #expect(a.frame.width == 280 && b.frame == Rect(x: 0, y: 10, width: 50, height: 10))
            tooWide.isActive = false
        }
    }

    /// A constraint compiled in one hierarchy, whose view then moved to
    /// another, is not activated there again: its items have no common
    /// ancestor. Back in one hierarchy, it is, over the view's new
    /// variables (its compiled form from before would hold the old ones).
    @Test func reactivatingAfterAViewMoved() throws {
        let (root, v) = makeRoot(320, 480, "a", "b")
        let (other, _) = makeRoot(100, 100)
        let (a, b) = (v[0], v[1])
        let same = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        try LayoutConstraint.activate([same, b.widthAnchor.constraint(equalToConstant: 30)])
        root.layoutIfNeeded()
        #expect(a.frame.width == 30)
        same.isActive = false
        root.layoutIfNeeded()
        try other.addSubview(b)
        same.isActive = true
        #expect(!same.isActive)
        #expect(same.activationError == .noCommonAncestor(first: "a", second: "b"))
        #expect(throws: LayoutError.noCommonAncestor(first: "a", second: "b")) { try LayoutConstraint.activate([same]) }
        try root.addSubview(b)
        same.isActive = true
        root.layoutIfNeeded()
        #expect(same.isActive && a.frame.width == 30)
    }

    /// A constraint is written in its items' closest common ancestor's
    /// coordinates (a multiplier on a location scales it there): here
    /// between a view and its parent, grandparent and great-grandparent,
    /// either way round, between siblings, and between cousins at
    /// different depths. Frames worked out by hand: `a` at
    /// (10, 10) in the root, `a1` at (5, 5) in `a`, `a11` at (1, 1) in `a1`,
    /// `b` at (250, 20) in the root.
    @Test func constraintsAcrossLevelsOfTheHierarchy() throws {
        let (root, top) = makeRoot(400, 400, "a", "b")
        let (a, b) = (top[0], top[1])
        func child(_ name: String, of parent: View) throws -> View {
            let v = View(name: name)
            v.translatesAutoresizingMaskIntoConstraints = false
            try parent.addSubview(v)
            return v
        }
        let a1 = try child("a1", of: a), a11 = try child("a11", of: a1), g = try child("g", of: a1), m = try child("m", of: a1)
        let h = try child("h", of: a11), probe = try child("probe", of: b)
        func pin(_ v: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double, in p: View) -> [LayoutConstraint] {
            [v.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: x), v.topAnchor.constraint(equalTo: p.topAnchor, constant: y),
             v.widthAnchor.constraint(equalToConstant: w), v.heightAnchor.constraint(equalToConstant: h)]
        }
        try LayoutConstraint.activate(pin(a, 10, 10, 200, 200, in: root) + pin(b, 250, 20, 100, 100, in: root)
            + pin(a1, 5, 5, 50, 50, in: a) + pin(a11, 1, 1, 10, 10, in: a1) + [
                a.leadingAnchor.constraint(equalTo: g.leadingAnchor, constant: -30), // grandparent first
                g.topAnchor.constraint(equalTo: a11.bottomAnchor, constant: 4),      // siblings
                g.widthAnchor.constraint(equalTo: a11.widthAnchor),
                a1.bottomAnchor.constraint(equalTo: g.bottomAnchor, constant: 25),  // parent first
                // h.centerX == 0.5 * a.trailing, in a's coordinates: 100 there, 110 in the root's.
                LayoutConstraint(item: h, attribute: .centerX, relatedBy: .equal, toItem: a, attribute: .trailing,
                                 multiplier: 0.5),
                h.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),      // great-great-grandparent
                h.widthAnchor.constraint(equalToConstant: 2), h.heightAnchor.constraint(equalToConstant: 2),
                // m.top == 0.5 * h.top, in a1's coordinates (depths 3 and 4): 42.5 there.
                LayoutConstraint(item: m, attribute: .top, relatedBy: .equal, toItem: h, attribute: .top, multiplier: 0.5),
                m.leadingAnchor.constraint(equalTo: a1.leadingAnchor),
                m.widthAnchor.constraint(equalToConstant: 3), m.heightAnchor.constraint(equalToConstant: 3),
                probe.leadingAnchor.constraint(equalTo: a11.trailingAnchor, constant: 3), // cousins, depths 2 and 3
                probe.topAnchor.constraint(equalTo: a1.bottomAnchor),
                probe.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.1),
                probe.heightAnchor.constraint(equalToConstant: 5),
            ])
        root.layoutIfNeeded()
        #expect(g.frame == Rect(x: 25, y: 15, width: 10, height: 10))
        #expect(h.frameInRoot == Rect(x: 109, y: 100, width: 2, height: 2))
        #expect(h.frame == Rect(x: 109 - 16, y: 100 - 16, width: 2, height: 2))
        #expect(m.frame == Rect(x: 0, y: 42.5, width: 3, height: 3))
        #expect(probe.frame == Rect(x: 29 - 250, y: 65 - 20, width: 20, height: 5))
        #expect(probe.frameInRoot == Rect(x: 29, y: 65, width: 20, height: 5))
    }

    /// `convert(_:to:)` and `frameInRoot` read each frame on the way up:
    /// solved ones after a pass, stored ones before any, and a view of
    /// another hierarchy through that hierarchy's root (as UIKit converts
    /// between windows through the screen). Offsets worked out by hand: `a`
    /// at (10, 10) in the root, `a1` at (5, 5) in `a`, `a11` at (1, 1) in
    /// `a1`, `b` at (250, 20) in the root; `p` at (7, 9) in `other`.
    @Test func convertWalksUpThroughEachFrame() throws {
        let (root, top) = makeRoot(400, 400, "a", "b")
        let (a, b) = (top[0], top[1])
        let a1 = View(name: "a1", frame: Rect(x: 30, y: 40, width: 50, height: 50))
        let a11 = View(name: "a11", frame: Rect(x: 2, y: 3, width: 10, height: 10))
        for v in [a1, a11] { v.translatesAutoresizingMaskIntoConstraints = false }
        try a.addSubview(a1)
        try a1.addSubview(a11)
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        // No pass yet: the stored frames (a's is zero).
        #expect(a11.convert(r, to: nil) == Rect(x: 33, y: 45, width: 3, height: 4))
        #expect(a11.frameInRoot == Rect(x: 32, y: 43, width: 10, height: 10))

        func pin(_ v: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double, in p: View) -> [LayoutConstraint] {
            [v.leadingAnchor.constraint(equalTo: p.leadingAnchor, constant: x), v.topAnchor.constraint(equalTo: p.topAnchor, constant: y),
             v.widthAnchor.constraint(equalToConstant: w), v.heightAnchor.constraint(equalToConstant: h)]
        }
        try LayoutConstraint.activate(pin(a, 10, 10, 200, 200, in: root) + pin(b, 250, 20, 100, 100, in: root)
            + pin(a1, 5, 5, 50, 50, in: a) + pin(a11, 1, 1, 10, 10, in: a1))
        root.layoutIfNeeded()
        #expect(a11.frameInRoot == Rect(x: 16, y: 16, width: 10, height: 10))
        #expect(a11.convert(r, to: nil) == Rect(x: 17, y: 18, width: 3, height: 4))
        #expect(a11.convert(r, to: root) == Rect(x: 17, y: 18, width: 3, height: 4))
        #expect(a11.convert(r, to: a) == Rect(x: 7, y: 8, width: 3, height: 4))       // an ancestor
        #expect(a11.convert(r, to: a11) == r)                                            // itself
        #expect(a11.convert(r, to: b) == Rect(x: -233, y: -2, width: 3, height: 4))    // a cousin
        #expect(a.convert(r, to: a11) == Rect(x: -5, y: -4, width: 3, height: 4))      // a descendant
        #expect(root.convert(r, to: nil) == r)

        let other = View(name: "other", frame: Rect(x: 500, y: 500, width: 100, height: 100))
        let p = View(name: "p", frame: Rect(x: 7, y: 9, width: 20, height: 20))
        try other.addSubview(p)
        other.layoutIfNeeded()
        #expect(p.frameInRoot == Rect(x: 7, y: 9, width: 20, height: 20))
        #expect(a11.convert(r, to: p) == Rect(x: 10, y: 9, width: 3, height: 4))
        #expect(p.convert(r, to: a11) == Rect(x: -8, y: -5, width: 3, height: 4))
    }

    @Test func ambiguityNamesTheFreeParts() throws {
        let (root, v) = makeRoot(320, 480, "a", "b")
        try LayoutConstraint.activate {
            v[0].leadingAnchor.constraint(equalTo: root.leadingAnchor)
            v[0].widthAnchor.constraint(equalToConstant: 10)
            v[0].topAnchor.constraint(equalTo: root.topAnchor)
            v[1].widthAnchor.constraint(equalTo: v[0].widthAnchor)
            v[1].heightAnchor.constraint(equalToConstant: 10)
        }
        let report = root.ambiguityReport()
        #expect(report.map(\.item.layoutName) == ["a", "b"])
        #expect(report[0].components == [.height])
        #expect(report[1].components == [.x, .y])
        #expect(root.hasAmbiguousLayout)
        #expect(v[0].frame.minX == 0) // probing leaves the frames as they were
    }

    /// `systemLayoutSizeFitting`: the smallest size a container's constraints
    /// allow, and the height for a given width.
    @Test func fittingSizes() throws {
        let cell = View(name: "cell")
        let title = View(name: "title")
        title.translatesAutoresizingMaskIntoConstraints = false
        title.intrinsicContentSize = Size(width: 120, height: 20)
        try cell.addSubview(title)
        let body = View(name: "body")
        body.translatesAutoresizingMaskIntoConstraints = false
        try cell.addSubview(body)
        try LayoutConstraint.activate {
            title.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor)
            title.trailingAnchor.constraint(lessThanOrEqualTo: cell.layoutMarginsGuide.trailingAnchor)
            title.topAnchor.constraint(equalTo: cell.layoutMarginsGuide.topAnchor)
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4)
            body.leadingAnchor.constraint(equalTo: title.leadingAnchor)
            body.trailingAnchor.constraint(equalTo: cell.layoutMarginsGuide.trailingAnchor)
            body.heightAnchor.constraint(equalTo: body.widthAnchor, multiplier: 0.5)
            body.bottomAnchor.constraint(equalTo: cell.layoutMarginsGuide.bottomAnchor)
        }
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 136, height: 100))
        let forWidth = cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
        #expect(forWidth == Size(width: 320, height: 8 + 20 + 4 + 152 + 8))
    }

    /// The expanded fitting size: as large as the constraints allow.
    @Test func expandedFittingSize() throws {
        let box = View(name: "box")
        let bar = View(name: "bar")
        bar.translatesAutoresizingMaskIntoConstraints = false
        try box.addSubview(bar)
        try LayoutConstraint.activate {
            bar.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 10)
            box.trailingAnchor.constraint(equalTo: bar.trailingAnchor, constant: 10)
            bar.widthAnchor.constraint(lessThanOrEqualToConstant: 200)
            bar.topAnchor.constraint(equalTo: box.topAnchor)
            bar.bottomAnchor.constraint(equalTo: box.bottomAnchor)
            bar.heightAnchor.constraint(lessThanOrEqualToConstant: 50)
        }
        #expect(box.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == Size(width: 220, height: 50))
        // Auto Layout adds no `width >= 0`: compressed, the bar's width goes
        // negative (-20) before the box's priority-50 pull toward 0 gives up.
        #expect(box.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 0, height: 0))
    }

    /// Springs and struts: a flexible-width view keeps its margins when the
    /// root resizes; a flexible-left one keeps its right margin.
    @Test func autoresizingMasks() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let bar = View(name: "bar", frame: Rect(x: 10, y: 20, width: 300, height: 44))
        bar.autoresizingMask = [.flexibleWidth]
        let badge = View(name: "badge", frame: Rect(x: 280, y: 30, width: 30, height: 30))
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        try root.addSubview(bar)
        try root.addSubview(badge)
        root.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 10, y: 20, width: 300, height: 44))
        root.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        root.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 10, y: 20, width: 460, height: 44))
        #expect(badge.frame == Rect(x: 440, y: 30, width: 30, height: 30))
        #expect(!root.hasAmbiguousLayout)

        // A frame set under the engine keeps the constraints' shape: new
        // constants on the same constraints (an edit, not a re-optimisation);
        // a new mask gives new constraints.
        let before = bar.implied!.autoresizing
        bar.frame = Rect(x: 30, y: 20, width: 200, height: 44)
        root.layoutIfNeeded()
        #expect(bar.implied!.autoresizing.map(ObjectIdentifier.init) == before.map(ObjectIdentifier.init))
        #expect(bar.frame == Rect(x: 30, y: 20, width: 200, height: 44))
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        root.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 30, y: 20, width: 40, height: 44))
        bar.autoresizingMask = [.flexibleRightMargin]
        root.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        root.layoutIfNeeded()
        #expect(bar.implied!.autoresizing.map(ObjectIdentifier.init) != before.map(ObjectIdentifier.init))
        #expect(bar.frame == Rect(x: 30, y: 20, width: 40, height: 44))
    }

    /// A view's new size moves the subviews that autoresize (translating
    /// their mask, a mask not empty) and only those, whichever way each got
    /// there: its mask or its translation switched, added, removed or moved
    /// (the superview counts them, View.autoresizingSubviews). Outside an
    /// engine the frames are the ones set, so they show the walk's work.
    @Test func aNewSizeMovesTheSubviewsThatAutoresize() throws {
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let other = View(name: "other", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 10))
        let b = View(name: "b", frame: Rect(x: 0, y: 0, width: 100, height: 10))
        try box.addSubview(a)
        try box.addSubview(b)
        func resize(_ width: Double) { box.frame = Rect(x: 0, y: 0, width: width, height: 100) }
        resize(200)
        #expect(a.frame.width == 100 && b.frame.width == 100) // no mask: neither follows
        a.autoresizingMask = [.flexibleWidth]
        resize(300)
        #expect(a.frame.width == 200 && b.frame.width == 100)
        a.translatesAutoresizingMaskIntoConstraints = false
        resize(400)
        #expect(a.frame.width == 200)
        a.translatesAutoresizingMaskIntoConstraints = true
        resize(500)
        #expect(a.frame.width == 300)
        try other.addSubview(a) // moved away: box no longer counts it
        resize(600)
        #expect(a.frame.width == 300 && b.frame.width == 100)
        b.autoresizingMask = [.flexibleWidth]
        try box.addSubview(a) // back, still autoresizing
        resize(700)
        #expect(a.frame.width == 400 && b.frame.width == 200)
        b.autoresizingMask = []
        a.removeFromSuperview()
        resize(800)
        #expect(a.frame.width == 400 && b.frame.width == 200)
    }

    /// Removing a view deactivates its constraints to the rest of the old
    /// hierarchy and keeps those inside its subtree, as UIKit does.
    @Test func removingAViewFromItsSuperview() throws {
        let (root, v) = makeRoot(320, 480, "card")
        let card = v[0]
        let icon = View(name: "icon")
        icon.translatesAutoresizingMaskIntoConstraints = false
        try card.addSubview(icon)
        let outside = card.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        let inside = icon.widthAnchor.constraint(equalTo: card.widthAnchor, multiplier: 0.5)
        try LayoutConstraint.activate([outside, inside])
        root.layoutIfNeeded()
        card.removeFromSuperview()
        #expect(!outside.isActive && inside.isActive)
        try root.addSubview(card)
        #expect(inside.isActive)
        #expect(throws: LayoutError.cyclicHierarchy("root")) { try icon.addSubview(root) }
    }
}

@Suite("README")
struct ReadmeExampleTests {
    /// The Swift example of README.md's "Auto Layout in Swift", line for line.
    @Test func readmeExample() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let title = View(name: "title"), photo = View(name: "photo")
        for view in [title, photo] {
            view.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(view)
        }
        title.intrinsicContentSize = Size(width: 120, height: 21)
        let portrait = [photo.widthAnchor.constraint(equalTo: root.widthAnchor)]
        let landscape = [photo.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)]
        try LayoutConstraint.activate {
            title.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor)
            title.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20)
            photo.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8)
            photo.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            photo.heightAnchor.constraint(equalTo: photo.widthAnchor, multiplier: 0.75)
            portrait
        }
        root.layoutIfNeeded()
        #expect(photo.frame == Rect(x: 0, y: 49, width: 375, height: 281.25))
        #expect(title.frame == Rect(x: 8, y: 20, width: 120, height: 21))
        root.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        LayoutConstraint.deactivate(portrait)
        try LayoutConstraint.activate(landscape)
        root.layoutIfNeeded()
        #expect(photo.frame == Rect(x: 0, y: 49, width: 333.5, height: 250.125))
        #expect(!root.hasAmbiguousLayout)
    }
}

@Suite("Memory")
struct MemoryTests {
    /// A hierarchy with active constraints, implied ones, guides, a layout
    /// pass and a conflict is freed when the last reference to it goes: no
    /// cycle through the engine, the constraints or the guides.
    @Test func hierarchiesAreFreed() throws {
        weak var weakRoot: View?
        weak var weakChild: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let (root, views) = makeRoot(320, 480, "a", "b")
            views[0].intrinsicContentSize = Size(width: 10, height: 10)
            let c = views[0].leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor)
            try LayoutConstraint.activate {
                c
                views[1].topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor)
                views[1].widthAnchor.constraint(equalToConstant: 500)
                views[1].widthAnchor.constraint(equalToConstant: 400) // a conflict, kept in the report
            }
            root.layoutIfNeeded()
            _ = root.ambiguityReport()
            _ = views[0].systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            #expect(root.layoutConflicts.count == 1)
            weakRoot = root
            weakChild = views[1]
            weakConstraint = c
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
    }

    /// UIKit's engine retains active constraints: one activated and let go
    /// by its maker still holds; deactivated, it is released by the next
    /// layout pass, whether or not a pass ever added it to the solver, and
    /// also when it was activated again and deactivated in between.
    @Test func theEngineHoldsActiveConstraintsUntilThePassAfterTheirDeactivation() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let a = v[0]
        weak var pinned: LayoutConstraint?
        weak var neverAdded: LayoutConstraint?
        weak var flickered: LayoutConstraint?
        do {
            let pin = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
            try LayoutConstraint.activate {
                pin
                a.topAnchor.constraint(equalTo: root.topAnchor)
                a.widthAnchor.constraint(equalToConstant: 100)
                a.heightAnchor.constraint(equalToConstant: 50)
            }
            pinned = pin
        }
        root.layoutIfNeeded()
        #expect(pinned != nil)
        #expect(a.frame == Rect(x: 20, y: 0, width: 100, height: 50))
        do {
            let wide = a.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)
            let flicker = a.heightAnchor.constraint(lessThanOrEqualToConstant: 60)
            try LayoutConstraint.activate([wide, flicker])
            LayoutConstraint.deactivate([wide, flicker])
            try LayoutConstraint.activate([flicker])
            LayoutConstraint.deactivate([flicker])
            try LayoutConstraint.activate([flicker])
            neverAdded = wide
            flickered = flicker
        }
        #expect(neverAdded != nil) // held until the pass
        root.layoutIfNeeded()
        #expect(neverAdded == nil)
        #expect(flickered != nil) // active
        flickered.map { LayoutConstraint.deactivate([$0]) }
        pinned.map { LayoutConstraint.deactivate([$0]) }
        #expect(pinned != nil)
        root.layoutIfNeeded()
        #expect(pinned == nil)
        #expect(flickered == nil)
    }

    /// Constraints of a size-class variation are held by it, and the engine
    /// holds the variation while any of them is active or waits for its
    /// removal (``SizeClassVariation``): one active outlives the view that
    /// listed it, is freed at the pass after its deactivation once nothing
    /// else holds it, and a window rotated back and forth is freed whole.
    @Test func constraintsOfAVariationLiveWhileTheVariationOrAnEngineNeedsThem() throws {
        weak var weakWindow: Window?
        weak var kept: LayoutConstraint?
        weak var ownerGone: LayoutConstraint?
        weak var landscapeOnly: LayoutConstraint?
        do {
            let (screen, window, views) = makePhoneWindow("row")
            let row = views[0]
            let owner = View(name: "owner")
            try window.addSubview(owner)
            let width = row.widthAnchor.constraint(equalToConstant: 100)
            let wide = row.widthAnchor.constraint(equalToConstant: 200)
            // `owner` lists constraints between other views: when it goes,
            // they stay active, held through its variation.
            owner.addConstraints([width], installed: .only(in: SizeClassCell(height: .regular)))
            owner.addConstraints([wide], installed: .only(in: SizeClassCell(height: .compact)))
            let height = row.heightAnchor.constraint(equalToConstant: 44)
            try LayoutConstraint.activate {
                row.leadingAnchor.constraint(equalTo: window.leadingAnchor)
                row.topAnchor.constraint(equalTo: window.topAnchor)
                height
            }
            window.layoutIfNeeded()
            #expect(row.frame.width == 100)
            for _ in 0..<3 {
                screen.rotate(to: .landscape)
                #expect(row.frame.width == 200)
                screen.rotate(to: .portrait)
                #expect(row.frame.width == 100)
            }
            ownerGone = width
            landscapeOnly = wide
            owner.removeFromSuperview()
            weakWindow = window
            kept = height
            _ = screen
        }
        // The screen, the window and its views were the block's: all freed.
        #expect(weakWindow == nil)
        #expect(kept == nil)
        #expect(ownerGone == nil)
        #expect(landscapeOnly == nil)

        let (_, window, views) = makePhoneWindow("a") // constraints only: no conflict report to hold a's width
        let a = views[0]
        do {
            let holder = View(name: "holder")
            try window.addSubview(holder)
            let width = a.widthAnchor.constraint(equalToConstant: 100)
            holder.addConstraints([width], installed: .only(in: SizeClassCell(height: .regular)))
            ownerGone = width
            window.layoutIfNeeded()
            #expect(width.isActive)
            holder.removeFromSuperview() // the window held it: it goes, and its variation
        }
        window.layoutIfNeeded()
        #expect(ownerGone?.isActive == true) // held by the engine, through the variation
        ownerGone.map { LayoutConstraint.deactivate([$0]) }
        #expect(ownerGone != nil) // until the pass
        window.layoutIfNeeded()
        #expect(ownerGone == nil)
    }

    /// A constraint that is active when a variation lists it keeps its own
    /// retains (its holds then were taken so), and so does one listed by two
    /// variations, by the first: switched by either, given back as many
    /// times as it was held, and freed with its hierarchy.
    @Test func aConstraintActiveBeforeAVariationListsItIsHeldAsBefore() throws {
        weak var early: LayoutConstraint?
        weak var twice: LayoutConstraint?
        do {
            let (screen, window, views) = makePhoneWindow("row")
            let row = views[0]
            try LayoutConstraint.activate {
                row.leadingAnchor.constraint(equalTo: window.leadingAnchor)
                row.topAnchor.constraint(equalTo: window.topAnchor)
                row.widthAnchor.constraint(equalToConstant: 100)
            }
            let tall = row.heightAnchor.constraint(equalToConstant: 44)
            try LayoutConstraint.activate([tall])
            let short = row.heightAnchor.constraint(equalToConstant: 30)
            window.addConstraints([tall], installed: .only(in: SizeClassCell(height: .regular)))
            window.addConstraints([short], installed: .only(in: SizeClassCell(height: .compact)))
            row.addConstraints([short], installed: .only(in: SizeClassCell(height: .compact)))
            window.layoutIfNeeded()
            #expect(row.frame.height == 44)
            for _ in 0..<3 {
                screen.rotate(to: .landscape)
                #expect(row.frame.height == 30 && !tall.isActive && short.isActive)
                screen.rotate(to: .portrait)
                #expect(row.frame.height == 44 && tall.isActive && !short.isActive)
            }
            screen.rotate(to: .landscape) // ends with `tall` out: its holds all given back
            early = tall
            twice = short
            _ = screen
        }
        #expect(early == nil)
        #expect(twice == nil)
    }

    /// An activation of `ConstraintGroup.batchFrom` constraints or more is
    /// held as a batch: its constraints deactivated are held on while at
    /// least half of its entries stand (as many as its active ones at most),
    /// and freed at the pass after which fewer stand, when the others get
    /// their own retains. A constraint of the batch activated again counts
    /// on it, and a hierarchy is freed whole with its batches.
    @Test func aBatchHoldsItsConstraintsWhileHalfOfThemStand() throws {
        weak var weakRoot: View?
        weak var again: LayoutConstraint?
        do {
            let (root, v) = makeRoot(320, 480, "a")
            let a = v[0]
            var batch: [WeakConstraint] = []
            do {
                let made = (0..<20).map { k in a.widthAnchor.constraint(greaterThanOrEqualToConstant: Double(k)) }
                #expect(made.count >= ConstraintGroup.batchFrom)
                try LayoutConstraint.activate(made + [a.heightAnchor.constraint(equalToConstant: 10)])
                batch = made.map { WeakConstraint(constraint: $0) }
            }
            func deactivate(_ range: Range<Int>) {
                LayoutConstraint.deactivate(batch[range].compactMap(\.constraint))
                root.layoutIfNeeded()
            }
            root.layoutIfNeeded()
            #expect(a.frame.width == 19)
            deactivate(0..<10) // 11 of 21 stand: held on
            #expect(batch[..<10].allSatisfy { $0.constraint.map { !$0.isActive } == true })
            #expect(a.frame.width == 19)
            try LayoutConstraint.activate([batch[3].constraint!]) // counts on the batch again
            again = batch[3].constraint
            deactivate(10..<19) // 3 stand (constraints 3 and 19, and the height)
            #expect(batch[..<3].allSatisfy { $0.constraint == nil })
            #expect(batch[4..<19].allSatisfy { $0.constraint == nil })
            #expect(again?.isActive == true && batch[19].constraint?.isActive == true)
            #expect(a.frame == Rect(x: 0, y: 0, width: 19, height: 10))
            deactivate(19..<20) // held on its own now: freed at once
            #expect(batch[19].constraint == nil)
            #expect(again != nil && a.frame.width == 3)
            weakRoot = root
        }
        #expect(weakRoot == nil)
        #expect(again == nil)
    }

    /// A batch's constraints in two hierarchies: each engine holds the batch
    /// for its own; the first hierarchy freed gives its entries back, and
    /// its constraints go once fewer than half of the batch's entries stand.
    @Test func aBatchAcrossTwoHierarchiesIsFreedWithBoth() throws {
        weak var firstRoot: View?
        weak var inFirst: LayoutConstraint?
        weak var inSecond: LayoutConstraint?
        let (second, w) = makeRoot(320, 480, "b")
        do {
            let (first, v) = makeRoot(320, 480, "a")
            let a = v[0], b = w[0]
            let mine = (0..<12).map { k in a.widthAnchor.constraint(greaterThanOrEqualToConstant: Double(k)) }
            let theirs = (0..<8).map { k in b.widthAnchor.constraint(greaterThanOrEqualToConstant: Double(k)) }
            try LayoutConstraint.activate(mine + theirs)
            first.layoutIfNeeded()
            second.layoutIfNeeded()
            #expect(a.frame.width == 11 && b.frame.width == 7)
            firstRoot = first
            inFirst = mine[0]
            inSecond = theirs[0]
        }
        #expect(firstRoot == nil)
        #expect(inFirst == nil) // 8 of 20 stand: the batch dissolved
        #expect(inSecond?.isActive == true)
        inSecond.map { LayoutConstraint.deactivate([$0]) }
        second.layoutIfNeeded()
        #expect(inSecond == nil)
        #expect(w[0].frame.width == 7)
    }

    /// Random activations, in batches and alone, and deactivations across
    /// two hierarchies, with some constraints let go by their maker: after
    /// each pass every view's width is the largest lower bound active on it
    /// (the oracle), every active constraint is alive whether or not its
    /// maker holds it, and at the end, everything deactivated and let go,
    /// nothing is left (the sanitizer runs of `make test` check the rest).
    @Test func batchesAndSingleActivationsInAnyOrderKeepWhatIsActive() throws {
        var rng = SplitMix(seed: 0x5eed)
        weak var firstRoot: View?
        var weakPool: [WeakConstraint] = []
        do {
            let (first, v) = makeRoot(320, 480, "a", "b")
            let (second, w) = makeRoot(320, 480, "c")
            let views = v + w
            var pool: [LayoutConstraint?] = []
            var bound: [(view: Int, k: Double)] = []
            for n in 0..<90 {
                let view = n % views.count, k = Double(rng.next() % 100)
                pool.append(views[view].widthAnchor.constraint(greaterThanOrEqualToConstant: k))
                bound.append((view, k))
            }
            weakPool = pool.map { WeakConstraint(constraint: $0) }
            func some(_ upTo: Int) -> [LayoutConstraint] {
                (0..<Int(rng.next() % UInt64(upTo) + 1)).compactMap { _ in weakPool[Int(rng.next() % 90)].constraint }
            }
            for step in 0..<400 {
                switch rng.next() % 6 {
                case 0, 1: try LayoutConstraint.activate(some(40))
                case 2: if let c = some(1).first { c.isActive = true }
                case 3: LayoutConstraint.deactivate(some(30))
                case 4: pool[Int(rng.next() % 90)] = nil // its maker lets it go
                default: break
                }
                if step % 3 == 0 {
                    first.layoutIfNeeded()
                    second.layoutIfNeeded()
                    for (i, view) in views.enumerated() {
                        let active = bound.indices.filter { bound[$0].view == i && weakPool[$0].constraint?.isActive == true }
                        let widest = active.map { bound[$0].k }.max() ?? view.frame.width
                        #expect(view.frame.width == widest, "step \(step), view \(i)")
                    }
                    for (n, weak) in weakPool.enumerated() where pool[n] == nil {
                        if let c = weak.constraint { _ = c.isActive } // alive or gone, never dangling
                    }
                }
            }
            for c in weakPool.compactMap(\.constraint) where c.isActive { LayoutConstraint.deactivate([c]) }
            first.layoutIfNeeded()
            second.layoutIfNeeded()
            pool.removeAll()
            firstRoot = first
            _ = second
        }
        #expect(firstRoot == nil)
        #expect(weakPool.allSatisfy { $0.constraint == nil })
    }

    /// A view whose variation holds constraints within its subtree moves to
    /// another window: the first engine's entries wait for its next pass
    /// while the second's hold the same variation; the frames follow the
    /// new window's rotations, and all of it is freed with the windows.
    @Test func aVariationMovedToAnotherWindowIsHeldByBothEnginesInTurn() throws {
        weak var weakCard: View?
        weak var tall: LayoutConstraint?
        do {
            let phone = Screen(device: Device.named("iPhone 8")!)
            let plus = Screen(device: Device.named("iPhone 8 Plus")!)
            let first = Window(screen: phone)
            let second = Window(screen: plus)
            let card = View(name: "card")
            let label = View(name: "label")
            label.translatesAutoresizingMaskIntoConstraints = false
            try card.addSubview(label)
            try first.addSubview(card)
            let pinned = [label.leadingAnchor.constraint(equalTo: card.leadingAnchor),
                          label.topAnchor.constraint(equalTo: card.topAnchor),
                          label.widthAnchor.constraint(equalToConstant: 50)]
            let high = label.heightAnchor.constraint(equalToConstant: 40)
            card.addConstraints(pinned, installed: .only(in: SizeClassCell()))
            card.addConstraints([high], installed: .only(in: SizeClassCell(height: .regular)))
            card.addConstraints([label.heightAnchor.constraint(equalToConstant: 20)],
                                installed: .only(in: SizeClassCell(height: .compact)))
            first.layoutIfNeeded()
            #expect(label.frame == Rect(x: 0, y: 0, width: 50, height: 40))
            try second.addSubview(card) // out of `first` before its next pass
            second.layoutIfNeeded()
            #expect(high.isActive && label.frame.height == 40)
            phone.rotate(to: .landscape) // `first`'s pass: its entries given back
            #expect(high.isActive && label.frame.height == 40)
            plus.rotate(to: .landscape)
            #expect(!high.isActive && label.frame.height == 20)
            plus.rotate(to: .portrait)
            #expect(high.isActive && label.frame.height == 40)
            weakCard = card
            tall = high
        }
        #expect(weakCard == nil)
        #expect(tall == nil)
    }

    /// A hierarchy freed with changes still queued (activated, deactivated,
    /// never laid out) frees its constraints too.
    @Test func queuedChangesAreFreedWithTheirHierarchy() throws {
        weak var weakRoot: View?
        weak var active: LayoutConstraint?
        weak var deactivated: LayoutConstraint?
        do {
            let (root, v) = makeRoot(320, 480, "a")
            let c1 = v[0].widthAnchor.constraint(equalToConstant: 100)
            let c2 = v[0].heightAnchor.constraint(equalToConstant: 40)
            try LayoutConstraint.activate([c1, c2])
            root.layoutIfNeeded()
            LayoutConstraint.deactivate([c2]) // queued for removal
            let c3 = v[0].leadingAnchor.constraint(equalTo: root.leadingAnchor)
            try LayoutConstraint.activate([c3]) // queued for addition
            weakRoot = root
            active = c3
            deactivated = c2
        }
        #expect(weakRoot == nil)
        #expect(active == nil)
        #expect(deactivated == nil)
    }

    /// A constraint the solver holds, deactivated and activated again twice
    /// before a pass, is in the solver once after it: the pass neither
    /// removes nor adds it (its queued removal is cancelled, each time), and
    /// a later deactivation still takes it out.
    @Test func aConstraintActivatedAgainBeforeThePassStaysInTheSolver() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let a = v[0]
        let width = a.widthAnchor.constraint(equalToConstant: 100)
        let narrow = a.widthAnchor.constraint(equalToConstant: 60)
        narrow.priority = .defaultLow
        try LayoutConstraint.activate {
            width
            narrow
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            a.topAnchor.constraint(equalTo: root.topAnchor)
            a.heightAnchor.constraint(equalToConstant: 10)
        }
        root.layoutIfNeeded()
        #expect(a.frame.width == 100)
        for _ in 0..<2 {
            LayoutConstraint.deactivate([width])
            try LayoutConstraint.activate([width])
        }
        root.layoutIfNeeded()
        #expect(width.isActive && a.frame.width == 100) // held: not removed
        LayoutConstraint.deactivate([width])
        root.layoutIfNeeded()
        #expect(a.frame.width == 60) // out, once: nothing else holds the width at 100
        try LayoutConstraint.activate([width])
        root.layoutIfNeeded()
        #expect(a.frame.width == 100) // added back without a duplicate
    }

    /// A constraint compiled before, out of the solver, and activated again
    /// may still change before the pass that adds it back: a new constant is
    /// what the pass adds, a new priority compiles it afresh (its old form
    /// and its solver id are forgotten), deactivated again it stays out, and
    /// items leaving the hierarchy meanwhile have it compiled again over the
    /// variables there are then.
    @Test func aConstraintActivatedAgainChangesBeforeThePass() throws {
        let (root, v) = makeRoot(320, 480, "a", "z")
        let (a, z) = (v[0], v[1])
        let wide = a.widthAnchor.constraint(equalToConstant: 100)
        wide.priority = .defaultHigh
        let narrow = a.widthAnchor.constraint(equalToConstant: 60)
        narrow.priority = LayoutPriority(500)
        try LayoutConstraint.activate {
            wide
            narrow
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            a.topAnchor.constraint(equalTo: root.topAnchor)
            a.heightAnchor.constraint(equalToConstant: 10)
        }
        root.layoutIfNeeded()
        #expect(a.frame.width == 100)
        func again(_ change: () -> Void) {
            LayoutConstraint.deactivate([wide])
            root.layoutIfNeeded() // out of the solver, still compiled
            try! LayoutConstraint.activate([wide]) // its compiled form reused
            change()
            root.layoutIfNeeded()
        }
        again { wide.constant = 80 }
        #expect(wide.isActive && a.frame.width == 80)
        again { wide.priority = LayoutPriority(600) } // still above narrow's 500: it must be added
        #expect(root.layoutConflicts.isEmpty && a.frame.width == 80)
        wide.priority = .defaultLow // below: out of the way
        root.layoutIfNeeded()
        #expect(a.frame.width == 60)
        wide.priority = .defaultHigh
        root.layoutIfNeeded()
        #expect(a.frame.width == 80)
        again { LayoutConstraint.deactivate([wide]) }
        #expect(!wide.isActive && a.frame.width == 60)
        try LayoutConstraint.activate([wide])
        root.layoutIfNeeded()
        #expect(a.frame.width == 80)
        again { z.removeFromSuperview() } // a departure: compiled again at the pass
        #expect(root.layoutConflicts.isEmpty && a.frame == Rect(x: 0, y: 0, width: 80, height: 10))
    }

    /// All or nothing, also when constraints activated before come first (a
    /// size-class switch's: installed as they come), in two hierarchies, and
    /// a later one is refused: the call activates none of them (one active
    /// already stays so), and the layout stays as it was, also after a pass.
    @Test func aRefusalAfterConstraintsActivatedBeforeActivatesNone() throws {
        let (root, v) = makeRoot(320, 480, "a")
        let a = v[0]
        let wide = a.widthAnchor.constraint(equalToConstant: 100)
        let narrow = a.widthAnchor.constraint(equalToConstant: 60)
        narrow.priority = .defaultLow
        try LayoutConstraint.activate {
            wide
            narrow
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            a.topAnchor.constraint(equalTo: root.topAnchor)
            a.heightAnchor.constraint(equalToConstant: 10)
        }
        root.layoutIfNeeded()
        LayoutConstraint.deactivate([wide]) // queued for removal
        let (other, w) = makeRoot(100, 100, "b") // a second engine
        let otherWidth = w[0].widthAnchor.constraint(equalToConstant: 10)
        try LayoutConstraint.activate([otherWidth])
        other.layoutIfNeeded()
        LayoutConstraint.deactivate([otherWidth])
        let fresh = a.heightAnchor.constraint(equalToConstant: 30) // new: checked
        let stranger = View(name: "stranger")
        let apart = a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        #expect(throws: LayoutError.noCommonAncestor(first: "a", second: "stranger")) {
            try LayoutConstraint.activate([wide, narrow, otherWidth, fresh, apart])
        }
        #expect(!wide.isActive && narrow.isActive && !otherWidth.isActive && !fresh.isActive && !apart.isActive)
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 60, height: 10)) // wide out as asked
        try LayoutConstraint.activate([wide, fresh.withPriority(.defaultHigh)])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    }

    /// A constraint deactivated in one hierarchy, whose view then moves to
    /// another before a pass, is activated there: its removal queued in the
    /// first engine is cancelled there, as that engine's solver forgets it
    /// (a cancellation in the wrong engine's list traps), and both
    /// hierarchies' next passes lay out what each holds.
    @Test func aQueuedRemovalMovesOutWithItsView() throws {
        let (first, v) = makeRoot(320, 480, "box")
        let box = v[0]
        let inner = View(name: "inner")
        inner.translatesAutoresizingMaskIntoConstraints = false
        try box.addSubview(inner)
        let innerWidth = inner.widthAnchor.constraint(equalToConstant: 40)
        try LayoutConstraint.activate {
            innerWidth
            inner.heightAnchor.constraint(equalToConstant: 10)
            inner.leadingAnchor.constraint(equalTo: box.leadingAnchor)
            inner.topAnchor.constraint(equalTo: box.topAnchor)
            box.leadingAnchor.constraint(equalTo: first.leadingAnchor)
            box.topAnchor.constraint(equalTo: first.topAnchor)
            box.heightAnchor.constraint(equalToConstant: 50)
            box.widthAnchor.constraint(equalToConstant: 200)
        }
        first.layoutIfNeeded()
        #expect(inner.frame.width == 40)
        LayoutConstraint.deactivate([innerWidth]) // queued for removal in the first engine
        let (second, _) = makeRoot(100, 100)
        try second.addSubview(inner)
        try LayoutConstraint.activate {
            innerWidth
            inner.leadingAnchor.constraint(equalTo: second.leadingAnchor)
            inner.topAnchor.constraint(equalTo: second.topAnchor)
        }
        // New constraints in the first hierarchy, compiled at its next pass
        // (the forgotten id is free to be theirs).
        let spacer = View(name: "spacer")
        spacer.translatesAutoresizingMaskIntoConstraints = false
        try first.addSubview(spacer)
        try LayoutConstraint.activate {
            spacer.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5)
            spacer.heightAnchor.constraint(equalToConstant: 5)
            spacer.leadingAnchor.constraint(equalTo: box.trailingAnchor)
            spacer.topAnchor.constraint(equalTo: first.topAnchor)
        }
        first.layoutIfNeeded()
        second.layoutIfNeeded()
        #expect(first.layoutConflicts.isEmpty && second.layoutConflicts.isEmpty)
        #expect(box.frame == Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(spacer.frame == Rect(x: 200, y: 0, width: 100, height: 5))
        #expect(inner.frame == Rect(x: 0, y: 0, width: 40, height: 10))
    }
}


/// A constraint watched without being held (the memory tests' lists).
struct WeakConstraint { weak var constraint: LayoutConstraint? }

/// A seeded generator for the randomized tests (SplitMix64): the same
/// sequence on every run and platform.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
