import AdaptiveLayout

/// The answer to a ``LayoutProblem``: frames in superview coordinates, the
/// fitting size, ambiguity and conflicts, as INTERCHANGE.md specifies.
public struct LayoutAnswer {
    public var frames: [(name: String, frame: Rect)] = []
    public var fittingSize: Size?
    public var ambiguous: [(name: String, components: FrameComponents)] = []
    public var conflicting: [String] = []
    public var brokenConstraint: String?
    /// UIKit's wording of each conflict, for the readable form.
    public var conflictReports: [String] = []
    /// The items of the constraints in conflicts (the broken one's included).
    public var conflictingItems: Set<String> = []

    public var isAmbiguous: Bool { !ambiguous.isEmpty }
    public var isUnsatisfiable: Bool { brokenConstraint != nil }
}

extension LayoutProblem {
    /// Lays the problem out: at the root's size, or at the size that fits
    /// (pulled toward 0 or toward a very large size at priority 50).
    public func solve() -> LayoutAnswer {
        var answer = LayoutAnswer()
        if let target = fitting {
            let size = root.systemLayoutSizeFitting(target)
            answer.fittingSize = size
            root.frame = Rect(origin: .zero, size: size)
        }
        root.layoutIfNeeded()
        for item in order {
            let frame = (item as? View)?.frame ?? (item as? LayoutGuide)?.layoutFrame ?? .zero
            answer.frames.append((item.layoutName, frame))
        }
        answer.report(root, names: Set(order.map { $0.layoutName }))
        return answer
    }
}

extension LayoutAnswer {
    /// Fills in the ambiguity of the items named `names` and the conflicts
    /// of the laid-out hierarchy whose root is `root`.
    mutating func report(_ root: View, names: Set<String>) {
        for (item, components) in root.ambiguityReport() where names.contains(item.layoutName) {
            ambiguous.append((item.layoutName, components))
        }
        if let first = root.layoutConflicts.first {
            conflicting = first.conflicting.map { $0.identifier ?? $0.description }
            brokenConstraint = first.broken.identifier ?? first.broken.description
        }
        conflictReports = root.layoutConflicts.map(\.description)
        conflictingItems = Self.conflictingItems(root)
    }

    /// The names of the items of every constraint in the conflicts of `root`'s hierarchy.
    static func conflictingItems(_ root: View) -> Set<String> {
        var names: Set<String> = []
        for conflict in root.layoutConflicts {
            for c in conflict.conflicting + [conflict.broken] {
                names.insert(c.firstItem.layoutName)
                if let s = c.secondItem { names.insert(s.layoutName) }
            }
        }
        return names
    }
}

extension LayoutAnswer {
    /// The answer as JSON, keys in the order INTERCHANGE.md lists them.
    public var json: String {
        func rect(_ r: Rect) -> String {
            "{\"x\": \(number(r.minX)), \"y\": \(number(r.minY)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
        }
        var out = "{\n  \"frames\": {"
        out += frames.map { "\n    \(string($0.name)): \(rect($0.frame))" }.joined(separator: ",")
        out += frames.isEmpty ? "},\n" : "\n  },\n"
        if let s = fittingSize {
            out += "  \"fittingSize\": {\"width\": \(number(s.width)), \"height\": \(number(s.height))},\n"
        }
        out += "  \"ambiguous\": \(isAmbiguous),\n"
        out += "  \"ambiguousViews\": [\(ambiguous.map { string($0.name) }.joined(separator: ", "))],\n"
        out += "  \"ambiguousAxes\": {\(ambiguous.map { "\(string($0.name)): [\($0.components.names.map(string).joined(separator: ", "))]" }.joined(separator: ", "))},\n"
        out += "  \"unsatisfiable\": \(isUnsatisfiable),\n"
        out += "  \"conflicting\": [\(conflicting.map(string).joined(separator: ", "))],\n"
        out += "  \"brokenConstraint\": \(brokenConstraint.map(string) ?? "null")\n}"
        return out
    }

    /// A table for people: one line per item, then ambiguity and conflicts.
    public var table: String {
        let width = max(4, frames.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func col(_ x: Double) -> String {
            let s = number(x)
            return String(repeating: " ", count: max(0, 9 - s.count)) + s
        }
        var lines = [pad("item", width) + "        x        y    width   height"]
        for (name, f) in frames {
            lines.append(pad(name, width) + col(f.minX) + col(f.minY) + col(f.width) + col(f.height))
        }
        if let s = fittingSize { lines.append("fitting size: \(number(s.width)) x \(number(s.height))") }
        for (name, c) in ambiguous { lines.append("ambiguous: \(name) (\(c))") }
        lines.append(contentsOf: conflictReports)
        return lines.joined(separator: "\n")
    }
}

/// A JSON number: integers without a fraction, others to 1e-9, no `-0`.
func number(_ x: Double) -> String {
    var v = (x * 1e9).rounded() / 1e9
    if v == 0 { v = 0 }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}

/// A JSON string literal.
func string(_ s: String) -> String {
    var out = "\""
    for ch in s.unicodeScalars {
        switch ch {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if ch.value < 0x20 { out += String(format: "\\u%04x", ch.value) } else { out.unicodeScalars.append(ch) }
        }
    }
    return out + "\""
}
