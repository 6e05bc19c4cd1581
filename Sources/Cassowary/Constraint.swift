/// A linear constraint `expression OP 0` with a strength.
///
/// Build one with the relation operators (`x + 2 * y >= 10`) and give it a
/// strength with ``withStrength(_:)``. A constraint has identity (it is a
/// class): each one made is distinct, and adding the same one twice is a
/// duplicate. It is immutable but for a cache of its id in the solver that
/// compiled it last, so that a change set finds it without hashing; only
/// that solver touches the cache (a constraint given to solvers on two
/// threads at once is a data race, as a solver used from two threads is).
public final class Constraint: Hashable, @unchecked Sendable, CustomStringConvertible {
    public enum Relation: Sendable, CustomStringConvertible {
        case equal, lessThanOrEqual, greaterThanOrEqual

        public var description: String {
            switch self {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The left side minus the right side.
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// The token of the solver whose C id `id` is (held, so that a new
    /// solver can never be mistaken for a dead one at the same address).
    @exclusivity(unchecked) var cachedIn: Solver.Token?
    @exclusivity(unchecked) var id: UInt32 = 0

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// A new constraint like this one with another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        var lhs = Expression(terms: expression.terms)
        let rhs = -expression.constant
        if lhs.terms.isEmpty { lhs.constant = 0 }
        return "\(lhs) \(relation) \(rhs == 0 ? 0 : rhs)" + (strength.isRequired ? "" : " @\(strength)")
    }
}
