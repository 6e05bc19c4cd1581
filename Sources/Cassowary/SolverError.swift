/// Why the solver refused an operation. A refused operation changes nothing.
public enum SolverError: Error, Equatable, Sendable {
    /// A required constraint cannot hold with the required constraints
    /// already added. `conflict` is a minimal set of required constraints
    /// (the refused one among them) that cannot all hold.
    case unsatisfiable(conflict: [Constraint])
    /// The constraint is already added.
    case duplicateConstraint
    /// The constraint is not added.
    case unknownConstraint
    /// The variable is already an edit variable.
    case duplicateEditVariable
    /// The variable is not an edit variable (or not of this solver).
    case unknownEditVariable
    /// A variable of another solver.
    case unknownVariable
    /// A strength that is not positive, or a required edit variable.
    case badStrength
    /// NaN, an infinity, or a magnitude above 1e12.
    case invalidNumber
    case invalidArgument
    case outOfMemory
    /// The solver found its own state inconsistent (a bug); nothing changed.
    case internalError
}
