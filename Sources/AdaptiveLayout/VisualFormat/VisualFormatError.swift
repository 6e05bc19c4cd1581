/// A format string that could not be turned into constraints: UIKit's
/// reason, the format, and the position of UIKit's caret.
///
/// ``description`` is the whole reason as UIKit's exception carries it:
///
///     Unable to parse constraint format: 
///     blackBox is not a key in the views dictionary. 
///     H:[blackBox] 
///                ^
public struct VisualFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason alone, in UIKit's words: `blackBox is not a key in the
    /// views dictionary.`
    public var message: String
    /// The format string that was refused.
    public var format: String
    /// The 0-based position under which UIKit puts its `^`: where the parser
    /// stood when it gave up. Nil where UIKit prints no caret line (an empty
    /// format, a format with characters outside ASCII).
    public var caret: Int?

    public init(message: String, format: String, caret: Int?) {
        self.message = message
        self.format = format
        self.caret = caret
    }

    /// The caret line: spaces up to ``caret``, then `^`.
    public var caretLine: String? {
        caret.map { String(repeating: " ", count: $0) + "^" }
    }

    public var description: String {
        guard let caretLine else { return "Unable to parse constraint format: " + message }
        return "Unable to parse constraint format: \n\(message) \n\(format) \n\(caretLine)"
    }
}
