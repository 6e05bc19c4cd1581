import Foundation

extension DocumentError {
    /// Throws unless `data` is UTF-8 throughout, naming the first byte that
    /// is not and its line. Files are checked before they are parsed: a
    /// lenient decoding would lay out names the author never wrote, and
    /// Foundation's XML parser traps on such bytes in attribute values.
    static func requireUTF8(_ data: Data) throws(DocumentError) {
        guard let bad = firstInvalidUTF8(data) else { return }
        let line = data.prefix(bad).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        throw DocumentError("not UTF-8: an invalid byte sequence at byte \(bad)", at: SourcePosition(line: line, column: 1))
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
    }
}
