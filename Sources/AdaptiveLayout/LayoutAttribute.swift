/// A part of a layout item's frame that a constraint relates: Apple's
/// `NSLayoutConstraint.Attribute`, with the same names.
public enum LayoutAttribute: String, Sendable, CaseIterable, CustomStringConvertible {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    /// The second attribute of a constraint to a constant.
    case notAnAttribute

    /// Apple's `baseline` is the last baseline.
    public static let baseline = LayoutAttribute.lastBaseline

    public var description: String { rawValue }

    /// The axis (nil for ``notAnAttribute``).
    public var axis: LayoutAxis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .horizontal
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            .vertical
        case .notAnAttribute:
            nil
        }
    }

    /// Width and height: sizes rather than locations.
    public var isSize: Bool { self == .width || self == .height }

    /// A position along an axis (every attribute but sizes and ``notAnAttribute``).
    public var isLocation: Bool { !isSize && self != .notAnAttribute }

    /// The attribute of the margins guide that a margin attribute means.
    var unmargined: LayoutAttribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }

    /// Leading and trailing, which follow the layout direction.
    var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }

    /// Left and right, which never flip.
    var isAbsoluteHorizontal: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: true
        default: false
        }
    }
}

/// Horizontal or vertical: Apple's `NSLayoutConstraint.Axis`.
public enum LayoutAxis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

/// How the two sides of a constraint compare: Apple's `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Sendable, CustomStringConvertible {
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="
    public var description: String { rawValue }
}

/// Leading to trailing: left to right, or right to left.
public enum LayoutDirection: String, Sendable {
    case leftToRight, rightToLeft
}

/// How much a constraint matters, 1 to 1000: Apple's `UILayoutPriority`.
///
/// A priority of 1000 is required: the constraint holds exactly, or it is
/// broken and reported. Below it, higher priorities are satisfied as well as
/// possible before lower ones are considered.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = LayoutPriority(1000)
    public static let defaultHigh = LayoutPriority(750)
    public static let dragThatCanResizeScene = LayoutPriority(510)
    public static let sceneSizeStayPut = LayoutPriority(500)
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    public static let defaultLow = LayoutPriority(250)
    public static let fittingSizeLevel = LayoutPriority(50)

    public var isRequired: Bool { rawValue >= 1000 }
    /// Whether Apple accepts it: 1...1000 (and finite).
    public var isValid: Bool { rawValue >= 1 && rawValue <= 1000 }

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (p: LayoutPriority, k: Float) -> LayoutPriority { LayoutPriority(p.rawValue + k) }
    public static func - (p: LayoutPriority, k: Float) -> LayoutPriority { LayoutPriority(p.rawValue - k) }
    public var description: String { format(Double(rawValue)) }
}
