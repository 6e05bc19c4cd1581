import Foundation

/// One element of an XML document, as read: its name, attributes, child
/// elements and where it starts. Interface Builder files are read into this
/// tree first (``MarkupReader``), then interpreted (``IBDocument``).
public final class MarkupElement {
    public let name: String
    public let attributes: [String: String]
    public internal(set) var children: [MarkupElement] = []
    /// Text directly inside the element (IB keeps strings there: `<string key="text">`).
    public internal(set) var text = ""
    /// Where its start tag begins (the `<`; columns count bytes).
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

    /// Reads an XML document into its tree of elements (``MarkupReader``):
    /// the bytes must be UTF-8, well-formed, without a document type
    /// declaration, and nested at most `maximumDepth` deep.
    public static func parse(_ data: Data, maximumDepth: Int = 256) throws(DocumentError) -> MarkupElement {
        try DocumentError.requireUTF8(data)
        var reader = MarkupReader(bytes: [UInt8](data), maximumDepth: maximumDepth)
        return try reader.document()
    }
}
