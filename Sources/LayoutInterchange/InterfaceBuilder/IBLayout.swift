import AdaptiveLayout

/// Size-class variations of an Interface Builder document, resolved for one
/// pair of size classes: which views and constraints are installed, and
/// with which attributes. Variations apply from the least to the most
/// specific key (`default`, `widthClass=...`, `heightClass=...`, both); a
/// key applies only when every trait it names is the environment's (keys
/// naming other traits, such as `userInterfaceIdiom=mac`, never do).
public struct IBVariations {
    public let horizontal: UserInterfaceSizeClass
    public let vertical: UserInterfaceSizeClass

    public init(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The keys of `keys` that apply, in the order they apply.
    public func applicable<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
        var out: [(Int, Int, String)] = []
        for key in keys {
            if key == "default" { out.append((0, 0, key)); continue }
            var ok = true, width = false, height = false
            for part in key.split(separator: "-") {
                let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard kv.count == 2 else { ok = false; break }
                switch kv[0] {
                case "widthClass": width = true; ok = ok && horizontal != .unspecified && horizontal.rawValue == kv[1]
                case "heightClass": height = true; ok = ok && vertical != .unspecified && vertical.rawValue == kv[1]
                default: ok = false
                }
            }
            if ok { out.append((width && height ? 2 : 1, width ? 0 : 1, key)) }
        }
        return out.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2)
    }

    /// Whether something toggled by `toggles` (key → included?) is installed; installed by default.
    func installed(_ toggles: [String: Bool]) -> Bool {
        var state = true
        for key in applicable(toggles.keys) { state = toggles[key]! }
        return state
    }

    /// The ids of the views installed: toggled by their superview's `subviews`
    /// masks, and within installed superviews.
    public func installedViews(_ root: IBRoot) -> Set<String> {
        var out: Set<String> = []
        var byID: [String: IBView] = [:]
        for v in root.views { byID[v.id] = v }
        for v in root.views { // superviews come first
            guard let s = v.superview else { out.insert(v.id); continue }
            guard out.contains(s), let sv = byID[s] else { continue }
            var toggles: [String: Bool] = [:]
            for (key, variation) in sv.variations { if let inc = variation.masks["subviews"]?[v.id] { toggles[key] = inc } }
            if installed(toggles) { out.insert(v.id) }
        }
        return out
    }

    /// Whether a constraint is installed (its owner's `constraints` masks, its items installed).
    public func isInstalled(_ c: IBConstraint, in root: IBRoot, views: Set<String>) -> Bool {
        guard !c.placeholder, views.contains(c.owner) else { return false }
        let guideOwners = Dictionary(root.guides.map { ($0.id, $0.owner) }, uniquingKeysWith: { a, _ in a })
        for item in [c.first.item, c.second?.item].compactMap({ $0 }) {
            guard views.contains(item) || guideOwners[item].map(views.contains) == true else { return false }
        }
        var toggles: [String: Bool] = [:]
        for (key, variation) in root.view(c.owner)?.variations ?? [:] {
            if let inc = variation.masks["constraints"]?[c.id] { toggles[key] = inc }
        }
        return installed(toggles)
    }

    /// A view's attributes overridden for these size classes (`hidden`, a stack's `axis`, ...).
    public func attributes(_ v: IBView) -> [String: String] {
        var out: [String: String] = [:]
        for key in applicable(v.variations.keys) { out.merge(v.variations[key]!.attributes) { $1 } }
        return out
    }

    /// A view's frame for these size classes, when a variation stores one.
    public func frame(_ v: IBView) -> Rect? {
        applicable(v.variations.keys).compactMap { v.variations[$0]!.frame }.last
    }

    /// A constraint with its constant, multiplier and priority for these size classes.
    public func resolved(_ c: IBConstraint) -> IBConstraint {
        var out = c
        for key in applicable(c.overrides.keys) {
            let o = c.overrides[key]!
            if let v = o["constant"].flatMap(Double.init), v.isFinite { out.constant = v }
            if let m = IBReader.multiplier(o["multiplier"]), o["multiplier"] != nil { out.multiplier = m }
            if let p = o["priority"].flatMap(Float.init), p >= 1, p <= 1000 { out.priority = LayoutPriority(p) }
        }
        return out
    }
}

/// What a document does not store and layout needs: the root's size,
/// layout margins, safe-area insets and the lengths of the old top and
/// bottom layout guides. ``IBCheck`` infers them from the stored frames;
/// previews take them from the device.
public struct IBEnvironment {
    public var rootSize: Size
    public var margins: [String: EdgeInsets] = [:]
    public var safeAreaInsets: [String: EdgeInsets] = [:]
    public var topGuideLength = 0.0
    public var bottomGuideLength = 0.0
    /// Intrinsic sizes by view id (default: the stored frame's size in the
    /// dimensions that have one, or IB's placeholder).
    public var intrinsicSizes: [String: Size] = [:]
    /// Whether hidden arranged views collapse in their stack view, as they do
    /// in a running app; Interface Builder's canvas (and so its stored
    /// frames) gives them their room.
    public var collapsesHiddenViews = false

    public init(rootSize: Size) { self.rootSize = rootSize }
}

/// One root of a document laid out: views and guides built from the stored
/// description for some size classes and an environment, solved.
public struct IBLayout {
    public let root: IBRoot
    public let rootView: View
    /// Installed views by id.
    public let views: [String: View]
    /// Constraints that could not be made (a shape Auto Layout refuses), with the reason.
    public let refused: [(id: String, reason: String)]
    /// Installed constraints by IB id.
    public let constraints: [String: LayoutConstraint]
    static let scrolling: Set<String> = ["scrollView", "tableView", "collectionView", "textView"]

    public init(_ root: IBRoot, variations: IBVariations, environment env: IBEnvironment) {
        self.root = root
        let installed = variations.installedViews(root)
        var byID: [String: IBView] = [:]
        for v in root.views { byID[v.id] = v }
        var views: [String: View] = [:]
        var stacks: [(StackView, IBView)] = []
        for v in root.views where installed.contains(v.id) {
            let attributes = variations.attributes(v)
            let view: View = v.stack != nil ? StackView(name: v.id) : View(name: v.id)
            views[v.id] = view
            // Every view starts at its stored frame, as a nib loader sets it:
            // autoresizing measures a superview's later growth from there.
            if let f = variations.frame(v) ?? v.frame { view.frame = f }
            if let s = v.superview, let parent = views[s] { try? parent.addSubview(view) }
            view.isHidden = env.collapsesHiddenViews && (attributes["hidden"] ?? (v.hidden ? "YES" : "NO")) == "YES"
            let ins = v.alignmentInsets
            if v.superview == nil {
                view.frame = Rect(x: 0, y: 0, width: v.frame?.width ?? env.rootSize.width, height: v.frame?.height ?? env.rootSize.height)
            } else if v.translatesAutoresizingMaskIntoConstraints || v.fixedFrame, let f = variations.frame(v) ?? v.frame {
                view.translatesAutoresizingMaskIntoConstraints = true
                view.autoresizingMask = v.autoresizingMask
                view.frame = Rect(x: f.minX + ins.left, y: f.minY + ins.top,
                                  width: f.width - ins.left - ins.right, height: f.height - ins.top - ins.bottom)
            } else {
                view.translatesAutoresizingMaskIntoConstraints = false
            }
            if let size = env.intrinsicSizes[v.id] {
                view.intrinsicContentSize = size
            } else if v.intrinsicDimensions.width || v.intrinsicDimensions.height, let f = v.frame {
                let p = v.placeholderIntrinsicSize
                let w = v.intrinsicDimensions.width ? (p?.width ?? f.width - ins.left - ins.right) : View.noIntrinsicMetric
                let h = v.intrinsicDimensions.height ? (p?.height ?? f.height - ins.top - ins.bottom) : View.noIntrinsicMetric
                view.intrinsicContentSize = Size(width: w, height: h)
            }
            view.setContentHuggingPriority(v.hugging.horizontal, for: .horizontal)
            view.setContentHuggingPriority(v.hugging.vertical, for: .vertical)
            view.setContentCompressionResistancePriority(v.compression.horizontal, for: .horizontal)
            view.setContentCompressionResistancePriority(v.compression.vertical, for: .vertical)
            if let m = env.margins[v.id] ?? v.layoutMargins { view.layoutMargins = m }
            if let s = env.safeAreaInsets[v.id] { view.safeAreaInsets = s }
            if let stack = view as? StackView, var s = v.stack {
                IBReader().apply(attributes, to: &s)
                stack.axis = s.axis
                stack.distribution = s.distribution
                stack.alignment = s.alignment
                stack.spacing = s.spacing
                stack.isLayoutMarginsRelativeArrangement = s.layoutMarginsRelativeArrangement
                stacks.append((stack, v))
            }
        }
        for (stack, v) in stacks {
            for id in v.stack!.arranged { if let a = views[id] { stack.addArrangedSubview(a) } }
        }
        let rootView = views[root.id]!
        // Loaded at the stored size, then resized, as a window resizes a
        // loaded view: subviews that translate their masks follow.
        rootView.frame = Rect(x: 0, y: 0, width: env.rootSize.width, height: env.rootSize.height)

        // Guides.
        var items: [String: LayoutItem] = views
        var made: [LayoutConstraint] = []
        var contentGuides: [String: LayoutGuide] = [:]
        func pin(_ a: LayoutItem, _ aa: LayoutAttribute, _ b: LayoutItem?, _ ba: LayoutAttribute, _ c: Double) {
            if let k = try? LayoutConstraint(item: a, attribute: aa, relatedBy: .equal, toItem: b, attribute: ba, constant: c) {
                made.append(k)
            }
        }
        func contentGuide(_ scroll: View) -> LayoutGuide {
            if let g = contentGuides[scroll.layoutName] { return g }
            let g = LayoutGuide(name: scroll.layoutName + ".content")
            scroll.addLayoutGuide(g)
            pin(g, .left, scroll, .left, 0)
            pin(g, .top, scroll, .top, 0)
            contentGuides[scroll.layoutName] = g
            return g
        }
        for g in root.guides {
            guard let owner = views[g.owner] else { continue }
            switch g.kind {
            case .safeArea:
                items[g.id] = owner.safeAreaLayoutGuide
            case .topLayoutGuide, .bottomLayoutGuide:
                let guide = LayoutGuide(name: g.id)
                owner.addLayoutGuide(guide)
                pin(guide, .left, owner, .left, 0)
                pin(guide, .right, owner, .right, 0)
                if g.kind == .topLayoutGuide {
                    pin(guide, .top, owner, .top, 0)
                    pin(guide, .height, nil, .notAnAttribute, env.topGuideLength)
                } else {
                    pin(guide, .bottom, owner, .bottom, 0)
                    pin(guide, .height, nil, .notAnAttribute, env.bottomGuideLength)
                }
                items[g.id] = guide
            case .contentLayoutGuide:
                items[g.id] = contentGuide(owner)
            case .frameLayoutGuide:
                let guide = LayoutGuide(name: g.id)
                owner.addLayoutGuide(guide)
                for a in [LayoutAttribute.left, .top, .width, .height] { pin(guide, a, owner, a, 0) }
                items[g.id] = guide
            }
        }

        // Constraints.
        var constraints: [String: LayoutConstraint] = [:]
        var refused: [(String, String)] = []
        for stored in root.constraints where variations.isInstalled(stored, in: root, views: installed) {
            let c = variations.resolved(stored)
            guard var first = items[c.first.item] else { continue }
            var second = c.second.flatMap { items[$0.item] }
            // An edge of a scroll view tied to its own descendant is an edge of its content.
            let edges: Set<LayoutAttribute> = [.left, .right, .top, .bottom, .leading, .trailing]
            if let s = c.second, let sv = second {
                if let scroll = first as? View, Self.scrolling.contains(byID[c.first.item]!.element),
                   edges.contains(c.first.attribute), let other = sv as? View, other !== scroll, other.isDescendant(of: scroll) {
                    first = contentGuide(scroll)
                } else if let scroll = sv as? View, Self.scrolling.contains(byID[s.item]!.element), edges.contains(s.attribute),
                          let other = first as? View, other !== scroll, other.isDescendant(of: scroll) {
                    second = contentGuide(scroll)
                }
            }
            do {
                let k = try LayoutConstraint(item: first, attribute: c.first.attribute, relatedBy: c.relation, toItem: second,
                                             attribute: c.second?.attribute ?? .notAnAttribute,
                                             multiplier: c.second == nil ? 1 : c.multiplier, constant: c.constant)
                k.priority = c.priority
                k.identifier = c.id
                constraints[c.id] = k
                made.append(k)
            } catch {
                refused.append((c.id, error.description))
            }
        }
        for k in made {
            do { try LayoutConstraint.activate([k]) } catch {
                refused.append((k.identifier ?? "?", error.description))
            }
        }
        rootView.layoutIfNeeded()
        self.rootView = rootView
        self.views = views
        self.constraints = constraints
        self.refused = refused
    }

    /// A view's frame in root coordinates, as Interface Builder stores frames
    /// (the alignment rect the constraints placed, grown by the control's insets).
    public func frame(of id: String) -> Rect? {
        guard let v = views[id], let stored = root.view(id) else { return nil }
        let r = v.frameInRoot, ins = stored.alignmentInsets
        return Rect(x: r.minX - ins.left, y: r.minY - ins.top,
                    width: r.width + ins.left + ins.right, height: r.height + ins.top + ins.bottom)
    }
}
