/// Why a constraint or an operation on the view tree was refused. A refused
/// operation changes nothing. The messages follow the exceptions UIKit raises
/// for the same mistakes.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two attributes that cannot be related: a location and a size, or
    /// locations on different axes.
    case invalidPairing(first: LayoutAttribute, second: LayoutAttribute)
    /// Leading or trailing related to left or right.
    case mixedDirections(first: LayoutAttribute, second: LayoutAttribute)
    /// A location related to a constant (no second item, or a multiplier of 0).
    case locationEqualToConstant(LayoutAttribute)
    /// A second item without a second attribute, or the reverse.
    case missingSecondItem(LayoutAttribute)
    case missingSecondAttribute
    /// A first attribute of `notAnAttribute`.
    case missingFirstAttribute
    /// A multiplier or constant that is NaN, infinite or beyond 1e12 in magnitude.
    case invalidNumber(String, Double)
    /// A priority outside 1...1000.
    case invalidPriority(Float)
    /// The two items are in different view hierarchies.
    case noCommonAncestor(first: String, second: String)
    /// A view added to itself or to one of its descendants.
    case cyclicHierarchy(String)

    public var description: String {
        switch self {
        case .invalidPairing(let a, let b):
            "Invalid pairing of layout attributes: a constraint cannot relate \(a) to \(b) (\(Self.kind(a)) and \(Self.kind(b)))."
        case .mixedDirections(let a, let b):
            "A constraint cannot be made between a leading/trailing attribute and a right/left attribute (\(a) and \(b)). Use leading/trailing for both or neither."
        case .locationEqualToConstant(let a):
            "A multiplier of 0 or a nil second item together with a location for the first attribute (\(a)) creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
        case .missingSecondItem(let a):
            "The second attribute is \(a) but there is no second item; a constraint to a constant uses notAnAttribute."
        case .missingSecondAttribute:
            "The second item has notAnAttribute as its attribute; name the attribute it is related by."
        case .missingFirstAttribute:
            "The first attribute cannot be notAnAttribute."
        case .invalidNumber(let what, let x):
            "The \(what) \(x) is not a finite number of magnitude at most 1e12."
        case .invalidPriority(let p):
            "A priority must be from 1 to 1000; \(p) is not."
        case .noCommonAncestor(let a, let b):
            "Unable to activate a constraint between \(a) and \(b) because they have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal."
        case .cyclicHierarchy(let v):
            "\(v) cannot be added to itself or to one of its own subviews."
        }
    }

    private static func kind(_ a: LayoutAttribute) -> String {
        guard let axis = a.axis else { return "no attribute" }
        return (a.isSize ? "a size" : "a location") + " on the \(axis.rawValue) axis"
    }
}
