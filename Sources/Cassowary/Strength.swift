/// How strongly a constraint asks to hold.
///
/// Any positive number is a strength, on kiwi's scale: ``required`` holds
/// exactly or is refused; the others are preferences. In a weighted solver
/// violations are summed by strength; in a lexicographic one (Auto Layout's
/// rule) every distinct strength is a priority level satisfied before any
/// lower one.
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The strength on kiwi's scale (`required` is 1,001,001,000).
    public let value: Double

    /// A strength of the given value; values above ``required`` are required.
    public init(_ value: Double) { self.value = min(value, 1_001_001_000) }

    /// Auto Layout's priority: 1000 is required, and `p` below it is `p * 1000`.
    public init(priority p: Double) { self.init(p >= 1000 ? 1_001_001_000 : p * 1000) }

    public static let required = Strength(1_001_001_000)
    public static let strong = Strength(1_000_000)
    public static let medium = Strength(1_000)
    public static let weak = Strength(1)

    public var isRequired: Bool { value >= Strength.required.value }

    public static func < (a: Strength, b: Strength) -> Bool { a.value < b.value }

    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: "\(value)"
        }
    }
}
