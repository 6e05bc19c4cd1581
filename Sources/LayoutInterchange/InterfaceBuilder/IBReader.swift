import AdaptiveLayout
import Foundation

/// Interprets the markup tree of an Interface Builder document (``IBDocument``).
struct IBReader {
    /// Elements that are views even when stored without a frame.
    static let viewElements: Set<String> = [
        "view", "label", "button", "imageView", "textField", "textView", "switch", "slider", "stepper",
        "progressView", "pageControl", "segmentedControl", "activityIndicatorView", "datePicker", "pickerView",
        "scrollView", "tableView", "tableViewCell", "tableViewCellContentView", "collectionView",
        "collectionViewCell", "collectionReusableView", "stackView", "navigationBar", "toolbar", "tabBar",
        "searchBar", "mapView", "webView", "wkWebView", "containerView", "visualEffectView", "arscnView",
        "sceneKitView", "mtkView", "glkView",
    ]
    /// Which dimensions of a control have an intrinsic size (image and text
    /// views: decided per view).
    static let intrinsicDimensions: [String: (Bool, Bool)] = [
        "label": (true, true), "button": (true, true), "textField": (true, true), "switch": (true, true),
        "slider": (false, true), "stepper": (true, true), "progressView": (false, true),
        "pageControl": (true, true), "segmentedControl": (true, true), "activityIndicatorView": (true, true),
        "datePicker": (true, true), "pickerView": (true, true), "searchBar": (false, true),
        "navigationBar": (false, true), "toolbar": (false, true), "tabBar": (false, true),
    ]
    static let relations: [String: LayoutRelation] = [
        "equal": .equal, "lessThanOrEqual": .lessThanOrEqual, "greaterThanOrEqual": .greaterThanOrEqual,
    ]

    // MARK: - Device

    func device(_ top: MarkupElement) -> (String?, Orientation) {
        if let d = top.child("device") {
            return (d["id"], d["orientation"] == "landscape" ? .landscape : .portrait)
        }
        // Before Xcode 8: a simulated screen in some controller.
        var found: String?
        var landscape = false
        func walk(_ e: MarkupElement) {
            if e.name == "simulatedScreenMetrics", found == nil,
               ["destination", "simulatedDestinationMetrics"].contains(e["key"] ?? "") {
                var base = String((e["type"] ?? "").split(separator: ".").first ?? "")
                if base.isEmpty, (top["targetRuntime"] ?? "").hasSuffix("iPad") { base = "ipad9_7" }
                found = IBDevices.legacy[base] ?? base
            }
            if e.name == "simulatedOrientationMetrics", (e["orientation"] ?? "").hasPrefix("landscape") { landscape = true }
            for c in e.children { walk(c) }
        }
        walk(top)
        return (found.flatMap { $0.isEmpty ? nil : $0 }, landscape ? .landscape : .portrait)
    }

    // MARK: - Roots

    func isView(_ e: MarkupElement) -> Bool {
        guard e["id"] != nil else { return false }
        return e.child("rect", key: "frame") != nil || Self.viewElements.contains(e.name)
    }

    func roots(_ top: MarkupElement) throws(DocumentError) -> [IBRoot] {
        var objectLists: [MarkupElement] = []
        for scene in top.child("scenes")?.children ?? [] where scene.name == "scene" {
            if let objects = scene.child("objects") { objectLists.append(objects) }
        }
        if let objects = top.child("objects") { objectLists.append(objects) }
        var roots: [IBRoot] = []
        for objects in objectLists {
            for o in objects.children {
                if o["sceneMemberID"] == "viewController" || o.name.hasSuffix("Controller") {
                    for c in o.children where c["key"] == "view" && isView(c) {
                        // The controller's top and bottom layout guides belong to its view.
                        var guides: [IBGuide] = []
                        for g in o.child("layoutGuides")?.children ?? [] {
                            guard let id = g["id"] else { continue }
                            guides.append(IBGuide(id: id, kind: g["type"] == "bottom" ? .bottomLayoutGuide : .topLayoutGuide,
                                                  owner: c["id"]!))
                        }
                        var root = try self.root(c, guides: guides)
                        root.controllerElement = o.name
                        for s in o.children {
                            if s.name == "simulatedNavigationBarMetrics" { root.simulatedBars.insert("navigationBar") }
                            if s.name == "simulatedTabBarMetrics" { root.simulatedBars.insert("tabBar") }
                            if s.name == "simulatedStatusBarMetrics" { root.simulatedBars.insert("statusBar:" + (s["statusBarStyle"] ?? "")) }
                        }
                        roots.append(root)
                    }
                } else if isView(o) {
                    roots.append(try root(o))
                }
            }
        }
        return roots
    }

    /// Everything below a root view.
    func root(_ element: MarkupElement, guides: [IBGuide] = []) throws(DocumentError) -> IBRoot {
        var root = IBRoot(id: element["id"]!)
        root.guides = guides
        var constraintElements: [(MarkupElement, String)] = []
        func visitView(_ e: MarkupElement, superview: String?, parentFrame: Rect?, inBarItem: Bool) {
            var view = self.view(e, superview: superview, parentFrame: parentFrame)
            view.inBarItem = inBarItem
            root.views.append(view)
            var arranged: [String] = []
            func visit(_ node: MarkupElement, inItems: Bool) {
                for c in node.children {
                    switch c.name {
                    case "variation", "connections", "navigationItem", "segue", "mask":
                        continue
                    case "constraints":
                        for k in c.children where k.name == "constraint" { constraintElements.append((k, view.id)) }
                    case "viewLayoutGuide":
                        if let id = c["id"], let kind = IBGuide.Kind(rawValue: c["key"] ?? "") {
                            root.guides.append(IBGuide(id: id, kind: kind, owner: view.id))
                        }
                    default:
                        if isView(c) {
                            if view.stack != nil, node.name == "subviews", node === e.child("subviews") {
                                arranged.append(c["id"]!)
                            }
                            visitView(c, superview: view.id, parentFrame: view.frame, inBarItem: inBarItem || inItems)
                        } else {
                            visit(c, inItems: inItems || c.name == "items")
                        }
                    }
                }
            }
            let index = root.views.count - 1
            visit(e, inItems: false)
            if root.views[index].stack != nil { root.views[index].stack!.arranged = arranged }
        }
        visitView(element, superview: nil, parentFrame: nil, inBarItem: false)
        let known = Set(root.views.map(\.id)).union(root.guides.map(\.id))
        for (k, owner) in constraintElements {
            root.constraints.append(try constraint(k, owner: owner, known: known))
        }
        return root
    }

    // MARK: - Views

    func number(_ text: String?) -> Double? {
        guard let text, let v = Double(text), v.isFinite else { return nil }
        return v
    }

    func rect(_ e: MarkupElement?) -> Rect? {
        guard let e, let x = number(e["x"]), let y = number(e["y"]), let w = number(e["width"]),
              let h = number(e["height"]) else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    func priority(_ text: String?, _ fallback: LayoutPriority) -> LayoutPriority {
        guard let v = number(text), v >= 1, v <= 1000 else { return fallback }
        return LayoutPriority(Float(v))
    }

    func view(_ e: MarkupElement, superview: String?, parentFrame: Rect?) -> IBView {
        let id = e["id"]!
        var v = IBView(id: id, element: e.name, customClass: e["customClass"],
                       label: e["userLabel"] ?? "\(e.name) \(id)", superview: superview, position: e.position)
        v.frame = rect(e.child("rect", key: "frame"))
        if v.frame == nil, e["key"] == "contentView", let cell = parentFrame {
            v.frame = Rect(x: 0, y: 0, width: cell.width, height: cell.height)
            v.frameImplied = true
        }
        v.translatesAutoresizingMaskIntoConstraints = e["translatesAutoresizingMaskIntoConstraints"] != "NO"
        v.fixedFrame = e["fixedFrame"] == "YES"
        v.misplaced = e["misplaced"] == "YES"
        v.ambiguous = e["ambiguous"] == "YES"
        v.hidden = e["hidden"] == "YES"
        v.hugging = (priority(e["horizontalHuggingPriority"], .defaultLow), priority(e["verticalHuggingPriority"], .defaultLow))
        v.compression = (priority(e["horizontalCompressionResistancePriority"], .defaultHigh),
                         priority(e["verticalCompressionResistancePriority"], .defaultHigh))
        for c in e.children {
            if c.name == "autoresizingMask" {
                let flags: [(String, AutoresizingMask)] = [
                    ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
                    ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin)]
                for (name, flag) in flags where c[name] == "YES" { v.autoresizingMask.insert(flag) }
            } else if c.name == "edgeInsets", c["key"] == "layoutMargins" {
                v.layoutMargins = EdgeInsets(top: number(c["top"]) ?? 0, left: number(c["left"]) ?? 0,
                                             bottom: number(c["bottom"]) ?? 0, right: number(c["right"]) ?? 0)
            } else if c.name == "directionalEdgeInsets", c["key"] == "directionalLayoutMargins" {
                v.layoutMargins = EdgeInsets(top: number(c["top"]) ?? 0, left: number(c["leading"]) ?? 0,
                                             bottom: number(c["bottom"]) ?? 0, right: number(c["trailing"]) ?? 0)
            } else if c.name == "variation", let key = c["key"] {
                var variation = IBVariation()
                for (a, value) in c.attributes where a != "key" { variation.attributes[a] = value }
                for m in c.children {
                    if m.name == "rect", m["key"] == "frame" { variation.frame = rect(m) }
                    if m.name == "mask", let mk = m["key"] {
                        for r in m.children {
                            if let ref = r["reference"] { variation.masks[mk, default: [:]][ref] = r.name == "include" }
                        }
                    }
                }
                v.variations[key] = variation
            }
        }
        if e.name == "stackView" {
            var s = IBStack()
            apply(e.attributes, to: &s)
            // Explicit margins on a stack view arrange inside them in the
            // corpus (22 of 25 such stacks), whatever the flag says.
            if v.layoutMargins != nil { s.layoutMarginsRelativeArrangement = true }
            let runtime = e.child("userDefinedRuntimeAttributes")?.children ?? []
            if runtime.contains(where: { $0["keyPath"] == "layoutMarginsRelativeArrangement" && $0["value"] == "YES" }) {
                s.layoutMarginsRelativeArrangement = true
            }
            v.stack = s
        }
        // Intrinsic size: which dimensions have one.
        var dims = Self.intrinsicDimensions[e.name] ?? (false, false)
        if e.name == "imageView" {
            let image = e["image"] ?? e.child("imageReference", key: "image")?["image"]
            dims = image != nil ? (true, true) : (false, false)
        } else if e.name == "textView" {
            dims = e["scrollEnabled"] == "NO" ? (true, true) : (false, false)
        }
        let pw = e["placeholderIntrinsicWidth"], ph = e["placeholderIntrinsicHeight"]
        if pw != nil || ph != nil {
            let w = pw == "infinite" ? nil : number(pw), h = ph == "infinite" ? nil : number(ph)
            v.placeholderIntrinsicSize = (w, h)
            dims = (w != nil, h != nil)
        }
        v.intrinsicDimensions = dims
        return v
    }

    /// Stack attributes (stored, or a size-class override) into a stack.
    func apply(_ attributes: [String: String], to s: inout IBStack) {
        if let a = attributes["axis"] { s.axis = a == "vertical" ? .vertical : .horizontal }
        if let d = attributes["distribution"], let dist = StackView.Distribution(rawValue: d) { s.distribution = dist }
        if let a = attributes["alignment"] {
            // IB writes the raw-value names: `top` is also leading, `bottom` also trailing.
            switch a {
            case "top", "leading": s.alignment = .leading
            case "bottom", "trailing": s.alignment = .trailing
            default: if let al = StackView.Alignment(rawValue: a) { s.alignment = al }
            }
        }
        if attributes["spacingType"] == "standard" {
            s.spacing = StackView.spacingUseSystem
        } else if let sp = number(attributes["spacing"]) {
            s.spacing = sp
        }
        if attributes["layoutMarginsRelativeArrangement"] == "YES" { s.layoutMarginsRelativeArrangement = true }
    }

    // MARK: - Constraints

    static func multiplier(_ raw: String?) -> Double? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces) else { return 1 }
        for sep in [":", "/"] where raw.contains(sep) {
            let parts = raw.split(separator: Character(sep), maxSplits: 1).map(String.init)
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0,
                  a.isFinite, b.isFinite else { return nil }
            return a / b
        }
        guard let v = Double(raw), v.isFinite else { return nil }
        return v
    }

    func attribute(_ raw: String?, _ k: MarkupElement, _ which: String) throws(DocumentError) -> LayoutAttribute? {
        guard let raw else { return nil }
        if raw == "baseline" { return .lastBaseline }
        guard let a = LayoutAttribute(rawValue: raw), a != .notAnAttribute else {
            throw DocumentError("constraint \"\(k["id"] ?? "?")\": '\(raw)' is not a layout attribute (\(which))", at: k.position)
        }
        return a
    }

    func constraint(_ k: MarkupElement, owner: String, known: Set<String>) throws(DocumentError) -> IBConstraint {
        let id = k["id"] ?? "?"
        func fail(_ message: String) -> DocumentError { DocumentError("constraint \"\(id)\": \(message)", at: k.position) }
        guard let firstAttribute = try attribute(k["firstAttribute"], k, "firstAttribute") else {
            throw fail("no firstAttribute")
        }
        let secondAttribute = try attribute(k["secondAttribute"], k, "secondAttribute")
        let firstItem = k["firstItem"] ?? owner
        var secondItem = k["secondItem"]
        if secondItem == nil, secondAttribute != nil { secondItem = owner }
        for item in [firstItem, secondItem].compactMap({ $0 }) where !known.contains(item) {
            throw fail("refers to \"\(item)\", which is not in this scene")
        }
        guard let relation = Self.relations[k["relation"] ?? "equal"] else {
            throw fail("'\(k["relation"]!)' is not a relation")
        }
        guard let multiplier = Self.multiplier(k["multiplier"]) else {
            throw fail("'\(k["multiplier"]!)' is not a multiplier (a number, or a ratio such as 16:9)")
        }
        if secondItem == nil, !firstAttribute.isSize { throw fail("a \(firstAttribute) cannot equal a constant") }
        var constant = 0.0
        if let raw = k["constant"] {
            guard let c = number(raw) else { throw fail("'\(raw)' is not a constant") }
            constant = c
        }
        var priority = LayoutPriority.required
        if let raw = k["priority"] {
            guard let p = number(raw), p >= 1, p <= 1000 else { throw fail("priority '\(raw)' is not in 1...1000") }
            priority = LayoutPriority(Float(p))
        }
        var c = IBConstraint(id: id, owner: owner, first: .init(item: firstItem, attribute: firstAttribute),
                             relation: relation,
                             second: secondItem.map { .init(item: $0, attribute: secondAttribute ?? .notAnAttribute) },
                             multiplier: multiplier, constant: constant, priority: priority,
                             placeholder: k["placeholder"] == "YES", position: k.position)
        for v in k.children where v.name == "variation" {
            guard let key = v["key"] else { continue }
            c.overrides[key] = v.attributes.filter { $0.key != "key" }
        }
        return c
    }
}
