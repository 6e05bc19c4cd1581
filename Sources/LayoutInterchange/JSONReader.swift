import AdaptiveLayout
import Foundation

/// A value of a parsed JSON document with its key path, so that every
/// complaint says where (`constraints[3].priority: must be from 1 to 1000`).
struct JSONReader {
    let value: Any
    let key: String

    init(_ value: Any, key: String) {
        self.value = value
        self.key = key
    }

    func error(_ problem: String) -> InterchangeError { InterchangeError(key: key, problem: problem) }

    var isNull: Bool { value is NSNull }

    struct Object {
        let reader: JSONReader
        let fields: [String: Any]

        func has(_ name: String) -> Bool { fields[name] != nil }

        func optional(_ name: String) throws(InterchangeError) -> JSONReader? {
            fields[name].map { JSONReader($0, key: reader.key.isEmpty ? name : "\(reader.key).\(name)") }
        }

        func required(_ name: String) throws(InterchangeError) -> JSONReader {
            guard let r = try optional(name) else { throw reader.error("missing key \"\(name)\"") }
            return r
        }

        /// Unknown keys are mistakes (a misspelt `intrinsicContentSize` would
        /// otherwise be silently ignored).
        func allowOnly(_ names: Set<String>) throws(InterchangeError) {
            for k in fields.keys.sorted() where !names.contains(k) {
                throw reader.error("unknown key \"\(k)\" (expected one of: \(names.sorted().joined(separator: ", ")))")
            }
        }
    }

    func object() throws(InterchangeError) -> Object {
        guard let d = value as? [String: Any] else { throw error("must be an object, not \(kind)") }
        return Object(reader: self, fields: d)
    }

    func array() throws(InterchangeError) -> [JSONReader] {
        guard let a = value as? [Any] else { throw error("must be an array, not \(kind)") }
        return a.enumerated().map { JSONReader($1, key: "\(key)[\($0)]") }
    }

    func string() throws(InterchangeError) -> String {
        guard let s = value as? String else { throw error("must be a string, not \(kind)") }
        return s
    }

    /// A name for an item: letters, digits, `_` and `-`, no dots.
    func name() throws(InterchangeError) -> String {
        let s = try string()
        guard !s.isEmpty, !s.contains("."), !s.contains(where: \.isWhitespace) else {
            throw error("\"\(s)\" is not a name (no dots or spaces, not empty)")
        }
        return s
    }

    func number() throws(InterchangeError) -> Double {
        guard let n = value as? NSNumber, !isBoolean else { throw error("must be a number, not \(kind)") }
        let x = n.doubleValue
        guard x.isFinite, abs(x) <= 1e12 else { throw error("\(x) is out of range (at most 1e12 in magnitude)") }
        return x
    }

    func size() throws(InterchangeError) -> Double {
        let x = try number()
        guard x >= 0 else { throw error("a size cannot be negative (\(x))") }
        return x
    }

    /// An intrinsic dimension: a size, or -1 for none.
    func intrinsic() throws(InterchangeError) -> Double {
        let x = try number()
        guard x >= 0 || x == -1 else { throw error("must be a size or -1 (none), not \(x)") }
        return x
    }

    func bool() throws(InterchangeError) -> Bool {
        guard isBoolean, let b = value as? Bool else { throw error("must be true or false, not \(kind)") }
        return b
    }

    func priority() throws(InterchangeError) -> LayoutPriority {
        let p = try number()
        guard p >= 1 && p <= 1000 else { throw error("a priority must be from 1 to 1000, not \(p)") }
        return LayoutPriority(Float(p))
    }

    func axisPriorities() throws(InterchangeError) -> (LayoutPriority?, LayoutPriority?) {
        let o = try object()
        try o.allowOnly(["horizontal", "vertical"])
        return (try o.optional("horizontal")?.priority(), try o.optional("vertical")?.priority())
    }

    func insets() throws(InterchangeError) -> EdgeInsets {
        let o = try object()
        try o.allowOnly(["top", "left", "bottom", "right"])
        return EdgeInsets(top: try o.optional("top")?.number() ?? 0, left: try o.optional("left")?.number() ?? 0,
                          bottom: try o.optional("bottom")?.number() ?? 0, right: try o.optional("right")?.number() ?? 0)
    }

    func rect() throws(InterchangeError) -> Rect {
        let o = try object()
        try o.allowOnly(["x", "y", "width", "height"])
        return Rect(x: try o.required("x").number(), y: try o.required("y").number(),
                    width: try o.required("width").size(), height: try o.required("height").size())
    }

    func autoresizingMask() throws(InterchangeError) -> AutoresizingMask {
        let names: [String: AutoresizingMask] = [
            "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
            "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
            "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
        ]
        var mask: AutoresizingMask = []
        for entry in try array() {
            let s = try entry.string()
            guard let m = names[s] else {
                throw entry.error("\"\(s)\" is not an autoresizing mask (\(names.keys.sorted().joined(separator: ", ")))")
            }
            mask.insert(m)
        }
        return mask
    }

    /// JSON's true and false: Foundation reads them as NSNumber too (and
    /// `1 is Bool` holds), so the boxed class tells them apart.
    private var isBoolean: Bool {
        value is NSNumber && String(describing: type(of: value)).contains("Boolean")
    }

    private var kind: String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is NSNumber where isBoolean: "a boolean"
        case is NSNumber: "a number"
        default: "\(type(of: value))"
        }
    }
}
