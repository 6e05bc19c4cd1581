/// An incremental constraint solver: the Swift face of CSolver.
///
/// ```swift
/// let solver = Solver(mode: .lexicographic)
/// let x = solver.makeVariable("x"), y = solver.makeVariable("y")
/// try solver.add(x + y == 100)
/// try solver.add((x >= 2 * y).withStrength(.strong))
/// try solver.addEditVariable(y, strength: .medium)
/// try solver.suggestValue(40, for: y)
/// solver.updateVariables()
/// solver.value(of: x)  // 60
/// ```
///
/// Every operation that throws changes nothing when it throws. A solver is
/// not thread-safe; separate solvers may be used on separate threads.
public final class Solver {
    /// How non-required constraints are traded against each other.
    public enum Mode: Sendable {
        /// kiwi's rule: minimise the sum of strength times violation.
        case weighted
        /// Auto Layout's rule: higher strengths first; within a strength,
        /// every constraint weighs 1.
        case lexicographic
    }

    /// What the solver holds and has done (``statistics``).
    public struct Statistics: Sendable {
        /// The tableau: basic rows, nonzero entries over all rows, live
        /// symbols, objective levels; pivots since the solver was made.
        public let rows, terms, symbols, levels, pivots: Int
        /// Bytes held from the allocator, the kept solved states included.
        public let bytes: Int
        /// Solved states kept (``solvedStateLimit``), and the bytes they
        /// hold: part of `bytes`, reported on their own.
        public let cachedStates, cacheBytes: Int
        /// Change sets solved from an empty tableau (a first transition to
        /// a set of constraints not seen before, a large addition); of
        /// those, solved again in the solver's own order, the caller's
        /// having cost too much; and the times the tableau was solved again
        /// because an update found rounding had worn it, or because an
        /// operation's simplex had to pivot on a coefficient too small for
        /// its row.
        public let rebuilds, reorders, refactors: Int
        /// Updates that published every value without refining it: nothing
        /// had rounded since the tableau was solved from an empty one (a
        /// layout of whole points and halves, say).
        public let exactUpdates: Int
        /// Memory given back and kept for the next large blocks, and what
        /// is mapped ahead for the next change set solved afresh
        /// (``reservesMemory``); not part of `bytes`.
        public let spareBytes: Int
    }

    public let mode: Mode
    private let handle: SolverHandle
    /// Tells this solver's ids cached in constraints from another solver's.
    final class Token: Sendable {}
    private let token = Token()
    private var names: [String] = []
    /// Constraints made in C, by C id (small integers, reused): added ones,
    /// and removed ones kept for a cheap re-add
    /// (``apply(removing:adding:keepingRemoved:)``). A constraint finds its
    /// id in its own cache, claimed by the first solver that compiles it;
    /// other solvers keep theirs in `foreign`. No hashing on the hot path.
    @exclusivity(unchecked) private var byID: [Constraint?] = []
    @exclusivity(unchecked) private var foreign: [Constraint: UInt32] = [:]

    /// A new solver. Traps only if memory for the empty solver runs out.
    public init(mode: Mode = .lexicographic) {
        guard let handle = SolverHandle(mode: mode) else { fatalError("CSolver: out of memory") }
        self.mode = mode
        self.handle = handle
    }

    /// The C id of a compiled constraint.
    @inline(__always) private func id(of c: Constraint) -> UInt32? {
        c.cachedIn === token ? c.id : foreign.isEmpty ? nil : foreign[c]
    }

    private func record(_ c: Constraint, _ id: UInt32) {
        let i = Int(id)
        if i >= byID.count { byID.append(contentsOf: repeatElement(nil, count: i + 1 - byID.count)) }
        byID[i] = c
        if c.cachedIn == nil || c.cachedIn === token {
            c.cachedIn = token
            c.id = id
        } else {
            foreign[c] = id
        }
    }

    private func unrecord(_ c: Constraint, _ id: UInt32) {
        byID[Int(id)] = nil
        if c.cachedIn === token { c.cachedIn = nil } else { foreign[c] = nil }
    }

    /// A new variable, value 0. Traps only if memory runs out.
    public func makeVariable(_ name: String = "") -> Variable {
        switch handle.newVariable() {
        case .success(let id):
            names.append(name)
            return Variable(id: id, owner: ObjectIdentifier(self), name: name)
        case .failure(let error):
            fatalError("CSolver: \(error)")
        }
    }

    // MARK: - Constraints

    /// Whether the constraint is added.
    public func contains(_ constraint: Constraint) -> Bool {
        id(of: constraint).map { handle.isAdded($0) } ?? false
    }

    /// Every added constraint.
    public var constraints: [Constraint] {
        byID.indices.compactMap { byID[$0] != nil && handle.isAdded(UInt32($0)) ? byID[$0] : nil }
    }

    public func add(_ constraint: Constraint) throws(SolverError) {
        try apply(removing: [], adding: [constraint])
    }

    public func remove(_ constraint: Constraint) throws(SolverError) {
        try apply(removing: [constraint], adding: [])
    }

    /// Adds several constraints as one change set: all or nothing, one re-optimisation.
    public func add(_ constraints: [Constraint]) throws(SolverError) {
        try apply(removing: [], adding: constraints)
    }

    /// A change set: removes, then adds, then re-optimises once. All or
    /// nothing: on failure nothing changed.
    ///
    /// With `keepingRemoved`, removed constraints stay compiled so that adding
    /// them again costs no translation (a layout swapping size-class
    /// variants does this at every transition); ``forget(_:)`` releases one.
    public func apply(removing: [Constraint], adding: [Constraint], keepingRemoved: Bool = false) throws(SolverError) {
        var removeIDs: [UInt32] = []
        removeIDs.reserveCapacity(removing.count)
        for c in removing {
            guard let id = id(of: c), handle.isAdded(id) else { throw .unknownConstraint }
            removeIDs.append(id)
        }
        var made: [(Constraint, UInt32)] = []
        var addIDs: [UInt32] = []
        addIDs.reserveCapacity(adding.count)
        func discardMade() {
            for (c, id) in made {
                unrecord(c, id)
                handle.deleteConstraint(id)
            }
        }
        for c in adding {
            if let id = id(of: c) {
                addIDs.append(id) // the C side reports a duplicate, in order
                continue
            }
            do {
                let id = try compileNew(c)
                made.append((c, id))
                addIDs.append(id)
            } catch {
                discardMade()
                throw error
            }
        }
        do {
            try apply(removingIDs: removeIDs, addingIDs: addIDs)
        } catch {
            discardMade()
            throw error
        }
        if !keepingRemoved {
            for c in removing { forget(c) }
        }
    }

    /// Translates a constraint this solver has not compiled and records it
    /// (so that a second mention is the same id).
    private func compileNew(_ c: Constraint) throws(SolverError) -> UInt32 {
        for t in c.expression.terms where t.variable.owner != ObjectIdentifier(self) {
            throw .unknownVariable
        }
        switch handle.newConstraint(c, variableID: { $0.id }) {
        case .success(let id):
            record(c, id)
            return id
        case .failure(let error):
            throw error
        }
    }

    // MARK: - By id (the layout engine of this package)

    /// The id of `constraint` in this solver, compiling it first if it is
    /// not compiled here. It stays compiled (added or not) until
    /// ``forget(_:)``, or until a change set that removes it without
    /// `keepingRemoved`; ids are reused after that.
    package func compile(_ constraint: Constraint) throws(SolverError) -> UInt32 {
        if let id = id(of: constraint) { return id }
        return try compileNew(constraint)
    }

    /// Tells the solver that the constant of a compiled constraint will be
    /// set again and again (a window's size): done before the constraint's
    /// first solve, even the first new constant republishes values by the
    /// values map instead of a full update. (A constant once set is such a
    /// parameter; this sets it to the value it has.)
    package func expectMoves(_ id: UInt32) {
        _ = handle.setConstant(id, handle.constant(id))
    }

    /// ``apply(removing:adding:keepingRemoved:)`` with `keepingRemoved`, for
    /// constraints given by the ids ``compile(_:)`` returned: a layout pass
    /// hands over thousands without touching their objects. All or nothing;
    /// nothing compiled is discarded on failure.
    package func apply(removingIDs: [UInt32], addingIDs: [UInt32]) throws(SolverError) {
        switch handle.apply(remove: removingIDs, add: addingIDs) {
        case .success:
            return
        case .failure(let failure):
            if case .unsatisfiable = failure.error {
                throw .unsatisfiable(conflict: constraints(withIDs: handle.conflict()))
            }
            throw failure.error
        }
    }

    /// The constraints with these C ids, in that order.
    private func constraints(withIDs ids: [UInt32]) -> [Constraint] {
        ids.compactMap { Int($0) < byID.count ? byID[Int($0)] : nil }
    }

    /// Releases a constraint kept compiled after its removal (or removes and
    /// releases an added one). Unknown constraints are ignored.
    public func forget(_ constraint: Constraint) {
        guard let id = id(of: constraint) else { return }
        unrecord(constraint, id)
        handle.deleteConstraint(id)
    }

    /// Moves a constraint's constant (the `constant` of its expression) in
    /// place: for an added constraint the solution follows incrementally, as
    /// for a suggested value, with no removal and re-addition. Refuses a
    /// required constraint whose new constant cannot hold with the others
    /// (``SolverError/unsatisfiable(conflict:)``), keeping the old one.
    public func setConstant(_ constant: Double, of constraint: Constraint) throws(SolverError) {
        guard let id = id(of: constraint) else { throw .unknownConstraint }
        do {
            try handle.setConstant(id, constant).get()
        } catch {
            if case .unsatisfiable = error {
                throw .unsatisfiable(conflict: constraints(withIDs: handle.conflict()))
            }
            throw error
        }
    }

    /// The constraint's constant as the solver holds it now (the
    /// expression's, unless ``setConstant(_:of:)`` moved it).
    public func constant(of constraint: Constraint) -> Double? {
        id(of: constraint).map { handle.constant($0) }
    }

    // MARK: - Edit variables

    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try own(variable)
        try handle.addEdit(variable.id, strength: strength.value).get()
    }

    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try own(variable)
        try handle.removeEdit(variable.id).get()
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        variable.owner == ObjectIdentifier(self) && handle.hasEdit(variable.id)
    }

    /// Suggests a value for an edit variable and re-solves.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try own(variable)
        try handle.suggest(variable.id, value).get()
    }

    // MARK: - Values

    /// Brings every value up to date; ``changedVariables`` then lists the
    /// variables whose values changed since the previous update.
    public func updateVariables() { handle.update() }

    /// The value as of the last ``updateVariables()``.
    public func value(of variable: Variable) -> Double {
        variable.owner == ObjectIdentifier(self) ? handle.value(variable.id) : 0
    }

    /// Calls `body` with every variable's value as of the last
    /// ``updateVariables()``, indexed by ``Variable/id``: what ``value(of:)``
    /// reads, for a caller that reads a great many at once (AdaptiveLayout's
    /// frames in root coordinates, four values a view on the way up). The
    /// buffer is valid only within `body`, which must not change the solver.
    package func withValues<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try body(handle.values())
    }

    /// The variables whose values changed in the last ``updateVariables()``.
    public var changedVariables: [Variable] {
        handle.changed().map { Variable(id: $0, owner: ObjectIdentifier(self), name: names[Int($0)]) }
    }

    // MARK: - Memory

    /// How many solved states the solver keeps: a change set that leads
    /// back to a set of constraints seen before (a phone rotated back)
    /// restores the tableau that solved it instead of solving again, with
    /// the same values. 4 for a new solver; 0 keeps none. What they hold is
    /// ``Statistics/cacheBytes``.
    public var solvedStateLimit: Int { handle.cacheLimit }

    /// Sets ``solvedStateLimit``. The states kept stay, the least recently
    /// used dropped first down to the new limit (0 frees them all). Throws
    /// ``SolverError/invalidArgument`` for a limit below 0 or above 64, and
    /// ``SolverError/outOfMemory``; then nothing changed.
    public func setSolvedStateLimit(_ states: Int) throws(SolverError) {
        try handle.setCacheLimit(states).get()
    }

    /// Whether, after a change set solved from an empty tableau, the solver
    /// maps the memory the next such change set is expected to take and has
    /// a thread of its own bring its pages in while the caller goes on (on
    /// Linux; elsewhere it does nothing). On for a new solver; values are
    /// the same either way. Off, no thread is started after that.
    public var reservesMemory: Bool {
        get { handle.prefaults }
        set { handle.prefaults = newValue }
    }

    // MARK: - Inspection

    public var statistics: Statistics { handle.statistics() }

    /// Whether the solver's internal invariants hold (for tests).
    public var invariantsHold: Bool { handle.invariantsHold() }

    /// A readable dump of the tableau.
    public func dump() -> String { handle.dump() }

    private func own(_ v: Variable) throws(SolverError) {
        guard v.owner == ObjectIdentifier(self) else { throw .unknownVariable }
    }
}
