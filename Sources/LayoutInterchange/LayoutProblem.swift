import AdaptiveLayout
import Foundation

/// A layout problem in the interchange form of `shared/formats/INTERCHANGE.md`
/// (`layout solve FILE.json`), read into a view hierarchy, and its answer.
///
/// Reading checks everything before anything is built: a malformed problem
/// is an ``InterchangeError`` naming the key (`views[2].superview`) and the
/// problem.
public struct LayoutProblem {
    public let root: View
    /// Every item by name: views, guides, and the root.
    public let items: [String: LayoutItem]
    /// Views and guides in file order (root first), for the answer.
    public let order: [LayoutItem]
    /// Constraints in file order, with their ids (`#N` when the file gives none).
    public let constraints: [LayoutConstraint]
    /// Whether the root's size is fitted rather than fixed.
    public let fitting: Size?

    /// Reads a problem from JSON bytes.
    public init(json data: Data) throws(InterchangeError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw InterchangeError(key: "", problem: "not JSON: \((error as NSError).localizedDescription)")
        }
        let top = try JSONReader(object, key: "").object()
        try self.init(top)
    }

    init(_ top: JSONReader.Object) throws(InterchangeError) {
        try top.allowOnly(["root", "layoutDirection", "views", "guides", "constraints"])
        let rootObject = try top.required("root").object()
        try rootObject.allowOnly(["name", "width", "height", "fitting", "layoutMargins", "safeAreaInsets"])
        let rootName = try rootObject.optional("name")?.string() ?? "root"
        let root = View(name: rootName)
        var items: [String: LayoutItem] = [rootName: root]
        var order: [LayoutItem] = [root]
        var fitting: Size?
        if let mode = try rootObject.optional("fitting") {
            let text = try mode.string()
            switch text {
            case "compressed": fitting = View.layoutFittingCompressedSize
            case "expanded": fitting = View.layoutFittingExpandedSize
            default: throw mode.error("must be \"compressed\" or \"expanded\", not \"\(text)\"")
            }
            if rootObject.has("width") || rootObject.has("height") {
                throw rootObject.reader.error("gives both a fitting mode and a size; give one")
            }
        } else {
            let w = try rootObject.required("width").size(), h = try rootObject.required("height").size()
            root.frame = Rect(x: 0, y: 0, width: w, height: h)
        }
        if let m = try rootObject.optional("layoutMargins") { root.layoutMargins = try m.insets() }
        if let s = try rootObject.optional("safeAreaInsets") { root.safeAreaInsets = try s.insets() }
        if let d = try top.optional("layoutDirection") {
            let text = try d.string()
            guard let dir = LayoutDirection(rawValue: text) else {
                throw d.error("must be \"leftToRight\" or \"rightToLeft\", not \"\(text)\"")
            }
            root.layoutDirection = dir
        }

        // Views: made first, attached once every name is known.
        var parents: [(View, String, JSONReader)] = []
        for entry in try top.optional("views")?.array() ?? [] {
            let o = try entry.object()
            try o.allowOnly(["name", "superview", "intrinsicContentSize", "contentHugging", "compressionResistance",
                             "layoutMargins", "safeAreaInsets", "baselines", "translatesAutoresizingMaskIntoConstraints",
                             "frame", "autoresizingMask"])
            let nameReader = try o.required("name")
            let name = try nameReader.name()
            guard items[name] == nil else { throw nameReader.error("\"\(name)\" names two items") }
            let view = View(name: name)
            view.translatesAutoresizingMaskIntoConstraints =
                try o.optional("translatesAutoresizingMaskIntoConstraints")?.bool() ?? false
            if let f = try o.optional("frame") { view.frame = try f.rect() }
            if let m = try o.optional("autoresizingMask") { view.autoresizingMask = try m.autoresizingMask() }
            if let s = try o.optional("intrinsicContentSize") {
                let so = try s.object()
                try so.allowOnly(["width", "height"])
                view.intrinsicContentSize = Size(width: try so.optional("width")?.intrinsic() ?? View.noIntrinsicMetric,
                                                 height: try so.optional("height")?.intrinsic() ?? View.noIntrinsicMetric)
            }
            if let p = try o.optional("contentHugging") {
                let (h, v) = try p.axisPriorities()
                if let h { view.setContentHuggingPriority(h, for: .horizontal) }
                if let v { view.setContentHuggingPriority(v, for: .vertical) }
            }
            if let p = try o.optional("compressionResistance") {
                let (h, v) = try p.axisPriorities()
                if let h { view.setContentCompressionResistancePriority(h, for: .horizontal) }
                if let v { view.setContentCompressionResistancePriority(v, for: .vertical) }
            }
            if let m = try o.optional("layoutMargins") { view.layoutMargins = try m.insets() }
            if let s = try o.optional("safeAreaInsets") { view.safeAreaInsets = try s.insets() }
            if let b = try o.optional("baselines") {
                let bo = try b.object()
                try bo.allowOnly(["firstFromTop", "lastFromBottom"])
                view.firstBaselineOffsetFromTop = try bo.optional("firstFromTop")?.number()
                view.lastBaselineOffsetFromBottom = try bo.optional("lastFromBottom")?.number()
            }
            let s = try o.required("superview")
            parents.append((view, try s.string(), s))
            items[name] = view
            order.append(view)
        }
        for (view, parentName, reader) in parents {
            guard let parent = items[parentName] as? View else {
                throw reader.error(items[parentName] == nil ? "no view named \"\(parentName)\"" : "\"\(parentName)\" is a guide, not a view")
            }
            do { try parent.addSubview(view) } catch {
                throw reader.error("\"\(parentName)\" is inside \"\(view.layoutName)\": a view cannot contain itself")
            }
        }
        for entry in try top.optional("guides")?.array() ?? [] {
            let o = try entry.object()
            try o.allowOnly(["name", "owningView"])
            let nameReader = try o.required("name")
            let name = try nameReader.name()
            guard items[name] == nil else { throw nameReader.error("\"\(name)\" names two items") }
            let ownerReader = try o.required("owningView")
            let ownerName = try ownerReader.string()
            guard let owner = items[ownerName] as? View else { throw ownerReader.error("no view named \"\(ownerName)\"") }
            let guide = LayoutGuide(name: name)
            owner.addLayoutGuide(guide)
            items[name] = guide
            order.append(guide)
        }

        var constraints: [LayoutConstraint] = []
        var ids: Set<String> = ["\(rootName).width", "\(rootName).height"]
        for (index, entry) in (try top.optional("constraints")?.array() ?? []).enumerated() {
            let c = try Self.constraint(entry, index: index, items: items)
            let id = c.identifier ?? "#\(index)"
            guard ids.insert(id).inserted else { throw entry.error("the id \"\(id)\" is used twice") }
            c.identifier = id
            constraints.append(c)
        }
        do {
            try LayoutConstraint.activate(constraints)
        } catch {
            throw InterchangeError(key: "constraints", problem: error.description)
        }
        self.root = root
        self.items = items
        self.order = order
        self.constraints = constraints
        self.fitting = fitting
    }

    /// One normalized constraint: `first RELATION multiplier * second + constant`.
    static func constraint(_ entry: JSONReader, index: Int, items: [String: LayoutItem]) throws(InterchangeError) -> LayoutConstraint {
        let o = try entry.object()
        try o.allowOnly(["id", "first", "relation", "second", "multiplier", "constant", "priority", "standard"])
        func side(_ key: String) throws(InterchangeError) -> (LayoutItem, LayoutAttribute)? {
            guard let r = try o.optional(key), !r.isNull else { return nil }
            let text = try r.string()
            guard let dot = text.lastIndex(of: ".") else { throw r.error("\"\(text)\" is not ITEM.ATTRIBUTE") }
            let itemName = String(text[..<dot]), attrName = String(text[text.index(after: dot)...])
            guard let item = items[itemName] else { throw r.error("no view or guide named \"\(itemName)\"") }
            guard let attr = attrName == "baseline" ? .lastBaseline : LayoutAttribute(rawValue: attrName),
                  attr != .notAnAttribute else {
                throw r.error("\"\(attrName)\" is not a layout attribute")
            }
            return (item, attr)
        }
        guard let first = try side("first") else { throw o.reader.error("has no \"first\"") }
        let second = try side("second")
        let relReader = try o.required("relation")
        let relText = try relReader.string()
        guard let relation = LayoutRelation(rawValue: relText) else {
            throw relReader.error("must be \"==\", \"<=\" or \">=\", not \"\(relText)\"")
        }
        let multiplier = try o.optional("multiplier")?.number() ?? 1
        let constant = try o.optional("constant")?.number() ?? 0
        let c: LayoutConstraint
        do {
            c = try LayoutConstraint(item: first.0, attribute: first.1, relatedBy: relation, toItem: second?.0,
                                     attribute: second?.1 ?? .notAnAttribute, multiplier: multiplier, constant: constant)
        } catch {
            throw entry.error(error.description)
        }
        if let p = try o.optional("priority") { c.priority = try p.priority() }
        if let id = try o.optional("id") { c.identifier = try id.string() }
        return c
    }
}

/// What is wrong with a layout problem, and where.
public struct InterchangeError: Error, CustomStringConvertible {
    /// The key path of the value at fault (`views[2].superview`), empty for the whole file.
    public let key: String
    public let problem: String
    public var description: String { key.isEmpty ? problem : "key '\(key)': \(problem)" }
}
