import AdaptiveLayout

/// Interface Builder's stored frames as an oracle: every root of a document
/// laid out at its stored size, for the size classes the document was saved
/// in, and every view compared with the frame Apple's engine stored.
///
/// What a document does not store comes from the stored frames themselves
/// (``environment(_:of:_:)``): a guide's edge or a view's margin tied by a
/// required equality to a stored frame takes the value that frame implies
/// (the median when several do); the rest from the device (status bar 20 pt,
/// 44 and 34 pt on notched phones, root margins 16 pt, 20 pt from 414 pt
/// wide, other views 8 pt). Sizes that come from fonts and images are the
/// stored sizes in the dimensions a view's kind has an intrinsic size.
///
/// A view is eligible when it is not the root, has a stored frame, is
/// installed for the document's size classes, is neither misplaced nor
/// ambiguous in IB's own eyes, is not a bar item's custom view, has no
/// frame of its own for these size classes, and no required constraint on
/// it is violated by the stored frames themselves (then IB's frames and
/// constraints disagree, and no engine can match both).
public enum IBCheck {
    /// One view compared.
    public struct ViewResult: Sendable {
        public var id: String
        public var label: String
        public var stored: Rect
        public var solved: Rect
        /// The largest difference of x, y, width or height.
        public var deviation: Double
        /// Whether constraints place the view (rather than its autoresizing mask).
        public var autolayout: Bool
    }

    /// One root compared.
    public struct RootResult: Sendable {
        public var id: String
        public var size: Size
        public var views: [ViewResult] = []
        /// Views left out of the score, with the reason.
        public var excluded: [(id: String, reason: String)] = []
        /// Constraints Auto Layout refused, with the reason.
        public var refused: [(id: String, reason: String)] = []
        public func within(_ tolerance: Double) -> Int { views.filter { $0.deviation <= tolerance }.count }
    }

    /// Lays out every root of `document` with a stored size and compares.
    public static func check(_ document: IBDocument) -> [RootResult] {
        let variations = IBVariations(horizontal: document.horizontalSizeClass, vertical: document.verticalSizeClass)
        var out: [RootResult] = []
        for root in document.roots {
            guard let size = root.size else { continue }
            let installed = variations.installedViews(root)
            let frames = storedFrames(root, variations, installed)
            let env = environment(document, of: root, variations, installed: installed, frames: frames)
            let layout = IBLayout(root, variations: variations, environment: env)
            var result = RootResult(id: root.id, size: size)
            result.refused = layout.refused
            let disagreeing = violated(root, variations, installed, frames)
            for v in root.views.dropFirst() where installed.contains(v.id) {
                guard let stored = frames[v.id].map({ grow($0, v.alignmentInsets) }), !v.frameImplied else {
                    result.excluded.append((v.id, v.frameImplied ? "frame implied, not stored" : "no stored frame")); continue
                }
                if v.misplaced || v.ambiguous { result.excluded.append((v.id, v.misplaced ? "misplaced in IB" : "ambiguous in IB")); continue }
                if let c = disagreeing[v.id] { result.excluded.append((v.id, "stored frames violate required constraint \(c)")); continue }
                guard let solved = layout.frame(of: v.id) else { continue }
                let d = max(abs(solved.minX - stored.minX), abs(solved.minY - stored.minY),
                            abs(solved.width - stored.width), abs(solved.height - stored.height))
                result.views.append(ViewResult(id: v.id, label: v.label, stored: stored, solved: solved, deviation: d,
                                               autolayout: !v.translatesAutoresizingMaskIntoConstraints && !v.fixedFrame))
            }
            out.append(result)
        }
        return out
    }

    // MARK: - Stored frames

    static func grow(_ r: Rect, _ i: EdgeInsets) -> Rect {
        Rect(x: r.minX - i.left, y: r.minY - i.top, width: r.width + i.left + i.right, height: r.height + i.top + i.bottom)
    }

    static func shrink(_ r: Rect, _ i: EdgeInsets) -> Rect {
        Rect(x: r.minX + i.left, y: r.minY + i.top, width: r.width - i.left - i.right, height: r.height - i.top - i.bottom)
    }

    /// Stored layout rects (alignment rects) in root coordinates of the views
    /// whose stored frame is trustworthy for these size classes.
    static func storedFrames(_ root: IBRoot, _ variations: IBVariations, _ installed: Set<String>) -> [String: Rect] {
        var absolute: [String: Rect] = [:]
        var out: [String: Rect] = [:]
        for v in root.views {
            guard let f = v.frame else { continue }
            let origin: Point
            if let s = v.superview {
                guard let p = absolute[s] else { continue }
                origin = Point(x: p.minX + f.minX, y: p.minY + f.minY)
            } else {
                origin = Point(x: 0, y: 0)
            }
            let abs = Rect(x: origin.x, y: origin.y, width: f.width, height: f.height)
            absolute[v.id] = abs
            guard installed.contains(v.id), !v.misplaced, !v.ambiguous, !v.inBarItem, variations.frame(v) == nil else { continue }
            out[v.id] = shrink(abs, v.alignmentInsets)
        }
        return out
    }

    /// A frame attribute's value on a rect (nil for margins and baselines).
    static func value(_ r: Rect, _ a: LayoutAttribute) -> Double? {
        switch a {
        case .left, .leading: r.minX
        case .right, .trailing: r.maxX
        case .top: r.minY
        case .bottom: r.maxY
        case .width: r.width
        case .height: r.height
        case .centerX: r.midX
        case .centerY: r.midY
        default: nil
        }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    // MARK: - The environment

    /// Guide edges and margins implied by the stored frames, the rest from the device.
    public static func environment(_ document: IBDocument, of root: IBRoot, _ variations: IBVariations,
                                   installed: Set<String>, frames: [String: Rect]) -> IBEnvironment {
        let size = root.size ?? Size(width: 0, height: 0)
        var env = IBEnvironment(rootSize: size)
        let guides = Dictionary(root.guides.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var guideSamples: [String: [LayoutAttribute: [Double]]] = [:]
        var marginSamples: [String: [Int: [Double]]] = [:] // 0 top, 1 left, 2 bottom, 3 right
        for stored in root.constraints where variations.isInstalled(stored, in: root, views: installed) {
            let c = variations.resolved(stored)
            guard let second = c.second, c.relation == .equal, c.priority == .required else { continue }
            for (unknown, known, forward) in [(c.first, second, false), (second, c.first, true)] {
                guard let kf = frames[known.item], let kv = value(kf, known.attribute) else { continue }
                if forward && c.multiplier == 0 { continue }
                let v = forward ? (kv - c.constant) / c.multiplier : c.multiplier * kv + c.constant
                if guides[unknown.item] != nil {
                    guideSamples[unknown.item, default: [:]][unknown.attribute, default: []].append(v)
                } else if let uf = frames[unknown.item] {
                    switch unknown.attribute {
                    case .topMargin: marginSamples[unknown.item, default: [:]][0, default: []].append(v - uf.minY)
                    case .leftMargin, .leadingMargin: marginSamples[unknown.item, default: [:]][1, default: []].append(v - uf.minX)
                    case .bottomMargin: marginSamples[unknown.item, default: [:]][2, default: []].append(uf.maxY - v)
                    case .rightMargin, .trailingMargin: marginSamples[unknown.item, default: [:]][3, default: []].append(uf.maxX - v)
                    default: break
                    }
                }
            }
        }

        // The device's status bar, notch and home indicator, and bars the controller shows.
        let device = document.deviceID.flatMap { IBDevices.table[$0] }
        let underBar = (root.rootView.frame?.minY ?? 0) > 0
        var rootSafe = EdgeInsets.zero
        if let d = device {
            if d.notched {
                rootSafe = document.orientation == .portrait ? EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
                    : EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
            } else if document.orientation == .portrait || d.idiom == .pad {
                rootSafe.top = 20
            }
        } else {
            rootSafe.top = 20
        }
        if root.simulatedBars.contains("navigationBar") { rootSafe.top += 44 }
        if underBar { rootSafe.top = 0 }
        var absolute: [String: Rect] = [root.id: Rect(x: 0, y: 0, width: size.width, height: size.height)]
        for v in root.views.dropFirst() {
            if let f = v.frame, let s = v.superview, let p = absolute[s] {
                absolute[v.id] = Rect(x: p.minX + f.minX, y: p.minY + f.minY, width: f.width, height: f.height)
            }
        }
        for g in root.guides {
            let samples = (guideSamples[g.id] ?? [:]).mapValues(median)
            switch g.kind {
            case .safeArea:
                guard let r = absolute[g.owner] else { continue }
                var i = g.owner == root.id ? rootSafe : EdgeInsets(
                    top: max(0, rootSafe.top - r.minY), left: max(0, rootSafe.left - r.minX),
                    bottom: max(0, rootSafe.bottom - (size.height - r.maxY)), right: max(0, rootSafe.right - (size.width - r.maxX)))
                if let t = samples[.top] { i.top = t - r.minY }
                if let l = samples[.left] ?? samples[.leading] { i.left = l - r.minX }
                if let b = samples[.bottom] { i.bottom = r.maxY - b }
                if let t = samples[.right] ?? samples[.trailing] { i.right = r.maxX - t }
                env.safeAreaInsets[g.owner] = i
            case .topLayoutGuide:
                env.topGuideLength = samples[.bottom] ?? samples[.height]
                    ?? (underBar ? 0 : 20 + (root.simulatedBars.contains("navigationBar") ? 44 : 0))
            case .bottomLayoutGuide:
                env.bottomGuideLength = samples[.top].map { size.height - $0 } ?? samples[.height] ?? 0
            case .contentLayoutGuide, .frameLayoutGuide:
                break
            }
        }

        for v in root.views where installed.contains(v.id) {
            var m: EdgeInsets
            if v.superview == nil {
                let side = size.width >= 414 ? 20.0 : 16.0
                m = v.layoutMargins ?? EdgeInsets(top: 8, left: side, bottom: 8, right: side)
            } else if v.element == "tableViewCellContentView" {
                let side = size.width >= 414 ? 20.0 : 16.0
                m = v.layoutMargins ?? EdgeInsets(top: 11, left: side, bottom: 11, right: side)
            } else {
                m = v.layoutMargins ?? EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            }
            if let s = marginSamples[v.id] {
                if let x = s[0] { m.top = median(x) }
                if let x = s[1] { m.left = median(x) }
                if let x = s[2] { m.bottom = median(x) }
                if let x = s[3] { m.right = median(x) }
            }
            env.margins[v.id] = m
        }
        return env
    }

    // MARK: - Where IB's frames and constraints disagree

    /// Views on a required constraint that the stored frames violate (by more
    /// than half a point), with that constraint's id.
    static func violated(_ root: IBRoot, _ variations: IBVariations, _ installed: Set<String>,
                         _ frames: [String: Rect]) -> [String: String] {
        var out: [String: String] = [:]
        var byID: [String: IBView] = [:]
        for v in root.views { byID[v.id] = v }
        // At most one step a view: a document whose views share an id can
        // make the superview links a cycle (ib-fuzz hung here).
        func isAncestor(_ a: String, of b: String) -> Bool {
            var s = byID[b]?.superview
            var steps = 0
            while let x = s, steps <= root.views.count {
                if x == a { return true }
                s = byID[x]?.superview
                steps += 1
            }
            return false
        }
        for stored in root.constraints where variations.isInstalled(stored, in: root, views: installed) {
            let c = variations.resolved(stored)
            guard c.priority == .required, let af = frames[c.first.item], let a = value(af, c.first.attribute) else { continue }
            var rhs = c.constant
            if let s = c.second {
                guard let bf = frames[s.item], let b = value(bf, s.attribute) else { continue }
                // Edges of a scroll view tied to its own content mean the content: not checked.
                if IBLayout.scrolling.contains(byID[c.first.item]?.element ?? ""), isAncestor(c.first.item, of: s.item) { continue }
                if IBLayout.scrolling.contains(byID[s.item]?.element ?? ""), isAncestor(s.item, of: c.first.item) { continue }
                rhs += c.multiplier * b
            }
            let d = a - rhs
            let ok = switch c.relation {
            case .equal: abs(d) <= 0.5
            case .lessThanOrEqual: d <= 0.5
            case .greaterThanOrEqual: d >= -0.5
            }
            if !ok {
                out[c.first.item] = c.id
                if let s = c.second { out[s.item] = c.id }
            }
        }
        return out
    }
}
