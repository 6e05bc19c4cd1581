/// A size class: how much room an axis has — Apple's `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: String, Sendable, Hashable, CaseIterable {
    case unspecified, compact, regular
}

/// The kind of device — Apple's `UIUserInterfaceIdiom`.
public enum UserInterfaceIdiom: String, Sendable, Hashable, CaseIterable {
    case unspecified, phone, pad, tv, carPlay, mac, vision
}

/// Light or dark — Apple's `UIUserInterfaceStyle`.
public enum UserInterfaceStyle: String, Sendable, Hashable, CaseIterable {
    case unspecified, light, dark
}

/// The reading direction of an environment — Apple's `UITraitEnvironmentLayoutDirection`.
public enum TraitEnvironmentLayoutDirection: String, Sendable, Hashable, CaseIterable {
    case unspecified, leftToRight, rightToLeft
}

/// The user's preferred text size — Apple's `UIContentSizeCategory`.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case unspecified
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    public var isAccessibilityCategory: Bool { rawValue.hasPrefix("accessibility") }

    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The traits of an environment — Apple's `UITraitCollection`: size classes,
/// idiom, display scale, layout direction, style and text size, each of
/// which may be unspecified.
///
/// Trait collections flow down the hierarchy of trait environments (screen,
/// window, view controllers, views); a partial one (made from a single trait)
/// describes the traits a layout variation or an image asks for, and
/// ``containsTraits(in:)`` says whether an environment has them.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    public var horizontalSizeClass: UserInterfaceSizeClass = .unspecified
    public var verticalSizeClass: UserInterfaceSizeClass = .unspecified
    public var userInterfaceIdiom: UserInterfaceIdiom = .unspecified
    /// Points to pixels; 0 when unspecified, as in UIKit.
    public var displayScale: Double = 0
    public var layoutDirection: TraitEnvironmentLayoutDirection = .unspecified
    public var userInterfaceStyle: UserInterfaceStyle = .unspecified
    public var preferredContentSizeCategory: ContentSizeCategory = .unspecified

    /// Every trait unspecified.
    public init() {}

    public init(horizontalSizeClass: UserInterfaceSizeClass) { self.horizontalSizeClass = horizontalSizeClass }
    public init(verticalSizeClass: UserInterfaceSizeClass) { self.verticalSizeClass = verticalSizeClass }
    public init(userInterfaceIdiom: UserInterfaceIdiom) { self.userInterfaceIdiom = userInterfaceIdiom }
    public init(displayScale: Double) { self.displayScale = displayScale }
    public init(layoutDirection: TraitEnvironmentLayoutDirection) { self.layoutDirection = layoutDirection }
    public init(userInterfaceStyle: UserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
    public init(preferredContentSizeCategory: ContentSizeCategory) { self.preferredContentSizeCategory = preferredContentSizeCategory }

    /// Several traits at once (a convenience; UIKit combines single-trait
    /// collections with ``init(traitsFrom:)``).
    public init(horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
                verticalSizeClass: UserInterfaceSizeClass = .unspecified,
                userInterfaceIdiom: UserInterfaceIdiom = .unspecified,
                displayScale: Double = 0,
                layoutDirection: TraitEnvironmentLayoutDirection = .unspecified,
                userInterfaceStyle: UserInterfaceStyle = .unspecified,
                preferredContentSizeCategory: ContentSizeCategory = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The traits of every collection combined: each trait takes the last
    /// specified value among them (unspecified where none specifies it).
    public init(traitsFrom collections: [TraitCollection]) {
        for c in collections { self = self.overridden(by: c) }
    }

    /// These traits with every trait that `other` specifies replaced by its value.
    public func overridden(by other: TraitCollection) -> TraitCollection {
        var t = self
        if other.horizontalSizeClass != .unspecified { t.horizontalSizeClass = other.horizontalSizeClass }
        if other.verticalSizeClass != .unspecified { t.verticalSizeClass = other.verticalSizeClass }
        if other.userInterfaceIdiom != .unspecified { t.userInterfaceIdiom = other.userInterfaceIdiom }
        if other.displayScale != 0 { t.displayScale = other.displayScale }
        if other.layoutDirection != .unspecified { t.layoutDirection = other.layoutDirection }
        if other.userInterfaceStyle != .unspecified { t.userInterfaceStyle = other.userInterfaceStyle }
        if other.preferredContentSizeCategory != .unspecified { t.preferredContentSizeCategory = other.preferredContentSizeCategory }
        return t
    }

    /// Whether every trait that `other` specifies has the same value here
    /// (a collection with nothing specified is contained in every one).
    public func containsTraits(in other: TraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.horizontalSizeClass == .unspecified || other.horizontalSizeClass == horizontalSizeClass)
            && (other.verticalSizeClass == .unspecified || other.verticalSizeClass == verticalSizeClass)
            && (other.userInterfaceIdiom == .unspecified || other.userInterfaceIdiom == userInterfaceIdiom)
            && (other.displayScale == 0 || other.displayScale == displayScale)
            && (other.layoutDirection == .unspecified || other.layoutDirection == layoutDirection)
            && (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
            && (other.preferredContentSizeCategory == .unspecified || other.preferredContentSizeCategory == preferredContentSizeCategory)
    }

    /// How many traits are specified: the more, the more specific a match.
    public var specifiedTraitCount: Int {
        (horizontalSizeClass != .unspecified ? 1 : 0) + (verticalSizeClass != .unspecified ? 1 : 0)
            + (userInterfaceIdiom != .unspecified ? 1 : 0) + (displayScale != 0 ? 1 : 0)
            + (layoutDirection != .unspecified ? 1 : 0) + (userInterfaceStyle != .unspecified ? 1 : 0)
            + (preferredContentSizeCategory != .unspecified ? 1 : 0)
    }

    /// The specified traits: `(horizontalSizeClass: compact, displayScale: 3)`.
    public var description: String {
        var parts: [String] = []
        if horizontalSizeClass != .unspecified { parts.append("horizontalSizeClass: \(horizontalSizeClass.rawValue)") }
        if verticalSizeClass != .unspecified { parts.append("verticalSizeClass: \(verticalSizeClass.rawValue)") }
        if userInterfaceIdiom != .unspecified { parts.append("userInterfaceIdiom: \(userInterfaceIdiom.rawValue)") }
        if displayScale != 0 { parts.append("displayScale: \(format(displayScale))") }
        if layoutDirection != .unspecified { parts.append("layoutDirection: \(layoutDirection.rawValue)") }
        if userInterfaceStyle != .unspecified { parts.append("userInterfaceStyle: \(userInterfaceStyle.rawValue)") }
        if preferredContentSizeCategory != .unspecified { parts.append("preferredContentSizeCategory: \(preferredContentSizeCategory.rawValue)") }
        return "(" + parts.joined(separator: ", ") + ")"
    }
}
