// The only file that calls CSolver. Every call returns a Result (or a
// plain value where the C call cannot fail); the public API throws.
import CSolver

/// Owns one `cs_Solver*`; freed with the owner.
final class SolverHandle {
    let pointer: OpaquePointer

    init?(mode: Solver.Mode) {
        let cMode: cs_Mode = mode == .weighted ? .CS_WEIGHTED : .CS_LEXICOGRAPHIC
        guard let p = cs_solver_new(cMode, nil, nil) else { return nil }
        pointer = p
    }

    deinit { cs_solver_free(pointer) }

    func newVariable() -> Result<UInt32, SolverError> {
        var id: cs_Var = 0
        return check(cs_var_new(pointer, &id)).map { id }
    }

    func newConstraint(_ c: Constraint, variableID: (Variable) -> UInt32) -> Result<UInt32, SolverError> {
        let op: cs_Relation = switch c.relation {
        case .equal: .CS_EQ
        case .lessThanOrEqual: .CS_LE
        case .greaterThanOrEqual: .CS_GE
        }
        var id: cs_Cons = 0
        let source = c.expression.terms
        // On the stack: a layout compiles thousands of constraints at once.
        let status = withUnsafeTemporaryAllocation(of: cs_Term.self, capacity: source.count) { terms in
            for (k, t) in source.enumerated() {
                terms.initializeElement(at: k, to: cs_Term(var: variableID(t.variable), coefficient: t.coefficient))
            }
            return cs_cons_new(pointer, terms.baseAddress, source.count, c.expression.constant, op, c.strength.value, &id)
        }
        return check(status).map { id }
    }

    func deleteConstraint(_ id: UInt32) { _ = cs_cons_delete(pointer, id) }

    func isAdded(_ id: UInt32) -> Bool { cs_cons_is_added(pointer, id) != 0 }

    func setConstant(_ id: UInt32, _ constant: Double) -> Result<Void, SolverError> {
        check(cs_cons_set_constant(pointer, id, constant))
    }

    func constant(_ id: UInt32) -> Double { cs_cons_constant(pointer, id) }

    struct ChangeSetFailure: Error {
        let error: SolverError
        /// The constraint at fault, as an index into `remove` followed by `add`.
        let index: Int
    }

    func apply(remove: [UInt32], add: [UInt32]) -> Result<Void, ChangeSetFailure> {
        var failed = 0
        let status = remove.withUnsafeBufferPointer { r in
            add.withUnsafeBufferPointer { a in
                cs_apply(pointer, r.baseAddress, r.count, a.baseAddress, a.count, &failed)
            }
        }
        return check(status).mapError { ChangeSetFailure(error: $0, index: failed) }
    }

    func conflict() -> [UInt32] {
        var ids: UnsafePointer<cs_Cons>? = nil
        var n = 0
        cs_conflict(pointer, &ids, &n)
        guard let ids else { return [] }
        return Array(UnsafeBufferPointer(start: ids, count: n))
    }

    func addEdit(_ v: UInt32, strength: Double) -> Result<Void, SolverError> {
        check(cs_edit_add(pointer, v, strength), edit: true)
    }

    func removeEdit(_ v: UInt32) -> Result<Void, SolverError> {
        check(cs_edit_remove(pointer, v), edit: true)
    }

    func hasEdit(_ v: UInt32) -> Bool { cs_edit_has(pointer, v) != 0 }

    func suggest(_ v: UInt32, _ value: Double) -> Result<Void, SolverError> {
        check(cs_suggest(pointer, v, value), edit: true)
    }

    func update() { cs_update(pointer) }

    func value(_ v: UInt32) -> Double { cs_value(pointer, v) }

    /// Every variable's value, by id; valid until the solver next changes.
    func values() -> UnsafeBufferPointer<Double> {
        var n = 0
        return UnsafeBufferPointer(start: cs_values(pointer, &n), count: n)
    }

    func changed() -> [UInt32] {
        var n = 0
        guard let p = cs_changed(pointer, &n) else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: n))
    }

    func statistics() -> Solver.Statistics {
        var s = cs_Stats()
        cs_stats(pointer, &s)
        return Solver.Statistics(rows: s.rows, terms: s.terms, symbols: s.symbols,
                                 levels: s.levels, pivots: s.pivots, bytes: s.bytes,
                                 cachedStates: s.cached_states, cacheBytes: s.cache_bytes,
                                 rebuilds: s.rebuilds, reorders: s.reorders, refactors: s.refactors,
                                 exactUpdates: s.exact_updates, spareBytes: s.spare_bytes)
    }

    var cacheLimit: Int { cs_cache_limit(pointer) }

    func setCacheLimit(_ states: Int) -> Result<Void, SolverError> {
        guard states >= 0 else { return .failure(.invalidArgument) }
        return check(cs_set_cache_limit(pointer, states))
    }

    var prefaults: Bool {
        get { cs_prefault_enabled(pointer) != 0 }
        set { cs_set_prefault(pointer, newValue ? 1 : 0) }
    }

    func invariantsHold() -> Bool { cs_check_invariants(pointer) == .CS_OK }

    func dump() -> String {
        var text = ""
        withUnsafeMutablePointer(to: &text) { out in
            cs_dump(pointer, { ud, bytes, count in
                guard let ud, let bytes else { return }
                let s = ud.assumingMemoryBound(to: String.self)
                let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
                s.pointee += String(decoding: buffer, as: UTF8.self)
            }, out)
        }
        return text
    }

    private func check(_ status: cs_Status, edit: Bool = false) -> Result<Void, SolverError> {
        switch status {
        case .CS_OK: .success(())
        case .CS_ERR_NOMEM: .failure(.outOfMemory)
        case .CS_ERR_UNSATISFIABLE: .failure(.unsatisfiable(conflict: []))
        case .CS_ERR_DUPLICATE: .failure(edit ? .duplicateEditVariable : .duplicateConstraint)
        case .CS_ERR_UNKNOWN: .failure(edit ? .unknownEditVariable : .unknownConstraint)
        case .CS_ERR_BAD_STRENGTH: .failure(.badStrength)
        case .CS_ERR_INVALID_NUMBER: .failure(.invalidNumber)
        case .CS_ERR_INVALID_ARG: .failure(.invalidArgument)
        case .CS_ERR_INTERNAL: .failure(.internalError)
        }
    }
}
