/// A variable of one ``Solver``, made by ``Solver/makeVariable(_:)``.
///
/// Two variables are equal when they are the same variable of the same
/// solver; the name is only for descriptions.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Its index in its solver (``Solver/withValues(_:)``).
    package let id: UInt32
    let owner: ObjectIdentifier
    /// The name given when the variable was made.
    public let name: String

    public var description: String { name.isEmpty ? "v\(id)" : name }

    public static func == (a: Variable, b: Variable) -> Bool { a.id == b.id && a.owner == b.owner }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(owner)
    }
}
