/// Anchors: a typed way to write constraints, Apple's `NSLayoutAnchor`
/// family. An X-axis anchor relates only to X-axis anchors, a Y-axis anchor
/// to Y-axis anchors, and a dimension to dimensions (with a multiplier), so
/// that mixing axes does not compile. The constraints come back inactive.

/// A horizontal location: leading, trailing, left, right, centerX.
public struct XAxisAnchor: LocationAnchor {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    init(_ item: LayoutItem, _ attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    /// `self == anchor + multiplier * 8` (the system spacing), as
    /// `constraint(equalToSystemSpacingAfter:multiplier:)`.
    public func constraint(equalToSystemSpacingAfter anchor: XAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.equal, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: XAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: XAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }
}

/// A vertical location: top, bottom, centerY, the baselines.
public struct YAxisAnchor: LocationAnchor {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    init(_ item: LayoutItem, _ attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    /// `self == anchor + multiplier * 8` (the system spacing below it).
    public func constraint(equalToSystemSpacingBelow anchor: YAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.equal, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }

    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: YAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }

    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: YAxisAnchor, multiplier: Double = 1) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: LayoutEngine.systemSpacing * multiplier)
    }
}

/// The locations of one axis: `constraint(equalTo:constant:)` and the inequalities.
public protocol LocationAnchor {
    var item: LayoutItem { get }
    var attribute: LayoutAttribute { get }
}

extension LocationAnchor {
    public func constraint(equalTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, constant: constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: constant)
    }

    public func constraint(lessThanOrEqualTo anchor: Self, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: constant)
    }

    /// Leading or trailing against left or right is caught at activation
    /// (``LayoutError/mixedDirections(first:second:)``), as UIKit raises then.
    func make(_ relation: LayoutRelation, _ anchor: Self, constant: Double) -> LayoutConstraint {
        LayoutConstraint(item, attribute, relation, anchor.item, anchor.attribute, 1, constant)
    }
}

/// A width or a height.
public struct DimensionAnchor {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    init(_ item: LayoutItem, _ attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    public func constraint(equalToConstant c: Double) -> LayoutConstraint { make(.equal, nil, 0, c) }
    public func constraint(greaterThanOrEqualToConstant c: Double) -> LayoutConstraint { make(.greaterThanOrEqual, nil, 0, c) }
    public func constraint(lessThanOrEqualToConstant c: Double) -> LayoutConstraint { make(.lessThanOrEqual, nil, 0, c) }

    public func constraint(equalTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier, constant)
    }

    public func constraint(greaterThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier, constant)
    }

    public func constraint(lessThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier, constant)
    }

    private func make(_ relation: LayoutRelation, _ anchor: DimensionAnchor?, _ m: Double, _ c: Double) -> LayoutConstraint {
        LayoutConstraint(item, attribute, relation, anchor?.item, anchor?.attribute ?? .notAnAttribute, m, c)
    }
}

/// Lists of constraints written one per line (with `if`, `for` and
/// optional constraints), for ``LayoutConstraint/activate(_:)-(()->[LayoutConstraint])``.
@resultBuilder
public enum LayoutConstraintsBuilder {
    public static func buildExpression(_ c: LayoutConstraint) -> [LayoutConstraint] { [c] }
    public static func buildExpression(_ c: [LayoutConstraint]) -> [LayoutConstraint] { c }
    public static func buildExpression(_ c: LayoutConstraint?) -> [LayoutConstraint] { c.map { [$0] } ?? [] }
    public static func buildBlock(_ parts: [LayoutConstraint]...) -> [LayoutConstraint] { parts.flatMap { $0 } }
    public static func buildOptional(_ c: [LayoutConstraint]?) -> [LayoutConstraint] { c ?? [] }
    public static func buildEither(first c: [LayoutConstraint]) -> [LayoutConstraint] { c }
    public static func buildEither(second c: [LayoutConstraint]) -> [LayoutConstraint] { c }
    public static func buildArray(_ c: [[LayoutConstraint]]) -> [LayoutConstraint] { c.flatMap { $0 } }
}

extension LayoutConstraint {
    /// This constraint with another priority (for chaining in a builder).
    public func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }

    /// This constraint with an identifier (for chaining in a builder).
    public func withIdentifier(_ identifier: String) -> LayoutConstraint {
        self.identifier = identifier
        return self
    }
}
