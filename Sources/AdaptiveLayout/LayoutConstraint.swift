import Cassowary

/// A relationship between two layout attributes that the layout must
/// satisfy: `first RELATION multiplier * second + constant` — Apple's
/// `NSLayoutConstraint`.
///
/// Make one with the initializer (Apple's rules are checked, and a broken one
/// throws), with the anchors (`a.leadingAnchor.constraint(equalTo:
/// b.trailingAnchor, constant: 8)`), or with the Visual Format Language.
/// Activate constraints in batches with ``activate(_:)-([LayoutConstraint])``: everything activated
/// or deactivated before the next layout pass reaches the solver as one change
/// set. Changing ``constant`` on an active constraint moves the solution in
/// place, without removing and adding the constraint.
public final class LayoutConstraint: CustomStringConvertible {
    // MARK: State a layout pass reads
    //
    // Declared first, in this order, on purpose: Swift lays out a class's
    // stored properties in the order they are declared, and a size-class
    // switch visits thousands of constraints, each one's memory cold (at L
    // a variant's constraints are megabytes of objects, past the L2).
    // Activating, deactivating and the pass's flush read only these, which
    // lie in bytes 16 to 112 of the object, right after its header (which
    // retains and releases touch); after the public properties, at 56 to
    // 240, each visit missed in three or four cache lines.

    // Engine state: set while active. Not weak: a weak reference would make
    // every retain of the engine take the slow path, and a pass touches
    // every constraint it changes; not retained either (the engine holds its
    // active constraints), and read without a retain where thousands are
    // (de)activated at once. The engine clears it before it goes
    // (LayoutEngine.deinit), and it is set only while the engine holds this
    // constraint among its active ones.
    @exclusivity(unchecked) var engineRef: Unmanaged<LayoutEngine>?
    var engine: LayoutEngine? { engineRef?.takeUnretainedValue() }
    /// Bookkeeping of the engine (flags rather than sets: a size-class
    /// transition swaps thousands of constraints). Here and on the other
    /// engine fields, no dynamic exclusivity checks: they are plain values
    /// that no caller holds across a call (the checks were a tenth of a pass).
    @exclusivity(unchecked) var inSolver = false
    @exclusivity(unchecked) var queuedForRemoval = false
    @exclusivity(unchecked) var broken = false
    @exclusivity(unchecked) var isValidated = false
    /// Whether ``activationError`` is set: a switch reads this flag for every
    /// constraint it activates, and the error itself lies after this block.
    @exclusivity(unchecked) private var activationFailed = false
    /// How many of the engines' entries (active, or deactivated and given
    /// back at the next pass) stand for this constraint: two while it is
    /// active again before the pass that takes out its earlier activation.
    /// A ``keeper`` is given only to a constraint with none (``LayoutEngine/hold(_:)``).
    @exclusivity(unchecked) var holds: UInt32 = 0
    /// `lowered`'s id in the engine's solver once compiled there, so that a
    /// pass hands the solver ids without touching the compiled objects. The
    /// engine never lets its solver drop a compiled form it still holds
    /// here (removals keep them compiled), and a new one clears it.
    @exclusivity(unchecked) var loweredID: UInt32?
    /// Where its id is in the engine's list of removals for the next pass,
    /// while `queuedForRemoval` (``LayoutEngine/noRemoval`` if not listed).
    @exclusivity(unchecked) var removalSlot: UInt32 = 0
    /// The token of the engine that compiled it, and that engine's
    /// ``LayoutEngine/departures`` then.
    @exclusivity(unchecked) var loweredIn: LayoutEngine.Token?
    @exclusivity(unchecked) var loweredAt = 0
    @exclusivity(unchecked) var activeIndex = -1
    @exclusivity(unchecked) var activeOrder = 0
    /// The constant the compiled form holds (`loweredBase - constant` then).
    @exclusivity(unchecked) var loweredConstant = 0.0
    /// The constant part of the lowered expression that is not `-constant`
    /// (baseline offsets, say), so that a new constant is `base - constant`.
    @exclusivity(unchecked) var loweredBase = 0.0
    /// The group that holds it (a size-class variation that lists it, or the
    /// batch it was activated in: the first, if it had no engine entries
    /// then): the engine then holds the group, not the constraint
    /// (``LayoutEngine/hold(_:)``, ``ConstraintGroup``). Cleared by the
    /// group's deinit, or when a batch is dissolved.
    @exclusivity(unchecked) var keeper: Unmanaged<ConstraintGroup>?

    /// The constant added to the second side. Cheap to change while active.
    // Read for every constraint a layout pass hands the solver: no dynamic
    // exclusivity check (no access to it is held across a call; its
    // observer runs after the write).
    @exclusivity(unchecked) public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            guard constant.isFinite, abs(constant) <= 1e12 else {
                constant = oldValue // refused: nothing changes
                return
            }
            engine?.constantChanged(self)
        }
    }

    /// Why the last `isActive = true` did nothing, if it did not.
    public private(set) var activationError: LayoutError? {
        get { activationFailed ? activationFailure : nil }
        set {
            activationFailure = newValue
            activationFailed = newValue != nil
        }
    }
    private var activationFailure: LayoutError?

    /// The solver's form of the constraint, made when activated and kept
    /// after deactivation, so that activating it again costs no translation.
    @exclusivity(unchecked) var lowered: Cassowary.Constraint? { didSet { loweredID = nil } }

    // MARK: The relation

    /// The items are not retained, as in UIKit: a hierarchy owns its views,
    /// its engine owns the active constraints, and a constraint that kept its
    /// items alive would keep the whole hierarchy alive through that engine.
    /// Reading an item of a constraint that outlived it is a programming
    /// error (it traps).
    public unowned let firstItem: LayoutItem
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public unowned let secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute
    public let multiplier: Double

    /// 1...1000; 1000 is required. Changing it on an active constraint swaps
    /// it in the solver at the next layout pass. Values outside 1...1000 are
    /// refused (the priority stays as it was).
    // Read for every constraint lowered: no dynamic exclusivity check, as
    // for `constant` (no access is held across a call; the observer runs
    // after the write).
    @exclusivity(unchecked) public var priority: LayoutPriority {
        didSet {
            guard priority != oldValue else { return }
            guard priority.isValid else {
                priority = oldValue
                return
            }
            engine?.priorityChanged(self)
        }
    }

    /// A name for descriptions and conflict reports. Constraints the engine
    /// makes are named after their item: `a.hugging.horizontal`, `root.width`.
    public var identifier: String? {
        get { storedIdentifier ?? impliedSuffix.map { (ownerIsSecond ? secondItem! : firstItem).layoutName + "." + $0 } }
        set { storedIdentifier = newValue }
    }
    private var storedIdentifier: String?
    /// An implied constraint's name after its item's (made when asked: a
    /// hierarchy has thousands of them and few are ever named).
    let impliedSuffix: String?
    private let ownerIsSecond: Bool

    /// Whether the constraint takes part in layout. Setting it is
    /// ``activate(_:)-([LayoutConstraint])`` or ``deactivate(_:)`` of this one constraint; a
    /// constraint whose items have no common ancestor is not activated, and the
    /// reason is in ``activationError``.
    public var isActive: Bool {
        get { engineRef != nil }
        set {
            if newValue {
                do { try Self.activate([self]) } catch { activationError = error }
            } else {
                Self.deactivate([self])
            }
        }
    }

    /// Whether a bare `-` of a visual format made the constraint: its
    /// constant is then the standard spacing (8 points between two items, 0
    /// from an item to its superview's margin).
    public internal(set) var usesStandardSpacing = false

    /// Whether the constraint is active but not enforced: it conflicted with
    /// required constraints and the engine broke it (see ``LayoutConflict``).
    public var isBroken: Bool { engineRef != nil && broken }

    /// A root view's size: its constant moves whenever the window is resized
    /// or rotated, and the solver is told so when it compiles it
    /// (``Cassowary/Solver/expectMoves(_:)``).
    var movesWithFrame = false
    /// Constraints the engine makes itself (intrinsic size, autoresizing,
    /// margins, root size) skip Apple's pairing rules.
    var isImplied: Bool { impliedSuffix != nil }

    /// Whether `other` is this constraint but for its constant.
    func differsOnlyInConstant(from other: LayoutConstraint) -> Bool {
        firstItem === other.firstItem && firstAttribute == other.firstAttribute && relation == other.relation
            && secondItem === other.secondItem && secondAttribute == other.secondAttribute
            && multiplier == other.multiplier && priority == other.priority && impliedSuffix == other.impliedSuffix
    }

    /// Apple's designated initializer, checked by Apple's rules: no location
    /// related to a size or to a constant, no location of one axis related to
    /// one of the other, no leading or trailing related to left or right.
    public convenience init(item view1: LayoutItem, attribute attr1: LayoutAttribute,
                            relatedBy relation: LayoutRelation,
                            toItem view2: LayoutItem?, attribute attr2: LayoutAttribute,
                            multiplier: Double = 1, constant c: Double = 0) throws(LayoutError) {
        if let error = Self.validate(attr1, view2, attr2, multiplier, c) { throw error }
        self.init(view1, attr1, relation, view2, attr2, multiplier, c)
    }

    init(_ view1: LayoutItem, _ attr1: LayoutAttribute, _ relation: LayoutRelation,
         _ view2: LayoutItem?, _ attr2: LayoutAttribute, _ multiplier: Double = 1, _ c: Double = 0,
         priority: LayoutPriority = .required, suffix: String? = nil, ownerIsSecond: Bool = false) {
        firstItem = view1
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier // kept as given without a second item, as Apple does; unused then
        constant = c
        self.priority = priority
        impliedSuffix = suffix
        self.ownerIsSecond = ownerIsSecond
    }

    deinit {
        if let lowered, let engine = loweredIn?.engine { engine.forget(lowered) }
    }

    /// Apple's rules for a constraint's shape; nil when it is well formed.
    static func validate(_ a1: LayoutAttribute, _ item2: LayoutItem?, _ a2: LayoutAttribute,
                         _ multiplier: Double, _ c: Double) -> LayoutError? {
        if a1 == .notAnAttribute { return .missingFirstAttribute }
        if !multiplier.isFinite || abs(multiplier) > 1e12 { return .invalidNumber("multiplier", multiplier) }
        if !c.isFinite || abs(c) > 1e12 { return .invalidNumber("constant", c) }
        if item2 == nil {
            if a2 != .notAnAttribute { return .missingSecondItem(a2) }
            return a1.isSize ? nil : .locationEqualToConstant(a1)
        }
        if a2 == .notAnAttribute { return .missingSecondAttribute }
        if a1.isLocation && multiplier == 0 { return .locationEqualToConstant(a1) }
        if a1.isSize != a2.isSize { return .invalidPairing(first: a1, second: a2) }
        if a1.isLocation && a1.axis != a2.axis { return .invalidPairing(first: a1, second: a2) }
        if (a1.isDirectional && a2.isAbsoluteHorizontal) || (a1.isAbsoluteHorizontal && a2.isDirectional) {
            return .mixedDirections(first: a1, second: a2)
        }
        return nil
    }

    // MARK: - Activation

    /// Activates constraints: each one is installed in the engine of its
    /// items' view hierarchy; the solver sees them all, with everything else
    /// changed since the last layout pass, as one change set at the next
    /// ``View/layoutIfNeeded()``. All or nothing: if one has items without a
    /// common ancestor, none is activated.
    ///
    /// The engine holds active constraints, as UIKit's does. Sixteen or more
    /// activated at once are held together, through the array, while at
    /// least half of them stay active: one of them deactivated that nothing
    /// else holds is freed at the layout pass after which fewer stay active,
    /// where UIKit would free it at the next layout pass.
    public static func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        // Constraints activated before (validated, their engine known without
        // a walk: a size-class switch activates thousands) are installed as
        // they come, in one pass; a second pass found each one's memory cold
        // again. From the first that needs more, the rest are checked before
        // any of them is installed, and a refusal deactivates again those this
        // call installed, so that it activates none. Those are told by their
        // activation order, at least their engine's first in this call; the
        // engines are remembered (no list of constraints: a call that
        // activates one constraint allocates nothing).
        // Many at once are held as a batch: the engines hold it once, not
        // each of them (ConstraintGroup), until some are given back.
        let batch = constraints.count >= ConstraintGroup.batchFrom
            ? ConstraintGroup(constraints: constraints, isBatch: true) : nil
        defer { withExtendedLifetime(batch) {} }
        var starts = ActivationStarts()
        var checkFrom = constraints.count
        constraints.forEachBorrowed(from: 0) { i, c in
            guard c.isValidated, !c.activationFailed, let held = c.knownEngine() else {
                checkFrom = i
                return false
            }
            if c.engineRef == nil {
                held._withUnsafeGuaranteedRef { engine in
                    starts.note(engine)
                    batch?.keep(c)
                    c.install(in: engine)
                }
            }
            return true
        }
        guard checkFrom < constraints.count else { return }
        do {
            try activateChecked(constraints, from: checkFrom, batch: batch)
        } catch {
            for c in constraints[..<checkFrom].reversed() {
                if let engine = c.engine, let start = starts.start(in: engine), c.activeOrder >= start {
                    c.deactivateInEngine()
                }
            }
            throw error
        }
    }

    /// Each engine `activate(_:)` installed in, with its ``LayoutEngine/nextOrder``
    /// when it did first: one engine in place, more (rare) in a list.
    private struct ActivationStarts {
        private var first: (engine: ObjectIdentifier, order: Int)?
        private var more: [(engine: ObjectIdentifier, order: Int)] = []

        mutating func note(_ engine: LayoutEngine) {
            let id = ObjectIdentifier(engine)
            if first == nil { first = (id, engine.nextOrder); return }
            if first!.engine == id || more.contains(where: { $0.engine == id }) { return }
            more.append((id, engine.nextOrder))
        }

        func start(in engine: LayoutEngine) -> Int? {
            let id = ObjectIdentifier(engine)
            if let first, first.engine == id { return first.order }
            return more.first { $0.engine == id }?.order
        }
    }

    /// Activates `constraints[start...]`, each checked first (its shape, and
    /// its items' common ancestor), all or none.
    private static func activateChecked(_ constraints: [LayoutConstraint], from start: Int,
                                        batch: ConstraintGroup?) throws(LayoutError) {
        // A constraint activated before knows its engine (knownEngine); the
        // others' engines are found by a walk to the root and kept here, by
        // index.
        var walked: [(index: Int, engine: LayoutEngine)] = []
        var lastRoot: View?, lastEngine: LayoutEngine?
        var refusal: LayoutError?
        constraints.forEachBorrowed(from: start) { i, c in
            if !c.isValidated {
                if !c.isImplied, let error = validate(c.firstAttribute, c.secondItem, c.secondAttribute, c.multiplier, c.constant) {
                    refusal = error
                    return false
                }
                c.isValidated = true // its shape never changes
            }
            if c.knownEngine() != nil { return true }
            guard let root = c.commonRoot() else {
                refusal = .noCommonAncestor(first: c.firstItem.layoutName, second: c.secondItem?.layoutName ?? "nil")
                return false
            }
            if root !== lastRoot {
                lastRoot = root
                lastEngine = root.layoutEngine
            }
            walked.append((i, lastEngine!))
            return true
        }
        if let refusal { throw refusal }
        var next = 0
        constraints.forEachBorrowed(from: start) { i, c in
            if next < walked.count, walked[next].index == i {
                next += 1
                if c.engineRef == nil {
                    batch?.keep(c)
                    c.install(in: walked[next - 1].engine)
                }
            } else if c.engineRef == nil {
                // As above: activating others changes no membership.
                batch?.keep(c)
                c.knownEngine()!._withUnsafeGuaranteedRef { c.install(in: $0) }
            }
            return true
        }
    }

    /// ``activate(_:)-([LayoutConstraint])`` for constraints written one per line in a
    /// ``LayoutConstraintsBuilder`` block.
    public static func activate(@LayoutConstraintsBuilder _ constraints: () -> [LayoutConstraint]) throws(LayoutError) {
        try activate(constraints())
    }

    /// Deactivates constraints (inactive ones are ignored); the solver sees
    /// the change at the next layout pass.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        constraints.forEachBorrowed { _, c in
            c.deactivateInEngine()
            return true
        }
    }

    /// Deactivates it in its engine, if it is active.
    func deactivateInEngine() {
        engineRef?._withUnsafeGuaranteedRef { $0.deactivate(self) }
    }

    /// The engine of the hierarchy both items are in when that is known
    /// without a walk to the root, as it is for a constraint activated again
    /// (size-class switches do that to thousands at a time): one compiled by
    /// a live engine that no item has left since has its items there, and
    /// items registered in a live engine are in its hierarchy (leaving a
    /// hierarchy unregisters them). Nil when it takes the walk. Not retained:
    /// for use while the hierarchy holds it.
    func knownEngine() -> Unmanaged<LayoutEngine>? {
        if let held = loweredIn?.engineRef, loweredAt == held._withUnsafeGuaranteedRef({ $0.departures }) {
            return held
        }
        if let token = firstItem.variables?.engine, let held = token.engineRef,
           secondItem == nil || secondItem!.variables?.engine === token {
            return held
        }
        return nil
    }

    /// Activates a constraint that was active before, when its engine is
    /// known without a walk (``knownEngine()``) — what a size-class switch
    /// does to each of its constraints; false, with nothing done, otherwise.
    func reactivate() -> Bool {
        guard isValidated, let held = knownEngine() else { return false }
        held._withUnsafeGuaranteedRef { install(in: $0) }
        return true
    }

    /// Hands the constraint to its engine; ``activationError`` (why an
    /// earlier `isActive = true` did nothing) no longer applies.
    private func install(in engine: LayoutEngine) {
        if activationFailed { activationError = nil }
        engine.activate(self)
    }

    /// The root of the hierarchy both items are in, or nil if they are not in one.
    func commonRoot() -> View? {
        let r1 = firstItem.hierarchyRoot
        guard let second = secondItem else { return r1 }
        return second.hierarchyRoot === r1 ? r1 : nil
    }

    // MARK: - Description

    /// `a.leading == superview.leading + 20`, with `@750` for a priority
    /// below required and the identifier first when there is one.
    public var description: String {
        var text = "\(firstItem.layoutName).\(firstAttribute) \(relation) "
        var rhs = ""
        if let second = secondItem {
            rhs = (multiplier == 1 ? "" : "\(format(multiplier)) * ") + "\(second.layoutName).\(secondAttribute)"
        }
        if rhs.isEmpty {
            rhs = format(constant)
        } else if constant != 0 {
            rhs += constant < 0 ? " - \(format(-constant))" : " + \(format(constant))"
        }
        text += rhs
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text = "\(identifier): " + text }
        return text
    }
}

extension Array where Element == LayoutConstraint {
    /// Calls `body` with each index and element, the element borrowed from
    /// the array (which holds it), until `body` returns false. A plain `for`
    /// loop retained and released each element, and a size-class switch
    /// (de)activates thousands.
    @inline(__always)
    func forEachBorrowed(from start: Int = 0, _ body: (Int, LayoutConstraint) -> Bool) {
        withUnsafeBufferPointer { buffer in
            for i in start..<buffer.count {
                let goOn = Unmanaged.passUnretained(buffer[i])._withUnsafeGuaranteedRef { body(i, $0) }
                if !goOn { return }
            }
        }
    }
}
