import AdaptiveLayout

/// `layout vfl`: one format with views, metrics and options given as the
/// command line gives them (INTERCHANGE.md), and its answer — the
/// constraints in normalized form, or UIKit's error.
public struct VisualFormatQuery {
    public let format: String
    public let views: [String: LayoutItem]
    public let metrics: [String: Double]
    public let options: LayoutConstraint.FormatOptions
    public let extensions: LayoutConstraint.VisualFormatExtensions
    /// Every view made, so that the hierarchy outlives the query's answer.
    private let hierarchy: [View]

    /// - Parameters:
    ///   - views: `a,b:box,c:` — `NAME` is a subview of a view named
    ///     `superview`, `NAME:SUPERVIEW` a subview of SUPERVIEW (one of the
    ///     listed views, or else a view of that name outside the
    ///     dictionary), `NAME:` a view without a superview; empty for an
    ///     empty views dictionary.
    ///   - metrics: `pad=20,w=100.5`.
    ///   - options: `alignAllTop,directionRightToLeft` (Apple's member names).
    ///   - extensions: `percentages,multipliers,aspectRatios,equalSpacing` or `all`.
    /// - Throws: ``InterchangeError`` naming the flag and the entry at fault.
    public init(format: String, views: String, metrics: String = "", options: String = "",
                extensions: String = "") throws(InterchangeError) {
        self.format = format
        var made: [String: View] = [:]
        var order: [View] = []
        func view(_ name: String) -> View {
            if let v = made[name] { return v }
            let v = View(name: name)
            made[name] = v
            order.append(v)
            return v
        }
        var dictionary: [String: LayoutItem] = [:]
        var parents: [(String, String?)] = []
        for entry in Self.list(views) {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            guard !name.isEmpty else { throw InterchangeError(key: "--views", problem: "an entry without a name: '\(entry)'") }
            guard dictionary[name] == nil else { throw InterchangeError(key: "--views", problem: "\(name) is listed twice") }
            dictionary[name] = view(name)
            parents.append((name, parts.count == 1 ? "superview" : (parts[1].isEmpty ? nil : parts[1])))
        }
        for (name, parent) in parents {
            guard let parent else { continue }
            do {
                try view(parent).addSubview(made[name]!)
            } catch {
                throw InterchangeError(key: "--views", problem: "\(name):\(parent): \(error)")
            }
        }
        self.views = dictionary
        hierarchy = order

        var metricValues: [String: Double] = [:]
        for entry in Self.list(metrics) {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
                throw InterchangeError(key: "--metrics", problem: "'\(entry)' is not NAME=NUMBER")
            }
            metricValues[parts[0]] = value
        }
        self.metrics = metricValues

        var formatOptions: LayoutConstraint.FormatOptions = []
        for name in Self.list(options) {
            guard let option = LayoutConstraint.FormatOptions(named: name) else {
                let known = LayoutConstraint.FormatOptions.named.map(\.name).joined(separator: ", ")
                throw InterchangeError(key: "--options", problem: "unknown option '\(name)' (one of \(known))")
            }
            formatOptions.insert(option)
        }
        self.options = formatOptions

        self.extensions = try Self.extensions(extensions)
    }

    /// `percentages,multipliers,aspectRatios,equalSpacing` or `all` (empty: none).
    public static func extensions(_ text: String) throws(InterchangeError) -> LayoutConstraint.VisualFormatExtensions {
        var chosen: LayoutConstraint.VisualFormatExtensions = []
        for name in list(text) {
            switch name {
            case "all": chosen = .all
            case "percentages": chosen.insert(.percentages)
            case "multipliers": chosen.insert(.multipliers)
            case "aspectRatios": chosen.insert(.aspectRatios)
            case "equalSpacing": chosen.insert(.equalSpacing)
            default:
                throw InterchangeError(key: "--extensions", problem: "unknown extension '\(name)' (one of all, percentages, multipliers, aspectRatios, equalSpacing)")
            }
        }
        return chosen
    }

    private static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The constraints, or UIKit's error for the format.
    public func constraints() -> Result<[LayoutConstraint], VisualFormatError> {
        Result { () throws(VisualFormatError) in
            try LayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: metrics,
                                             views: views, extensions: extensions)
        }
    }

    /// `{"constraints": [NORMALIZED, ...]}` or `{"error": {"message": ..., "caret": ...}}`.
    public static func json(_ result: Result<[LayoutConstraint], VisualFormatError>) -> String {
        switch result {
        case .success(let constraints):
            if constraints.isEmpty { return "{\"constraints\": []}" }
            return "{\"constraints\": [\n  " + constraints.map(normalized).joined(separator: ",\n  ") + "\n]}"
        case .failure(let error):
            return "{\"error\": {\"message\": \(string(error.message)), \"caret\": \(error.caret.map(String.init) ?? "null")}}"
        }
    }

    /// One constraint in INTERCHANGE.md's normalized form.
    public static func normalized(_ c: LayoutConstraint) -> String {
        var fields = [
            "\"first\": " + string("\(c.firstItem.layoutName).\(c.firstAttribute)"),
            "\"relation\": " + string(c.relation.rawValue),
            "\"second\": " + (c.secondItem.map { string("\($0.layoutName).\(c.secondAttribute)") } ?? "null"),
            "\"multiplier\": " + number(c.multiplier),
            "\"constant\": " + number(c.constant),
            "\"priority\": " + number(Double(c.priority.rawValue)),
        ]
        if c.usesStandardSpacing { fields.append("\"standard\": true") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// One constraint per line (`a.leading == superview.leadingMargin`), or
    /// the error as UIKit prints it.
    public static func text(_ result: Result<[LayoutConstraint], VisualFormatError>) -> String {
        switch result {
        case .success(let constraints):
            return constraints.map { $0.description + ($0.usesStandardSpacing ? "  (standard)" : "") }
                .joined(separator: "\n")
        case .failure(let error):
            return error.description
        }
    }
}
