import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an XML document, as read: its name, attributes, child
/// elements and where it starts. Interface Builder files are read into this
/// tree first, then interpreted (``IBDocument``).
public final class MarkupElement {
    public let name: String
    public let attributes: [String: String]
    public internal(set) var children: [MarkupElement] = []
    /// Text directly inside the element (IB keeps strings there: `<string key="text">`).
    public internal(set) var text = ""
    public let position: SourcePosition

    init(name: String, attributes: [String: String], position: SourcePosition) {
        self.name = name
        self.attributes = attributes
        self.position = position
    }

    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// The first child named `name` whose `key` attribute is `key` (any key when nil).
    public func child(_ name: String, key: String? = nil) -> MarkupElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// Reads an XML document. Document type declarations are refused: an
    /// Interface Builder file never has one, and refusing them is what keeps
    /// entity expansion ("billion laughs") and external entities (local
    /// files, the network) out; Foundation's parser resolves no external
    /// entities either. Nesting deeper than `maximumDepth` is refused.
    public static func parse(_ data: Data, maximumDepth: Int = 256) throws(DocumentError) -> MarkupElement {
        if let head = String(data: data.prefix(4096), encoding: .isoLatin1), head.contains("<!DOCTYPE") {
            throw DocumentError("a document type declaration (<!DOCTYPE>) is not allowed: no Interface Builder file has one, and its entities could expand without bound or read other files", at: nil)
        }
        // Foundation's parser traps on invalid UTF-8 in attribute values
        // (swift-corelibs-foundation force-unwraps the decoded string): checked first.
        if let bad = firstInvalidUTF8(data) {
            let line = data.prefix(bad).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw DocumentError("not UTF-8: an invalid byte sequence at byte \(bad)", at: SourcePosition(line: line, column: 1))
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder(parser: parser, maximumDepth: maximumDepth)
        parser.delegate = builder
        let ok = parser.parse()
        if let refusal = builder.refusal { throw refusal }
        guard ok, let root = builder.root, builder.stack.isEmpty else {
            let position = SourcePosition(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
            let reason = parser.parserError.map { Self.describe($0) }
                ?? (builder.root == nil ? "the document has no root element" : "the document ends before its elements are closed (truncated?)")
            throw DocumentError("not well-formed XML: \(reason)", at: position)
        }
        return root
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
                offset = consumed
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// libxml2's error codes that a person can act on, in words.
    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "the document is empty or does not start with an element"
        case 5: return "the document ends before its elements are closed (truncated?)"
        case 9: return "a character that is not allowed in XML (invalid UTF-8?)"
        case 76: return "a closing tag does not match the element it closes"
        case 89: return "entity references expand too far"
        default: return "libxml2 error \(code)"
        }
    }

    /// Builds the tree from the parser's callbacks.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let parser: XMLParser
        let maximumDepth: Int
        var stack: [MarkupElement] = []
        var root: MarkupElement?
        var refusal: DocumentError?

        init(parser: XMLParser, maximumDepth: Int) {
            self.parser = parser
            self.maximumDepth = maximumDepth
        }

        private var position: SourcePosition {
            SourcePosition(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
        }

        private func refuse(_ message: String) {
            guard refusal == nil else { return }
            refusal = DocumentError(message, at: position)
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard refusal == nil else { return }
            guard stack.count < maximumDepth else {
                refuse("elements nested more than \(maximumDepth) deep")
                return
            }
            let e = MarkupElement(name: elementName, attributes: attributeDict, position: position)
            if let parent = stack.last { parent.children.append(e) } else if root == nil { root = e }
            stack.append(e)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            if !stack.isEmpty { stack.removeLast() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            refuse("entity declarations are not allowed (\"\(name)\")")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String,
                    publicID: String?, systemID: String?) {
            refuse("external entities are not allowed (\"\(name)\")")
        }
    }
}
