/// Reads a Visual Format Language string into a ``VisualFormatSyntax``.
///
/// A recursive-descent parser over the format's bytes that moves exactly as
/// UIKit's does, so that a syntax error carries UIKit's message and caret:
/// each `fail` below is one of UIKit's, raised at the same position. Names
/// are not looked up here (that is the lowering's work); the tree records
/// where each name ended, which is where UIKit reports an unknown one.
public enum VisualFormatParser {
    /// The syntax tree of `format`. Never throws: a syntax error is in the
    /// tree's ``VisualFormatSyntax/error``, after everything read before it.
    public static func parse(_ format: String,
                             extensions: LayoutConstraint.VisualFormatExtensions = []) -> VisualFormatSyntax {
        var text = format // withUTF8 may make it contiguous, hence a copy of our own
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes, format: format, extensions: extensions)
            parser.parse()
            return parser.syntax
        }
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let format: String
    let extensions: LayoutConstraint.VisualFormatExtensions
    var i = 0
    var syntax = VisualFormatSyntax()

    init(bytes: UnsafeBufferPointer<UInt8>, format: String, extensions: LayoutConstraint.VisualFormatExtensions) {
        self.bytes = bytes
        self.format = format
        self.extensions = extensions
    }

    /// Unwinds the parse; the error is already in `syntax`.
    struct Stop: Error {}

    mutating func fail(_ message: String) throws(Stop) -> Never {
        syntax.error = VisualFormatError(message: message, format: format, caret: i)
        throw Stop()
    }

    var atEnd: Bool { i >= bytes.count }
    func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }
    @inline(__always) mutating func eat(_ c: Unicode.Scalar) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { return false }
        i += 1
        return true
    }

    mutating func parse() {
        if bytes.isEmpty {
            syntax.error = VisualFormatError(message: "It's an empty string.", format: format, caret: nil)
            return
        }
        if bytes.contains(where: { $0 >= 0x80 }) {
            syntax.error = VisualFormatError(message: "It contains non-ASCII characters.", format: format, caret: nil)
            return
        }
        do { try line() } catch { /* the error is in syntax */ }
    }

    /// `[H:|V:] (| connection view | view) (connection (view | |))*`
    mutating func line() throws(Stop) {
        if let c = peek(), c == UInt8(ascii: "H") || c == UInt8(ascii: "V") {
            i = 1
            let vertical = c == UInt8(ascii: "V")
            syntax.axis = vertical ? .vertical : .horizontal
            if !eat(":") {
                try fail(vertical ? "Expected ':' after 'V' to specify vertical arrangement"
                                  : "Expected ':' after 'H' to specify horizontal arrangement")
            }
        }
        if eat("|") {
            syntax.elements.append(.superview(end: i))
            if atEnd { try fail("Expected a connection after the '|' character") }
            try connection()
        }
        try view()
        while !atEnd {
            try connection()
            if peek() == UInt8(ascii: "[") {
                try view()
            } else if eat("|") {
                syntax.elements.append(.superview(end: i))
                break
            } else {
                try fail("Expected a view or '|'")
            }
        }
        if !atEnd { try fail("Expected the end of the format string") }
    }

    /// `[name]` or `[name(predicates)]`. The view is in the tree as soon as
    /// its name is read, closed or not (see VisualFormatSyntax).
    mutating func view() throws(Stop) {
        if !eat("[") || atEnd { try fail("Expected a view") }
        guard let name = name() else {
            try fail("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        var view = VisualFormatSyntax.View(name: name, nameEnd: i)
        defer { syntax.elements.append(.view(view)) }
        if eat("]") {
            view.end = i
        } else if eat("(") {
            if atEnd { try fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
            try predicates(into: &view.predicates, inView: true)
            if !eat(")") { try fail("A predicate on a view's thickness must end with ')' and the view must end with ']'") }
            if !eat("]") { try fail("Expected ']' after specifying thickness.") }
            view.end = i
        } else {
            try fail("Expected a ']' here. That is how you give the end of a view.")
        }
    }

    /// Nothing (flush), `-` before `[` or `|` (standard), `-predicate-`,
    /// `-(predicates)-`, or `~` with the equal-spacing extension.
    mutating func connection() throws(Stop) {
        if extensions.contains(.equalSpacing), eat("~") {
            syntax.elements.append(.connection(.init(kind: .equalSpacer, end: i)))
            return
        }
        guard eat("-") else {
            syntax.elements.append(.connection(.init(kind: .flush, end: i)))
            return
        }
        if let c = peek(), c == UInt8(ascii: "|") || c == UInt8(ascii: "[") {
            syntax.elements.append(.connection(.init(kind: .standard, end: i)))
            return
        }
        var list: [VisualFormatSyntax.Predicate] = []
        defer { syntax.elements.append(.connection(.init(kind: .predicates(list), end: i))) }
        if peek() == UInt8(ascii: "-") {
            try fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
        }
        if eat("(") {
            try predicates(into: &list, inView: false)
            if !eat(")") {
                try fail("Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier")
            }
        } else {
            try predicate(into: &list, inView: false)
        }
        if peek() == UInt8(ascii: ",") {
            try fail("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
        }
        if !eat("-") { try fail("Expected a '-' here") }
    }

    mutating func predicates(into list: inout [VisualFormatSyntax.Predicate], inView: Bool) throws(Stop) {
        repeat {
            try predicate(into: &list, inView: inView)
        } while eat(",")
    }

    /// `[relation] operand [@ priority]`. Appended once its operand is read,
    /// so that a failure in the priority still leaves the operand to check.
    mutating func predicate(into list: inout [VisualFormatSyntax.Predicate], inView: Bool) throws(Stop) {
        guard let c = peek() else { try fail("Expected more input") }
        var relation = LayoutRelation.equal
        switch c {
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        default: break
        }
        if c == UInt8(ascii: "<") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">") {
            i += 1
            if !eat("=") { try fail("Unknown relation. Must be ==, >=, or <=") }
        }
        let operand = try self.operand(extended: inView)
        list.append(.init(relation: relation, operand: operand))
        if eat("@") {
            list[list.count - 1].priority = try self.operand(extended: false)
        }
    }

    /// A number (as C's `strtod` reads it, which is what UIKit calls) or a
    /// name; in a view's predicates, the extensions' forms too.
    mutating func operand(extended: Bool) throws(Stop) -> VisualFormatSyntax.Operand {
        guard let c = peek() else {
            try fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        var operand: VisualFormatSyntax.Operand
        if c == UInt8(ascii: "-") || isDigit(c) {
            guard let x = number() else {
                try fail("Expected a number or a key from the metrics dictionary, but encountered something else")
            }
            operand = .init(value: .number(x), valueEnd: i, end: i)
            if extended, extensions.contains(.percentages), eat("%") {
                operand.value = .percentage(x)
            } else if extended, extensions.contains(.aspectRatios), eat(":") {
                guard let c = peek(), isDigit(c), let y = number() else {
                    try fail("Expected the second number of a ratio (width:height)")
                }
                operand.value = .ratio(x, y)
            }
            operand.valueEnd = i
        } else if let name = name() {
            operand = .init(value: .name(name), valueEnd: i, end: i)
            if extended, extensions.contains(.aspectRatios), eat(".") {
                switch self.name() {
                case "width": operand.attribute = .width
                case "height": operand.attribute = .height
                default: try fail("Expected 'width' or 'height' after '.'")
                }
            }
        } else {
            try fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        if extended, extensions.contains(.multipliers) {
            if eat("*") {
                operand.multiplier = try factor()
            } else if eat("/") {
                let divisor = try factor()
                if divisor == 0 { try fail("Division by zero") }
                operand.multiplier = 1 / divisor
            }
            if let c = peek(), c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                i += 1
                let x = try factor()
                operand.constant = c == UInt8(ascii: "+") ? x : -x
            }
        }
        operand.end = i
        return operand
    }

    /// An unsigned number after `*`, `/`, `+` or `-` in the extensions.
    mutating func factor() throws(Stop) -> Double {
        guard let c = peek(), isDigit(c), let x = number() else { try fail("Expected a number") }
        return x
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, or nil (nothing consumed).
    mutating func name() -> String? {
        let start = i
        guard let c = peek(), isLetter(c) || c == UInt8(ascii: "_") else { return nil }
        i += 1
        while let c = peek(), isLetter(c) || isDigit(c) || c == UInt8(ascii: "_") { i += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// The longest prefix that C's `strtod` reads (decimal with exponent,
    /// hexadecimal, `inf`, `nan`), or nil (nothing consumed). A non-finite
    /// value is returned as is: the lowering refuses it where it is used.
    mutating func number() -> Double? {
        var j = i
        var negative = false
        if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
            negative = bytes[j] == UInt8(ascii: "-")
            j += 1
        }
        func lower(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] | 0x20 : 0 }
        func matches(_ word: String, at k: Int) -> Bool {
            word.utf8.enumerated().allSatisfy { lower(k + $0.offset) == $0.element }
        }
        if matches("inf", at: j) {
            i = j + (matches("infinity", at: j) ? 8 : 3)
            return negative ? -.infinity : .infinity
        }
        if matches("nan", at: j) {
            j += 3
            if j < bytes.count, bytes[j] == UInt8(ascii: "(") {
                var k = j + 1
                while k < bytes.count, isLetter(bytes[k]) || isDigit(bytes[k]) || bytes[k] == UInt8(ascii: "_") { k += 1 }
                if k < bytes.count, bytes[k] == UInt8(ascii: ")") { j = k + 1 }
            }
            i = j
            return .nan
        }
        let start = j
        var digits = 0
        if lower(j) == UInt8(ascii: "0"), lower(j + 1) == UInt8(ascii: "x"), isHexDigit(j + 2) || (lower(j + 2) == UInt8(ascii: ".") && isHexDigit(j + 3)) {
            j += 2
            while isHexDigit(j) { j += 1; digits += 1 }
            if lower(j) == UInt8(ascii: ".") { j += 1; while isHexDigit(j) { j += 1 } }
            j = exponent(after: j, marker: UInt8(ascii: "p"))
        } else {
            while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
                j += 1
                while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
            }
            guard digits > 0 else { return nil }
            j = exponent(after: j, marker: UInt8(ascii: "e"))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<j]), as: UTF8.self)
        guard let x = Double(text) else { return nil }
        i = j
        return negative ? -x : x
    }

    func isHexDigit(_ k: Int) -> Bool {
        guard k < bytes.count else { return false }
        let c = bytes[k] | 0x20
        return isDigit(bytes[k]) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
    }

    /// The position after an exponent (`e-3`, `p+4`) at `j`, or `j` if
    /// there is no complete one there.
    func exponent(after j: Int, marker: UInt8) -> Int {
        guard j < bytes.count, bytes[j] | 0x20 == marker else { return j }
        var k = j + 1
        if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
        guard k < bytes.count, isDigit(bytes[k]) else { return j }
        while k < bytes.count, isDigit(bytes[k]) { k += 1 }
        return k
    }
}

@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
@inline(__always) private func isLetter(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
}
