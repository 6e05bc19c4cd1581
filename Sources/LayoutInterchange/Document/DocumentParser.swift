import AdaptiveLayout
import Yams

/// Reads a layout document (YAML, or JSON, which YAML's parser reads too)
/// into a ``LayoutDocument``: shapes, keys, names, numbers, size-class cells
/// and relation expressions are checked here, with positions; looking up
/// names and lowering visual formats happen when it is built
/// (``DocumentLayout``).
public enum DocumentParser {
    /// The most bytes a document may have: far more than a screen's layout
    /// needs, and little enough that reading one takes under a second.
    public static let maximumBytes = 8 << 20
    /// The most views, and the most constraint declarations (a visual
    /// format or a group counts as one), a document may declare: a layout
    /// of this size already takes seconds to build through the Swift layer.
    public static let maximumDeclarations = 100_000

    public static func parse(_ text: String) throws(DocumentError) -> LayoutDocument {
        let bytes = text.utf8.count
        guard bytes <= maximumBytes else {
            throw DocumentError("the document has \(bytes) bytes; a layout document may have at most \(maximumBytes) (8 MB)",
                                at: SourcePosition(line: 1, column: 1))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw DocumentError("\(error)", at: nil)
        }
        guard let root else { throw DocumentError("the document is empty", at: SourcePosition(line: 1, column: 1)) }
        let top = try mapping(root, "the document", allowed: ["name", "device", "metrics", "margins", "views", "constraints"])
        try limit(top["views"], "views", children: { $0.mapping?["subviews"] })
        try limit(top["constraints"], "constraint declarations", children: { $0.mapping?["constraints"] })
        var doc = LayoutDocument()
        if let n = top["name"] { doc.name = try string(n) }
        if let d = top["device"] {
            let name = try string(d)
            guard Device.named(name) != nil else {
                throw DocumentError("unknown device \"\(name)\" (`layout devices` lists them)", at: position(d))
            }
            doc.device = name
        }
        if let m = top["metrics"] { doc.metrics = try metrics(m) }
        if let m = top["margins"] { doc.rootMargins = try insets(m) }
        var names: [String: SourcePosition] = ["root": position(root)]
        if let vs = top["views"] { doc.views = try sequence(vs).map { (v) throws(DocumentError) in try view(v, &names) } }
        if let cs = top["constraints"] {
            doc.constraints = try sequence(cs).map { (c) throws(DocumentError) in try constraint(c, doc.metrics) }
        }
        return doc
    }

    // MARK: Views

    private static func view(_ node: Node, _ names: inout [String: SourcePosition]) throws(DocumentError) -> ViewDeclaration {
        let m = try mapping(node, "a view", allowed: [
            "name", "kind", "intrinsicSize", "hugging", "compressionResistance", "margins",
            "translatesAutoresizingMaskIntoConstraints", "frame", "installed", "subviews"])
        guard let nameNode = m["name"] else { throw DocumentError("a view needs a \"name\"", at: position(node)) }
        let name = try identifier(nameNode)
        if let earlier = names[name] {
            throw DocumentError("a second view named \"\(name)\" (the first is at \(earlier))", at: position(nameNode))
        }
        names[name] = position(nameNode)
        var v = ViewDeclaration(name: name, position: position(node))
        if let k = m["kind"] {
            let text = try string(k)
            guard let kind = ViewKind(rawValue: text) else {
                throw DocumentError("unknown kind \"\(text)\" (one of: \(ViewKind.allCases.map(\.rawValue).joined(separator: ", ")))",
                                    at: position(k))
            }
            v.kind = kind
        }
        if let s = m["intrinsicSize"] {
            let p = try mapping(s, "intrinsicSize", allowed: ["width", "height"])
            v.intrinsicSize = (try p["width"].map(size), try p["height"].map(size))
        }
        if let h = m["hugging"] { v.hugging = try axisPriorities(h) }
        if let c = m["compressionResistance"] { v.compressionResistance = try axisPriorities(c) }
        if let i = m["margins"] { v.margins = try insets(i) }
        if let t = m["translatesAutoresizingMaskIntoConstraints"] { v.translatesAutoresizingMaskIntoConstraints = try bool(t) }
        if let f = m["frame"] {
            let r = try mapping(f, "frame", allowed: ["x", "y", "width", "height"])
            func field(_ k: String) throws(DocumentError) -> Double {
                guard let n = r[k] else { throw DocumentError("frame needs \"\(k)\"", at: position(f)) }
                return try number(n)
            }
            v.frame = Rect(x: try field("x"), y: try field("y"), width: try field("width"), height: try field("height"))
        }
        if let i = m["installed"] { v.installed = try installation(i) }
        if let s = m["subviews"] { v.subviews = try sequence(s).map { (n) throws(DocumentError) in try view(n, &names) } }
        return v
    }

    // MARK: Constraints

    private static func constraint(_ node: Node, _ docMetrics: [String: Double]) throws(DocumentError) -> ConstraintDeclaration {
        if let s = node.scalar {
            let text = s.string
            let start = position(node).column + (s.style == .singleQuoted || s.style == .doubleQuoted ? 1 : 0)
            if isVisualFormat(text) {
                return .visualFormat(format: text, options: [], metrics: docMetrics, position: position(node), formatColumn: start)
            }
            return .relation(try RelationExpression.parse(text, line: position(node).line, column: start, metrics: docMetrics),
                             position: position(node))
        }
        let m = try mapping(node, "a constraint", allowed: ["vfl", "options", "metrics", "relation", "id", "installed", "constraints"])
        if let group = m["constraints"] {
            guard m["vfl"] == nil, m["relation"] == nil else {
                throw DocumentError("a group has \"installed\" and \"constraints\", not \"vfl\" or \"relation\"", at: position(node))
            }
            let inst = try m["installed"].map(installation) ?? Installation()
            return .group(inst, try sequence(group).map { (c) throws(DocumentError) in try constraint(c, docMetrics) },
                          position: position(node))
        }
        if m["installed"] != nil {
            throw DocumentError("\"installed\" belongs to a group: {installed: ..., constraints: [...]}", at: position(node))
        }
        if let f = m["vfl"] {
            guard let s = f.scalar else { throw DocumentError("\"vfl\" must be a string", at: position(f)) }
            var options: LayoutConstraint.FormatOptions = []
            for o in try m["options"].map(sequence) ?? [] {
                let name = try string(o)
                guard let option = LayoutConstraint.FormatOptions(named: name) else {
                    throw DocumentError("unknown option \"\(name)\" (one of: \(LayoutConstraint.FormatOptions.named.map(\.name).joined(separator: ", ")))",
                                        at: position(o))
                }
                options.insert(option)
            }
            var ms = docMetrics
            if let local = m["metrics"] { ms.merge(try metrics(local)) { $1 } }
            let start = position(f).column + (s.style == .singleQuoted || s.style == .doubleQuoted ? 1 : 0)
            return .visualFormat(format: s.string, options: options, metrics: ms, position: position(f), formatColumn: start)
        }
        guard let r = m["relation"], let s = r.scalar else {
            throw DocumentError("a constraint is a visual format, a relation (\"a.width == b.width\"), or a group", at: position(node))
        }
        let start = position(r).column + (s.style == .singleQuoted || s.style == .doubleQuoted ? 1 : 0)
        var relation = try RelationExpression.parse(s.string, line: position(r).line, column: start, metrics: docMetrics)
        if let id = m["id"] { relation.identifier = try string(id) }
        return .relation(relation, position: position(node))
    }

    static func isVisualFormat(_ text: String) -> Bool {
        let t = text.drop { $0 == " " }
        return t.hasPrefix("H:") || t.hasPrefix("V:") || t.hasPrefix("[") || t.hasPrefix("|")
    }

    // MARK: Size classes

    /// `{only: [wC hR, hC]}`, `{except: [wAny hC]}`, or `true`/`false`
    /// (Interface Builder's Installed box without variations).
    static func installation(_ node: Node) throws(DocumentError) -> Installation {
        if let s = node.scalar, let b = Bool(s.string) { return Installation(isInstalledByDefault: b) }
        let m = try mapping(node, "installed", allowed: ["only", "except"])
        guard (m["only"] == nil) != (m["except"] == nil) else {
            throw DocumentError("\"installed\" has either \"only\" or \"except\"", at: position(node))
        }
        let only = m["only"] != nil
        var variations: [SizeClassCell: Bool] = [:]
        for c in try sequence(m["only"] ?? m["except"]!) { variations[try cell(c)] = only }
        return Installation(isInstalledByDefault: !only, variations: variations)
    }

    /// Interface Builder's notation: `wC hR`, `wAny hC`, `hC` (any width), `wR`.
    static func cell(_ node: Node) throws(DocumentError) -> SizeClassCell {
        let text = try string(node)
        var cell = SizeClassCell.any
        var seen: Set<Character> = []
        for word in text.split(separator: " ") {
            let classes: [Substring: UserInterfaceSizeClass] = ["C": .compact, "R": .regular, "Any": .unspecified]
            guard let axis = word.first, axis == "w" || axis == "h", !seen.contains(axis),
                  let c = classes[word.dropFirst()] else {
                throw DocumentError("\"\(text)\" is not a size-class cell like \"wC hR\", \"wAny hC\" or \"hC\"", at: position(node))
            }
            seen.insert(axis)
            if axis == "w" { cell.width = c } else { cell.height = c }
        }
        guard !seen.isEmpty else { throw DocumentError("an empty size-class cell", at: position(node)) }
        return cell
    }

    // MARK: Scalars and shapes

    static func position(_ node: Node) -> SourcePosition {
        SourcePosition(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    /// Refuses a list that, with the lists nested in its items (`children`),
    /// holds more than ``maximumDeclarations`` items, at the first one over.
    private static func limit(_ list: Node?, _ what: String, children: (Node) -> Node?) throws(DocumentError) {
        var count = 0
        var pending = list.map { [$0] } ?? []
        while let node = pending.popLast() {
            guard let items = node.sequence else { continue }
            for item in items {
                count += 1
                guard count <= maximumDeclarations else {
                    throw DocumentError("more than \(maximumDeclarations) \(what): a layout document may declare at most \(maximumDeclarations)",
                                        at: position(item))
                }
                if let nested = children(item) { pending.append(nested) }
            }
        }
    }

    private static func syntaxError(_ error: YamlError) -> DocumentError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // libyaml stops at 1,000 levels; its message names its C API.
            let problem = problem.hasPrefix("Maximum nesting level reached")
                ? "nested more than 1000 levels deep" : problem
            let text = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
            return DocumentError(text, at: SourcePosition(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return DocumentError("a key given twice: \(duplicates.joined(separator: ", "))",
                                 at: SourcePosition(line: context.mark.line, column: context.mark.column))
        default:
            return DocumentError("\(error)", at: nil)
        }
    }

    /// The pairs of a mapping, its keys checked against `allowed` (a
    /// misspelt key would otherwise be silently ignored).
    private static func mapping(_ node: Node, _ what: String, allowed: Set<String>) throws(DocumentError) -> [String: Node] {
        guard let m = node.mapping else { throw DocumentError("\(what) must be a mapping", at: position(node)) }
        var out: [String: Node] = [:]
        for (k, v) in m {
            let key = k.scalar?.string ?? ""
            guard allowed.contains(key) else {
                throw DocumentError("unknown key \"\(key)\" in \(what) (expected one of: \(allowed.sorted().joined(separator: ", ")))",
                                    at: position(k))
            }
            guard out[key] == nil else { throw DocumentError("\"\(key)\" given twice", at: position(k)) }
            out[key] = v
        }
        return out
    }

    private static func sequence(_ node: Node) throws(DocumentError) -> [Node] {
        guard let s = node.sequence else { throw DocumentError("must be a list", at: position(node)) }
        return Array(s)
    }

    private static func string(_ node: Node) throws(DocumentError) -> String {
        guard let s = node.scalar else { throw DocumentError("must be a string", at: position(node)) }
        return s.string
    }

    private static func identifier(_ node: Node) throws(DocumentError) -> String {
        let s = try string(node)
        guard isName(s) else {
            throw DocumentError("\"\(s)\" is not a name (letters, digits and _, as in a visual format)", at: position(node))
        }
        guard s != "root" else { throw DocumentError("\"root\" names the root view", at: position(node)) }
        return s
    }

    /// Letters, digits and `_`, not starting with a digit: the names a
    /// visual format can use for views and metrics.
    private static func isName(_ s: String) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    private static func number(_ node: Node) throws(DocumentError) -> Double {
        guard let s = node.scalar, let x = Double(s.string), x.isFinite, abs(x) <= 1e12 else {
            throw DocumentError("must be a number (finite, at most 1e12 in magnitude)", at: position(node))
        }
        return x
    }

    private static func size(_ node: Node) throws(DocumentError) -> Double {
        let x = try number(node)
        guard x >= 0 else { throw DocumentError("a size cannot be negative", at: position(node)) }
        return x
    }

    private static func bool(_ node: Node) throws(DocumentError) -> Bool {
        guard let s = node.scalar, let b = Bool(s.string) else { throw DocumentError("must be true or false", at: position(node)) }
        return b
    }

    private static func priority(_ node: Node) throws(DocumentError) -> LayoutPriority {
        let x = try number(node)
        guard x >= 1, x <= 1000 else { throw DocumentError("a priority is from 1 to 1000", at: position(node)) }
        return LayoutPriority(Float(x))
    }

    private static func axisPriorities(_ node: Node) throws(DocumentError) -> (LayoutPriority?, LayoutPriority?) {
        let m = try mapping(node, "priorities", allowed: ["horizontal", "vertical"])
        return (try m["horizontal"].map(priority), try m["vertical"].map(priority))
    }

    private static func insets(_ node: Node) throws(DocumentError) -> EdgeInsets {
        let m = try mapping(node, "margins", allowed: ["top", "left", "bottom", "right"])
        return EdgeInsets(top: try m["top"].map(number) ?? 8, left: try m["left"].map(number) ?? 8,
                          bottom: try m["bottom"].map(number) ?? 8, right: try m["right"].map(number) ?? 8)
    }

    private static func metrics(_ node: Node) throws(DocumentError) -> [String: Double] {
        guard let m = node.mapping else { throw DocumentError("metrics must be a mapping of names to numbers", at: position(node)) }
        var out: [String: Double] = [:]
        for (k, v) in m {
            let name = try string(k)
            guard isName(name) else {
                throw DocumentError("\"\(name)\" is not a metric name", at: position(k))
            }
            out[name] = try number(v)
        }
        return out
    }
}
