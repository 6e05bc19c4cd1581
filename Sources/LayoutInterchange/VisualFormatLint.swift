import AdaptiveLayout

/// `layout vfl --lint FILE`: every format string in a file, checked without
/// its views and metrics dictionaries.
///
/// In a `.vfl` or `.txt` file each line is a format (blank lines and lines
/// starting with `#` or `//` are skipped). In any other file (Swift,
/// Objective-C, JavaScript...) the formats are the string literals that
/// start like one: `"H:`, `"V:`, `"|` or `"[`, with a `]` somewhere.
///
/// A format is parsed, then lowered against dictionaries made up from the
/// format itself: every name written as a view (`[name`) is a view, all in
/// one superview, and every other name is a metric worth 1. So syntax errors
/// are found, and so are the mistakes that do not depend on the
/// dictionaries: priorities out of range, numbers out of range, a gap equal
/// to a view. Names missing from the real dictionaries cannot be.
public enum VisualFormatLint {
    /// A format found in a file: where it starts (1-based line and column of
    /// its first character) and its text.
    public struct Format: Equatable, Sendable {
        public let line: Int
        public let column: Int
        public let text: String
    }

    /// A refused format: where UIKit's caret points (1-based line and
    /// column in the file) and why.
    public struct Finding: Sendable {
        public let format: Format
        public let error: VisualFormatError
        public var line: Int { format.line }
        public var column: Int { format.column + (error.caret ?? 0) }
    }

    /// The formats in `contents`; `path` chooses plain lines (`.vfl`,
    /// `.txt`) or string literals (anything else).
    public static func formats(in contents: String, path: String) -> [Format] {
        let plain = path.hasSuffix(".vfl") || path.hasSuffix(".txt")
        var result: [Format] = []
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let chars = Array(line.utf8)
            if plain {
                var start = 0
                while start < chars.count, chars[start] == UInt8(ascii: " ") || chars[start] == UInt8(ascii: "\t") { start += 1 }
                var end = chars.count
                while end > start, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(chars[end - 1]) { end -= 1 }
                let text = String(decoding: chars[start..<end], as: UTF8.self)
                if text.isEmpty || text.hasPrefix("#") || text.hasPrefix("//") { continue }
                result.append(Format(line: index + 1, column: start + 1, text: text))
                continue
            }
            var i = 0
            while i < chars.count {
                guard chars[i] == UInt8(ascii: "\"") else { i += 1; continue }
                // A string literal: up to the next unescaped quote on the line.
                var j = i + 1
                var escaped = false
                var bytes: [UInt8] = []
                while j < chars.count {
                    let c = chars[j]
                    if escaped { escaped = false; bytes.append(c) }
                    else if c == UInt8(ascii: "\\") { escaped = true }
                    else if c == UInt8(ascii: "\"") { break }
                    else { bytes.append(c) }
                    j += 1
                }
                if j < chars.count, looksLikeFormat(bytes) {
                    result.append(Format(line: index + 1, column: i + 2, text: String(decoding: bytes, as: UTF8.self)))
                }
                i = j + 1
            }
        }
        return result
    }

    private static func looksLikeFormat(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, bytes.contains(UInt8(ascii: "]")) else { return false }
        if first == UInt8(ascii: "|") || first == UInt8(ascii: "[") { return true }
        return bytes.count > 2 && (first == UInt8(ascii: "H") || first == UInt8(ascii: "V")) && bytes[1] == UInt8(ascii: ":")
    }

    /// The error in one format, or nil when it is well formed.
    public static func check(_ format: String, extensions: LayoutConstraint.VisualFormatExtensions = []) -> VisualFormatError? {
        let syntax = VisualFormatParser.parse(format, extensions: extensions)
        var viewNames = Set<String>()
        var otherNames = Set<String>()
        func note(_ operand: VisualFormatSyntax.Operand?) {
            if case .name(let name)? = operand?.value { otherNames.insert(name) }
        }
        for element in syntax.elements {
            switch element {
            case .view(let view):
                viewNames.insert(view.name)
                for p in view.predicates { note(p.operand); note(p.priority) }
            case .connection(let connection):
                if case .predicates(let list) = connection.kind {
                    for p in list { note(p.operand); note(p.priority) }
                }
            case .superview:
                break
            }
        }
        let superview = View(name: "superview")
        var views: [String: LayoutItem] = [:]
        for name in viewNames {
            let view = View(name: name)
            try? superview.addSubview(view)
            views[name] = view
        }
        var metrics: [String: Double] = [:]
        for name in otherNames.subtracting(viewNames) { metrics[name] = 1 }
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, metrics: metrics, views: views,
                                                 extensions: extensions)
            return nil
        } catch {
            return error
        }
    }

    /// Every refused format of a file, in order.
    public static func findings(in contents: String, path: String,
                                extensions: LayoutConstraint.VisualFormatExtensions = []) -> (checked: Int, findings: [Finding]) {
        let formats = formats(in: contents, path: path)
        let findings = formats.compactMap { format in
            check(format.text, extensions: extensions).map { Finding(format: format, error: $0) }
        }
        return (formats.count, findings)
    }

    /// `{"checked": N, "errors": [{"line", "column", "format", "message", "caret"}, ...]}`.
    public static func json(checked: Int, findings: [Finding]) -> String {
        let entries = findings.map { f in
            "{\"line\": \(f.line), \"column\": \(f.column), \"format\": \(string(f.format.text)), " +
            "\"message\": \(string(f.error.message)), \"caret\": \(f.error.caret.map(String.init) ?? "null")}"
        }
        return "{\"checked\": \(checked), \"errors\": [" + entries.joined(separator: ",\n  ") + "]}"
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, the format and the caret under it,
    /// then a count.
    public static func text(path: String, checked: Int, findings: [Finding]) -> String {
        var lines: [String] = []
        for f in findings {
            lines.append("\(path):\(f.line):\(f.column): error: \(f.error.message)")
            lines.append("    " + f.format.text)
            if let caret = f.error.caretLine { lines.append("    " + caret) }
        }
        lines.append("\(checked) format\(checked == 1 ? "" : "s") checked, \(findings.count) with errors")
        return lines.joined(separator: "\n")
    }
}
