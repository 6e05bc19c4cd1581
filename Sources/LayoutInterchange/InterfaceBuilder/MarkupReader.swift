/// A reader of the XML that Interface Builder writes, into ``MarkupElement``
/// trees: elements, attributes, text, CDATA sections, comments, processing
/// instructions and the five predefined entities with character references.
///
/// It is ours rather than Foundation's `XMLParser` because of what a layout
/// engine linked into other programs must not do with hostile input: that
/// parser traps on invalid UTF-8 in attribute values and leaks the message of
/// every error it reports; and because a document type declaration is the
/// only door to entity expansion ("billion laughs") and external entities
/// (local files, the network), and no Interface Builder file has one, this
/// reader refuses any, so there is nothing to expand or fetch.
///
/// Errors say what was expected and where (line, and column in bytes).
/// Nothing is built from a refused document.
struct MarkupReader {
    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var at = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The whole document: a prolog, one root element, then only comments,
    /// processing instructions and white space.
    mutating func document() throws(DocumentError) -> MarkupElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3; lineStart = 3 } // a byte order mark
        try miscellany()
        guard at < bytes.count else { throw malformed("the document has no root element") }
        if looking(at: "<!DOCTYPE") {
            throw DocumentError("a document type declaration (<!DOCTYPE>) is not allowed: no Interface Builder file has one, and its entities could expand without bound or read other files", at: position)
        }
        guard bytes[at] == UInt8(ascii: "<") else { throw malformed("the document does not start with an element") }
        let root = try element(depth: 1)
        try miscellany()
        guard at == bytes.count else { throw malformed("content after the root element") }
        return root
    }

    // MARK: Elements

    /// An element at `at` (which is its `<`), with everything inside it.
    private mutating func element(depth: Int) throws(DocumentError) -> MarkupElement {
        guard depth <= maximumDepth else {
            throw DocumentError("elements nested more than \(maximumDepth) deep", at: position)
        }
        let start = position
        at += 1
        let name = try self.name("an element name")
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpace()
            guard at < bytes.count else { throw truncated() }
            if bytes[at] == UInt8(ascii: "/") {
                at += 1
                try expect(">", "'>' after '/' in <\(name)")
                return MarkupElement(name: name, attributes: attributes, position: start)
            }
            if bytes[at] == UInt8(ascii: ">") { at += 1; break }
            guard spaced else { throw malformed("white space expected before an attribute of <\(name)>") }
            let attributePosition = position
            let key = try self.name("an attribute name")
            skipSpace()
            try expect("=", "'=' after the attribute name \"\(key)\"")
            skipSpace()
            let value = try attributeValue(key)
            guard attributes.updateValue(value, forKey: key) == nil else {
                throw DocumentError("not well-formed XML: a second attribute named \"\(key)\" in <\(name)>", at: attributePosition)
            }
        }
        let e = MarkupElement(name: name, attributes: attributes, position: start)
        var text: [UInt8] = []
        while true {
            guard at < bytes.count else { throw truncated() }
            if bytes[at] != UInt8(ascii: "<") {
                try characters(until: UInt8(ascii: "<"), into: &text)
            } else if looking(at: "</") {
                let closing = position
                at += 2
                let end = try self.name("the name of a closing tag")
                skipSpace()
                try expect(">", "'>' to end </\(end)")
                guard end == name else {
                    throw DocumentError("not well-formed XML: </\(end)> closes <\(name)> (opened at \(start))", at: closing)
                }
                e.text = String(decoding: text, as: UTF8.self)
                return e
            } else if looking(at: "<!--") {
                try comment()
            } else if looking(at: "<![CDATA[") {
                at += 9
                guard let end = find("]]>") else { throw truncated() }
                text.append(contentsOf: bytes[at..<end])
                advance(to: end + 3)
            } else if looking(at: "<?") {
                try processingInstruction()
            } else if looking(at: "<!") {
                throw malformed("a declaration inside an element")
            } else {
                e.children.append(try element(depth: depth + 1))
            }
        }
    }

    /// A quoted attribute value with its references replaced; white space
    /// characters become spaces, as XML normalises them.
    private mutating func attributeValue(_ key: String) throws(DocumentError) -> String {
        guard at < bytes.count else { throw truncated() }
        let quote = bytes[at]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw malformed("the value of \"\(key)\" must be in quotes")
        }
        at += 1
        var value: [UInt8] = []
        try characters(until: quote, into: &value)
        guard at < bytes.count else { throw truncated() }
        at += 1 // the closing quote
        for k in value.indices where value[k] == 0x09 || value[k] == 0x0A || value[k] == 0x0D { value[k] = 0x20 }
        return String(decoding: value, as: UTF8.self)
    }

    /// Character data up to `stop` (not consumed) or the end, references
    /// replaced, appended to `out`. A `<` inside an attribute value is an error.
    private mutating func characters(until stop: UInt8, into out: inout [UInt8]) throws(DocumentError) {
        while at < bytes.count, bytes[at] != stop {
            let b = bytes[at]
            if b == UInt8(ascii: "&") {
                out.append(contentsOf: try reference())
            } else if b == UInt8(ascii: "<") {
                throw malformed("'<' inside an attribute value")
            } else {
                if b == 0x0A { line += 1; lineStart = at + 1 }
                if !(b == 0x0D && at + 1 < bytes.count && bytes[at + 1] == 0x0A) { out.append(b) } // CR LF -> LF
                at += 1
            }
        }
    }

    /// `&name;` or `&#N;` / `&#xH;` at `at`: the UTF-8 of what it stands for.
    private mutating func reference() throws(DocumentError) -> [UInt8] {
        let start = position
        guard let semicolon = bytes[at...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw DocumentError("not well-formed XML: '&' that does not start a reference (write &amp;)", at: start)
        }
        let body = String(decoding: bytes[(at + 1)..<semicolon], as: UTF8.self)
        at = semicolon + 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var digits = Substring(body)
            guard digits.first == "#" else {
                throw DocumentError("not well-formed XML: the entity &\(body); is not defined (Interface Builder files use only &lt; &gt; &amp; &quot; &apos;)", at: start)
            }
            digits = digits.dropFirst()
            let hex = digits.first == "x"
            if hex { digits = digits.dropFirst() }
            guard !digits.isEmpty, let code = UInt32(digits, radix: hex ? 16 : 10), code != 0,
                  let scalar = Unicode.Scalar(code) else {
                throw DocumentError("not well-formed XML: &\(body); is not a character", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Comments, processing instructions, names

    /// Comments, processing instructions and white space before or after the root.
    private mutating func miscellany() throws(DocumentError) {
        while true {
            skipSpace()
            if looking(at: "<!--") { try comment() } else if looking(at: "<?") { try processingInstruction() } else { return }
        }
    }

    private mutating func comment() throws(DocumentError) {
        guard let end = find("-->", from: at + 4) else { throw truncated() }
        advance(to: end + 3)
    }

    private mutating func processingInstruction() throws(DocumentError) {
        guard let end = find("?>", from: at + 2) else { throw truncated() }
        advance(to: end + 2)
    }

    /// A name: everything up to white space or one of `/ > = < ' "`, not empty.
    private mutating func name(_ what: String) throws(DocumentError) -> String {
        let start = at
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="),
                 UInt8(ascii: "<"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "&"):
                guard at > start else { throw malformed("\(what) expected") }
                return String(decoding: bytes[start..<at], as: UTF8.self)
            default:
                at += 1
            }
        }
        throw truncated()
    }

    // MARK: Scanning

    private var position: SourcePosition { SourcePosition(line: line, column: at - lineStart + 1) }

    private func looking(at literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard at + n <= bytes.count else { return false }
        return literal.withUTF8Buffer { lit in (0..<n).allSatisfy { bytes[at + $0] == lit[$0] } }
    }

    /// The offset of the next `literal` from `start`, if any.
    private func find(_ literal: StaticString, from start: Int? = nil) -> Int? {
        let n = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { lit -> Int? in
            var k = start ?? at
            while k + n <= bytes.count {
                if bytes[k] == lit[0] && (1..<n).allSatisfy({ bytes[k + $0] == lit[$0] }) { return k }
                k += 1
            }
            return nil
        }
    }

    /// Moves to `end`, counting the lines passed.
    private mutating func advance(to end: Int) {
        while at < end {
            if bytes[at] == 0x0A { line += 1; lineStart = at + 1 }
            at += 1
        }
    }

    /// Skips white space; whether there was any.
    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = at
        while at < bytes.count {
            switch bytes[at] {
            case 0x0A: line += 1; lineStart = at + 1; at += 1
            case 0x20, 0x09, 0x0D: at += 1
            default: return at > start
            }
        }
        return at > start
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(DocumentError) {
        guard at < bytes.count else { throw truncated() }
        guard bytes[at] == UInt8(ascii: c) else { throw malformed("\(what) expected") }
        at += 1
    }

    private func malformed(_ reason: String) -> DocumentError {
        DocumentError("not well-formed XML: \(reason)", at: position)
    }

    private func truncated() -> DocumentError {
        malformed("the document ends before its elements are closed (truncated?)")
    }
}
