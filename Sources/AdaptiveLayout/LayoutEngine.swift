import Cassowary

/// The solver of one view hierarchy, owned by its root view (UIKit keeps one
/// per window).
///
/// Data flow. Activating, deactivating or re-prioritising a constraint only
/// queues it; ``layout()`` lowers the queued constraints to linear
/// constraints over the items' variables and hands the solver one change set
/// (removals, then additions, one re-optimisation). A new constant on a
/// constraint already in the solver moves the solution at once, in place
/// (``Solver/setConstant(_:of:)``). Frames are read from the solver's values
/// on demand, so a layout pass copies nothing.
///
/// Variables. Each item has `x, y, width, height`, its frame in its parent's
/// coordinates, as UIKit's engine has: a constraint between two items is
/// written in the coordinates of their closest common ancestor, so an item's
/// position there is its own origin plus its ancestors' below that ancestor.
/// Constraints between a view and its superview (most of them) then have the
/// fewest terms, and moving a subtree changes no variable inside it.
///
/// Removed constraints stay compiled in the solver (`keepingRemoved`), so a
/// size-class transition that swaps the same two sets back and forth costs
/// no translation after the first time.
final class LayoutEngine {
    /// UIKit's standard spacing between siblings, in points.
    static let systemSpacing = 8.0
    /// Strength of the probes that test for ambiguity: below every priority.
    static let probeStrength = Strength(0.001)

    unowned let root: View
    let solver = Solver(mode: .lexicographic)
    /// This engine's identity, held by its item variables and by the
    /// constraints it compiled: a new engine at a dead one's address is never
    /// taken for it, and `engine` (cleared by the engine's deinit) says
    /// whether it is still there.
    final class Token {
        /// Not retained (the engine owns its token) and read without a
        /// retain where a pass does (``LayoutConstraint/knownEngine()``).
        @exclusivity(unchecked) var engineRef: Unmanaged<LayoutEngine>?
        var engine: LayoutEngine? {
            get { engineRef?.takeUnretainedValue() }
            set { engineRef = newValue.map { Unmanaged.passUnretained($0) } }
        }
    }
    let token = Token()
    /// A scratch engine (fitting sizes) keeps its variables here instead of
    /// on the items, which belong to their hierarchy's engine.
    private let isScratch: Bool
    private var scratchVariables: [ObjectIdentifier: ItemVariables] = [:]
    private let sizing: ImpliedConstraints.RootSizing

    /// A constraint in one of the lists below. An entry of `active` is one
    /// hold on its constraint, taken when it is activated (``hold(_:)``);
    /// deactivating it moves that entry, as it is, to `pendingRemove`, which
    /// gives it back at the end of the next pass (once the solver has it
    /// out). `pendingAdd`'s entries hold nothing: each constraint there was
    /// active when it was listed, so its hold is in `active` or in
    /// `pendingRemove` until the pass has walked them. A size-class
    /// transition moves thousands of constraints through these lists; as
    /// arrays of strong references each move cost four retains and four
    /// releases, and retains and releases were half of a transition's time.
    typealias Held = Unmanaged<LayoutConstraint>

    /// Active constraints, in no order (``LayoutConstraint/activeIndex``).
    // No dynamic exclusivity checks on the queues a pass walks: the engine
    // never hands out access to them across a call.
    @exclusivity(unchecked) private var active = PlainList<Held>()
    /// The ``LayoutConstraint/activeOrder`` the next activation gets.
    @exclusivity(unchecked) private(set) var nextOrder = 0
    /// Constraints to lower and add at the next pass, in order; an entry
    /// whose constraint was deactivated (or added) since is skipped. Only
    /// active constraints are listed (see ``Held``).
    @exclusivity(unchecked) private var pendingAdd = PlainList<Held>()
    /// Constraints deactivated since the last pass, to take out of the solver
    /// there: those not in it, or activated again since (not
    /// `queuedForRemoval`), are only given back.
    @exclusivity(unchecked) private var pendingRemove = PlainList<Held>()
    /// The solver ids of the constraints to take out of the solver at the
    /// next pass, listed as they are deactivated, so that the pass reads
    /// ids and not the constraints (cold at L, each one's memory a cache
    /// miss); one activated again before the pass has its entry overwritten
    /// with ``noRemoval`` (``LayoutConstraint/removalSlot``).
    @exclusivity(unchecked) private var removingIDs = PlainList<UInt32>()
    /// The constraints the change set under way takes, in order, for the
    /// rare refusal (``flush()``); emptied as each pass begins, and kept
    /// between passes for its buffer (a transition at L takes 40,000, and a
    /// list made afresh for each pass made rotations 7 to 9% slower). A list
    /// and not a stamp on each constraint: a stamp counted per engine
    /// matched, in a hierarchy that had moved from another engine, a
    /// constraint that engine had taken and this one had skipped
    /// (deactivated since), and the refusal tried to add it, with no
    /// compiled form (a crash that document-fuzz found).
    @exclusivity(unchecked) private var taken = PlainList<Held>()
    /// The batches a pass gives entries of back (``giveBack(_:listing:)``),
    /// kept between passes for its buffer.
    @exclusivity(unchecked) private var batchesGivenBack = PlainList<Unmanaged<ConstraintGroup>>()
    /// A ``removingIDs`` entry cancelled. No solver id is this large.
    static let noRemoval = UInt32.max
    /// Whether the pass under way has taken ``removingIDs`` for its change
    /// set: a constraint activated again now (a margins guide's, made while
    /// lowering) is added back in that change set, not cancelled.
    @exclusivity(unchecked) private var removalsTaken = false
    private var framesSet: [View] = []
    private(set) var conflicts: [LayoutConflict] = []
    /// How many times items have left this engine (unregistered, released
    /// with their subtree, taken by another engine). A constraint compiled
    /// here while the count was `n` has both its items in this hierarchy as
    /// long as the count is still `n`: activating it again needs no walk to
    /// the root and no look at its items (``LayoutConstraint/knownEngine()``).
    @exclusivity(unchecked) private(set) var departures = 0
    /// Layout passes run so far: until the first, frames are the ones set.
    private(set) var passes = 0

    init(root: View, sizing: ImpliedConstraints.RootSizing = .frame, scratch: Bool = false) {
        self.root = root
        self.sizing = sizing
        isScratch = scratch
        token.engine = self
        if !scratch { adopt(subtree: root) }
    }

    deinit {
        token.engine = nil // compiled constraints see the engine gone
        active.forEach { held in held._withUnsafeGuaranteedRef { $0.engineRef = nil } }
        active.forEach { Self.giveBack($0, listing: &batchesGivenBack) }
        pendingRemove.forEach { Self.giveBack($0, listing: &batchesGivenBack) }
        Self.settle(&batchesGivenBack)
    }

    /// Takes a hold on a constraint for an entry of `active`: a retain of
    /// it, or, when a group keeps it (its ``LayoutConstraint/keeper``: a
    /// size-class variation, or the batch it was activated in), of the
    /// group, once for all of its constraints that engines hold (a count on
    /// the group, which a transition finds in the cache, where each
    /// constraint's own retain was an atomic write to a cold object). The
    /// constraint is alive either way until ``giveBack(_:listing:)``.
    private static func hold(_ c: LayoutConstraint) -> Held {
        c.holds += 1
        if let keeper = c.keeper {
            keeper._withUnsafeGuaranteedRef { g in
                g.engineHolds += 1
                if g.engineHolds == 1 { _ = keeper.retain() }
            }
            return Held.passUnretained(c)
        }
        return Held.passRetained(c)
    }

    /// Gives back the hold of an entry taken by ``hold(_:)``. The constraint
    /// may be freed by it (and its group): nothing of it is read after.
    /// A batch is not let go here but listed in `batches` (once), for
    /// ``settle(_:)`` once every entry of the pass is given back: whether
    /// all of its constraints went is known only then.
    private static func giveBack(_ held: Held, listing batches: inout PlainList<Unmanaged<ConstraintGroup>>) {
        let keeper = held._withUnsafeGuaranteedRef { c in
            c.holds -= 1
            return c.keeper
        }
        guard let keeper else { return held.release() }
        let last = keeper._withUnsafeGuaranteedRef { g in
            assert(g.engineHolds > 0, "a hold given back to a group that was not holding")
            g.engineHolds -= 1
            if g.isBatch {
                if !g.isListed {
                    g.isListed = true
                    batches.append(keeper)
                }
                return false
            }
            return g.engineHolds == 0
        }
        if last { keeper.release() }
    }

    /// The batches that entries were given back of: one whose constraints
    /// have no entry left goes (the engines' retain of it given back), and
    /// so does one left thin, once it has handed those that stand their own
    /// retains (``ConstraintGroup/dissolve()``); the others stay.
    private static func settle(_ batches: inout PlainList<Unmanaged<ConstraintGroup>>) {
        batches.forEach { batch in
            let goes = batch._withUnsafeGuaranteedRef { g in
                g.isListed = false
                if g.isThin { g.dissolve() }
                return g.engineHolds == 0
            }
            if goes { batch.release() }
        }
        batches.removeAll()
    }

    // MARK: - Items

    func variables(_ item: LayoutItem) -> ItemVariables {
        if isScratch {
            if let v = scratchVariables[ObjectIdentifier(item)] { return v }
            let v = ItemVariables(solver, engine: token)
            scratchVariables[ObjectIdentifier(item)] = v
            return v
        }
        if let v = item.variables, v.engine === token { return v }
        register(item)
        return item.variables!
    }

    /// Gives an item its variables and its implied constraints.
    func register(_ item: LayoutItem) {
        if !isScratch {
            if let e = item.variables?.engine {
                if e === token { return }
                taken(item, from: e)
            }
            item.variables = ItemVariables(solver, engine: token)
        }
        let implied = makeImplied(item)
        if !isScratch { item.implied = implied }
        for c in implied.all { activate(c) }
    }

    func unregister(_ item: LayoutItem) {
        departures += 1
        var leaving: [Held] = [] // found first: deactivating reorders `active`
        active.forEach { held in
            held._withUnsafeGuaranteedRef { c in
                if c.firstItem === item || c.secondItem === item { leaving.append(held) }
            }
        }
        for held in leaving { deactivate(held.takeUnretainedValue()) }
        item.implied = nil
        item.variables = nil
    }

    private func makeImplied(_ item: LayoutItem) -> ImpliedConstraints {
        var implied = ImpliedConstraints()
        if let view = item as? View {
            if view === root {
                implied.size = ImpliedConstraints.rootSize(view, sizing)
            } else if view.translatesAutoresizingMaskIntoConstraints, let s = view.superview {
                implied.autoresizing = ImpliedConstraints.autoresizing(view, in: s)
            }
            implied.intrinsic = ImpliedConstraints.intrinsic(view)
        } else if let guide = item as? LayoutGuide, let owner = guide.owningView {
            implied.insets = ImpliedConstraints.insets(guide, owner)
        }
        return implied
    }

    /// Registers a subtree that joined the hierarchy, with the constraints it
    /// brought from the engine it had as a root of its own.
    func adopt(subtree view: View) {
        var carried: [LayoutConstraint] = []
        if view !== root, let old = view.engine {
            carried = old.activeConstraints.filter { !$0.isImplied }
            for c in carried { old.deactivate(c) }
            view.engine = nil
        }
        // Parent first, then each subview's subtree in order (preorder), so
        // that the solver's variables are made in the order the views are:
        // the order its build starts from (CSolver's cs_topo.c, "begin").
        // Taken last subview first instead, a list of 2,000 cells chained
        // top to bottom had its chain's variables made bottom to top, and
        // each link of the chain placed the whole chain again.
        var stack = [view]
        while let v = stack.popLast() {
            if let e = v.variables?.engine, e !== token { taken(v, from: e) }
            // A frame set under the old engine stays "as set" until this one's next pass.
            if v.frameSetSinceLayout { framesSet.append(v) }
            register(v)
            for g in v.layoutGuides {
                if let e = g.variables?.engine, e !== token { taken(g, from: e) }
                register(g)
            }
            stack.append(contentsOf: v.subviews.reversed())
        }
        adoptActive(carried)
    }

    /// An item registered in another engine joins this one: it departs from there.
    private func taken(_ item: LayoutItem, from other: Token) {
        other.engine?.departures += 1
        item.variables = nil
    }

    func adoptActive(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.engineRef == nil { activate(c) }
    }

    /// Takes a subtree out: constraints between it and the rest are
    /// deactivated, and those within it are returned (deactivated here) to be
    /// activated in its new hierarchy.
    func release(subtree view: View) -> [LayoutConstraint] {
        departures += 1
        var inside: Set<ObjectIdentifier> = []
        var items: [LayoutItem] = []
        var stack = [view]
        while let v = stack.popLast() {
            inside.insert(ObjectIdentifier(v))
            items.append(v)
            for g in v.layoutGuides {
                inside.insert(ObjectIdentifier(g))
                items.append(g)
            }
            stack.append(contentsOf: v.subviews)
        }
        var kept: [LayoutConstraint] = []
        for c in activeConstraints {
            let first = inside.contains(ObjectIdentifier(c.firstItem))
            let second = c.secondItem.map { inside.contains(ObjectIdentifier($0)) } ?? first
            guard first || second else { continue }
            deactivate(c)
            if first && second && !c.isImplied { kept.append(c) }
        }
        for item in items {
            item.implied = nil
            item.variables = nil
        }
        return kept
    }

    // MARK: - Activation

    /// Active constraints in the order they were activated.
    var activeConstraints: [LayoutConstraint] {
        active.map { $0.takeUnretainedValue() }.sorted { $0.activeOrder < $1.activeOrder }
    }

    func activate(_ c: LayoutConstraint) {
        guard c.engineRef == nil else { return }
        c.engineRef = Unmanaged.passUnretained(self)
        c.activeIndex = active.count
        c.activeOrder = nextOrder
        nextOrder += 1
        active.append(Self.hold(c))
        if c.loweredIn !== token, let old = c.lowered {
            // Compiled by another engine (a subtree moved here): out of that
            // engine's solver now, so its queued removal is void.
            let other = c.loweredIn?.engine
            if c.queuedForRemoval { other?.cancelRemoval(of: c) }
            other?.forget(old)
            c.lowered = nil
            c.queuedForRemoval = false
        }
        if c.queuedForRemoval, !removalsTaken {
            // Deactivated and activated again before a pass: nothing to do.
            cancelRemoval(of: c)
            c.queuedForRemoval = false
            c.inSolver = true
            return
        }
        pendingAdd.append(Held.passUnretained(c))
    }

    /// Whether `c` is active here (a comparison of addresses: no retain).
    private func holds(_ c: LayoutConstraint) -> Bool {
        c.engineRef?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
    }

    func deactivate(_ c: LayoutConstraint) {
        guard holds(c) else { return }
        c.engineRef = nil
        let i = c.activeIndex, held = active[i]
        assert(held.toOpaque() == Unmanaged.passUnretained(c).toOpaque(), "activeIndex is its own entry")
        let last = active.removeLast()
        if i < active.count {
            active[i] = last
            last._withUnsafeGuaranteedRef { $0.activeIndex = i }
        }
        c.activeIndex = -1
        c.broken = false
        if c.inSolver {
            c.inSolver = false
            c.queuedForRemoval = true
            if compile(c) { // in the solver: compiled
                c.removalSlot = UInt32(truncatingIfNeeded: removingIDs.count)
                removingIDs.append(c.loweredID!)
            } else {
                c.removalSlot = Self.noRemoval
            }
        }
        // Held until the pass (a queued addition of it is skipped there).
        pendingRemove.append(held)
    }

    /// Takes a constraint deactivated since the last pass off the list of
    /// those to take out of the solver there.
    private func cancelRemoval(of c: LayoutConstraint) {
        guard !removalsTaken, c.removalSlot != Self.noRemoval else { return }
        removingIDs[Int(c.removalSlot)] = Self.noRemoval
    }

    /// Releases a compiled constraint whose owner is gone.
    func forget(_ lowered: Cassowary.Constraint) {
        solver.forget(lowered)
    }

    /// Takes a constraint out of the solver and queues it again, lowered
    /// afresh (its shape changed: priority, baselines, direction).
    private func relower(_ c: LayoutConstraint) {
        guard holds(c) else { return }
        if c.inSolver, let old = c.lowered { try? solver.remove(old) }
        c.inSolver = false
        if let old = c.lowered { forget(old) }
        c.lowered = nil
        c.broken = false
        pendingAdd.append(Held.passUnretained(c))
    }

    // MARK: - Changes

    /// `c` is active here.
    func constantChanged(_ c: LayoutConstraint) {
        if c.broken {
            c.broken = false
            pendingAdd.append(Held.passUnretained(c)) // it may hold now
            return
        }
        guard c.inSolver, let lowered = c.lowered else { return } // lowered at the pass
        do {
            try solver.setConstant(c.loweredBase - c.constant, of: lowered)
            c.loweredConstant = c.loweredBase - c.constant
        } catch {
            if case .unsatisfiable(let conflict) = error {
                try? solver.apply(removing: [lowered], adding: [], keepingRemoved: true)
                c.inSolver = false
                breakConstraint(c, conflict: conflict)
            }
        }
    }

    func priorityChanged(_ c: LayoutConstraint) { relower(c) }

    func frameChanged(_ view: View) {
        framesSet.append(view)
        if view === root {
            guard case .frame = sizing, let size = view.implied?.size, size.count == 2 else { return }
            size[0].constant = view.storedFrame.width
            size[1].constant = view.storedFrame.height
        } else {
            impliedChanged(view)
        }
    }

    /// A view's autoresizing constraints after its frame or mask changed
    /// (a frame that moves, a view resized with its superview: often no
    /// change at all).
    func impliedChanged(_ view: View) {
        guard view.variables?.engine === token, var implied = view.implied else { return }
        var fresh: [LayoutConstraint] = []
        if view !== root, view.translatesAutoresizingMaskIntoConstraints, let s = view.superview {
            fresh = ImpliedConstraints.autoresizing(view, in: s)
        }
        implied.autoresizing = replace(implied.autoresizing, with: fresh)
        view.implied = implied
    }

    /// Intrinsic size or priorities changed.
    func intrinsicChanged(_ view: View) {
        guard view.variables?.engine === token, var implied = view.implied else { return }
        implied.intrinsic = replace(implied.intrinsic, with: ImpliedConstraints.intrinsic(view))
        view.implied = implied
    }

    /// Brings implied constraints up to date: new constants in place when
    /// each fresh constraint differs from the one it follows only in its
    /// constant, the fresh constraints instead of the old ones otherwise.
    /// Returns those in use. Replacing a constraint that a whole subtree
    /// hangs off costs a re-optimisation; a new constant is an edit.
    private func replace(_ old: [LayoutConstraint], with fresh: [LayoutConstraint]) -> [LayoutConstraint] {
        if fresh.count == old.count, zip(fresh, old).allSatisfy({ $0.differsOnlyInConstant(from: $1) }) {
            for (new, c) in zip(fresh, old) { c.constant = new.constant }
            return old
        }
        for c in old { deactivate(c) }
        for c in fresh { activate(c) }
        return fresh
    }

    /// Margins or safe-area insets changed: the guides' constants move.
    func guideInsetsChanged(_ view: View) {
        for g in view.layoutGuides {
            guard let old = g.implied?.insets, !old.isEmpty else { continue }
            for (new, c) in zip(ImpliedConstraints.insets(g, view), old) { c.constant = new.constant }
        }
    }

    func baselinesChanged(_ view: View) {
        for c in activeConstraints
        where (c.firstItem === view && [.firstBaseline, .lastBaseline].contains(c.firstAttribute))
            || (c.secondItem === view && [.firstBaseline, .lastBaseline].contains(c.secondAttribute)) {
            relower(c)
        }
    }

    func directionChanged() {
        for c in activeConstraints where c.firstAttribute.isDirectional || c.secondAttribute.isDirectional {
            relower(c)
        }
    }

    // MARK: - Layout pass

    /// Sends the queued changes to the solver and brings the values up to date.
    func layout() {
        flush()
        solver.updateVariables()
        passes += 1
        for v in framesSet { v.frameSetSinceLayout = false }
        framesSet.removeAll()
    }

    /// Sends the queued changes to the solver (a pass without reading values).
    ///
    /// The change set goes by id: a size-class transition re-adds thousands
    /// of constraints compiled before, and each costs a look at its own
    /// fields, not at its compiled form (``LayoutConstraint/loweredID``).
    func flush() {
        if pendingAdd.isEmpty && pendingRemove.isEmpty { return }
        var removing: [UInt32] = []
        removing.reserveCapacity(removingIDs.count)
        removingIDs.forEach { id in
            if id != Self.noRemoval { removing.append(id) }
        }
        removingIDs.removeAll()
        removalsTaken = true
        var ids: [UInt32] = []
        ids.reserveCapacity(pendingAdd.count)
        taken.removeAll()
        var compiled = true
        // Lowering a margin attribute may make the margins guide, whose own
        // constraints join the queue: it is walked until its end stays put.
        var next = 0
        while next < pendingAdd.count {
            let held = pendingAdd[next]
            next += 1
            held._withUnsafeGuaranteedRef { c in
                guard holds(c), !c.inSolver, !c.broken else { return }
                lower(c)
                c.inSolver = true // marks it taken: a second mention is skipped
                taken.append(held)
                compiled = compiled && compile(c)
                if compiled { ids.append(c.loweredID!) }
            }
        }
        if compiled, (try? solver.apply(removingIDs: removing, addingIDs: ids)) != nil {
            pendingAdd.removeAll()
            giveBackRemoved()
            return
        }
        // Rare: find the constraints to break, keeping every other one. A
        // refused change set changed nothing; the removals still happen.
        var adding: [LayoutConstraint] = []
        adding.reserveCapacity(taken.count)
        taken.forEach { held in
            let c = held.takeUnretainedValue()
            c.inSolver = false
            adding.append(c)
        }
        pendingAdd.removeAll()
        if (try? solver.apply(removingIDs: removing, addingIDs: [])) == nil {
            for id in removing { try? solver.apply(removingIDs: [id], addingIDs: []) }
        }
        giveBackRemoved() // out of the solver: a constraint given back now may go
        addBisecting(adding[...])
    }

    /// Gives back the entries of ``pendingRemove`` (once their removals
    /// are out of the solver: one given back may go) and empties it.
    private func giveBackRemoved() {
        pendingRemove.forEach { held in
            held._withUnsafeGuaranteedRef { c in
                // Its removal is done, unless it is queued in the engine it
                // moved to since (compiled there).
                if c.loweredIn === token { c.queuedForRemoval = false }
            }
            Self.giveBack(held, listing: &batchesGivenBack)
        }
        Self.settle(&batchesGivenBack)
        pendingRemove.removeAll()
        removalsTaken = false
    }

    /// Whether a constraint has a compiled form the solver holds: it has an
    /// id, or the solver knows it (a form that a refused change set compiled
    /// and discarded does not count).
    private func stillCompiled(_ c: LayoutConstraint) -> Bool {
        if c.loweredID != nil { return true }
        guard let l = c.lowered else { return false }
        return solver.constant(of: l) != nil
    }

    /// Compiles a lowered constraint in the solver (once: its id is kept);
    /// false if the solver refuses it (``addBisecting(_:)`` then finds out why).
    private func compile(_ c: LayoutConstraint) -> Bool {
        if c.loweredID != nil { return true }
        guard let l = c.lowered, let id = try? solver.compile(l) else { return false }
        c.loweredID = id
        if c.movesWithFrame { solver.expectMoves(id) }
        return true
    }

    /// Adds constraints in order, halving a refused batch until the refused
    /// constraint is alone, which is then broken with its conflict.
    private func addBisecting(_ batch: ArraySlice<LayoutConstraint>) {
        guard !batch.isEmpty else { return }
        do {
            try solver.apply(removing: [], adding: batch.map { $0.lowered! }, keepingRemoved: true)
            for c in batch { c.inSolver = true }
        } catch {
            if batch.count == 1, let c = batch.first {
                // Refused alone: broken, with its conflict when it has one
                // (anything else the solver refuses is reported as itself).
                if case .unsatisfiable(let conflict) = error {
                    breakConstraint(c, conflict: conflict)
                } else {
                    breakConstraint(c, conflict: [])
                }
                return
            }
            let mid = batch.startIndex + batch.count / 2
            addBisecting(batch[..<mid])
            addBisecting(batch[mid...])
        }
    }

    private func breakConstraint(_ c: LayoutConstraint, conflict: [Cassowary.Constraint]) {
        c.broken = true
        // Conflicts are rare: their members are found among the active ones.
        let members = Set(conflict.map(ObjectIdentifier.init))
        var set = active.map { $0.takeUnretainedValue() }.filter {
            $0.lowered.map { members.contains(ObjectIdentifier($0)) } ?? false
        }
        if !set.contains(where: { $0 === c }) { set.append(c) }
        set.sort { $0.activeOrder < $1.activeOrder } // as they were activated
        conflicts.append(LayoutConflict(conflicting: set, broken: c))
    }

    // MARK: - Lowering

    /// Makes (or refreshes) the solver's form of an active constraint:
    /// `first - multiplier * second - constant  RELATION  0`.
    ///
    /// A compiled form kept from before is reused while no item has left the
    /// hierarchy since it was made (``departures``): an item that left and
    /// came back has new variables, and a view moved to another superview
    /// new ancestors, so after a departure each is compiled afresh.
    ///
    /// The compiled object itself is not looked at on the way (not even
    /// retained): a size-class switch re-adds thousands, and a look at each
    /// (a cache miss) made switches at L 1.7 times slower.
    private func lower(_ c: LayoutConstraint) {
        if c.loweredIn === token, c.loweredAt == departures, stillCompiled(c) {
            // Compiled and idle: only the constant may have moved.
            if c.loweredConstant != c.loweredBase - c.constant {
                c.loweredConstant = c.loweredBase - c.constant
                try? solver.setConstant(c.loweredConstant, of: c.lowered!) // not added: cannot fail
            }
            return
        }
        if c.loweredIn === token, let old = c.lowered {
            forget(old) // idle (not in the solver), perhaps over variables that are gone; or unknown
        }
        let (constraint, base) = linear(c) // registers its items here
        c.lowered = constraint
        c.loweredIn = token
        c.loweredAt = departures
        c.loweredBase = base
        c.loweredConstant = base - c.constant
    }

    /// The linear form of a constraint over this engine's variables, and the
    /// part of its constant that does not come from `constant`.
    func linear(_ c: LayoutConstraint) -> (Cassowary.Constraint, Double) {
        let ancestor = commonAncestor(c.firstItem, c.secondItem)
        // Read once a constraint: read for each term (a walk to the root and
        // a dynamic exclusivity check) it was 6% of lowering's instructions.
        let rtl = root.rootView.layoutDirection == .rightToLeft
        var terms: [Term] = []
        terms.reserveCapacity(8)
        var base = append(c.firstItem, c.firstAttribute, in: ancestor, rtl: rtl, times: 1, to: &terms)
        if let second = c.secondItem {
            base += append(second, c.secondAttribute, in: ancestor, rtl: rtl, times: -c.multiplier, to: &terms)
        }
        let relation: Cassowary.Constraint.Relation = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        let strength = c.priority.isRequired ? Strength.required : Strength(priority: Double(c.priority.rawValue))
        let e = Expression(terms: terms, constant: base - c.constant)
        return (Cassowary.Constraint(e, relation, strength: strength), base)
    }

    /// The view whose coordinates an item's frame is in, or the view itself.
    private func container(_ item: LayoutItem) -> View? {
        (item as? View) ?? item.parent
    }

    /// The closest view that contains both items (or is one of them); nil
    /// when they are in different hierarchies.
    ///
    /// Nearly every constraint is between a view and its superview (or one
    /// of its guides) or between siblings: those are answered by comparing
    /// the two containers and their superviews. Otherwise the deeper chain
    /// climbs to the other's depth and then both climb together until they
    /// meet. Trying every ancestor of one against every ancestor of the
    /// other, a retain and a release a step, took 1,080 instructions a
    /// constraint in tree M (the depth is 7), 6% of its build and flip
    /// through the API.
    private func commonAncestor(_ a: LayoutItem, _ b: LayoutItem?) -> View? {
        guard let b else { return container(a) }
        guard let u = container(a), let v = container(b) else { return nil }
        if u === v || v.superview === u { return u }
        if u.superview === v { return v }
        if let p = u.superview, p === v.superview { return p }
        var (x, y) = (u, v)
        var (dx, dy) = (depth(of: x), depth(of: y))
        while dx > dy { x = x.superview!; dx -= 1 }
        while dy > dx { y = y.superview!; dy -= 1 }
        while x !== y {
            guard let px = x.superview, let py = y.superview else { return nil }
            (x, y) = (px, py)
        }
        return x
    }

    /// How many superviews are above `view`.
    private func depth(of view: View) -> Int {
        var (n, v) = (0, view)
        while let s = v.superview { (n, v) = (n + 1, s) }
        return n
    }

    /// Appends `k * attribute` of an item, in `ancestor`'s coordinates, to
    /// `terms`, and returns its constant part times `k` (baseline offsets).
    ///
    /// A location is the item's origin plus its ancestors' below `ancestor`
    /// (along the axis), plus a fraction of its size: right = x + width,
    /// centerX = x + width / 2. Right to left, leading is the mirrored right
    /// edge, -(x + width), and trailing -x: a constant added to leading moves
    /// toward the trailing side, as in UIKit.
    private func append(_ item: LayoutItem, _ attribute: LayoutAttribute, in ancestor: View?, rtl: Bool,
                        times k: Double, to terms: inout [Term]) -> Double {
        if let inner = attribute.unmargined {
            // A guide has no margins: its own edges.
            let target: LayoutItem = (item as? View)?.layoutMarginsGuide ?? item
            return append(target, inner, in: ancestor, rtl: rtl, times: k, to: &terms)
        }
        var horizontal = true, sign = 1.0, sizeShare = 0.0, constant = 0.0
        switch attribute {
        case .width:
            terms.append(Term(variables(item).width, coefficient: k))
            return 0
        case .height:
            terms.append(Term(variables(item).height, coefficient: k))
            return 0
        case .left: break
        case .right: sizeShare = 1
        case .centerX: sizeShare = 0.5
        case .leading: (sign, sizeShare) = rtl ? (-1, -1) : (1, 0)
        case .trailing: (sign, sizeShare) = rtl ? (-1, 0) : (1, 1)
        case .top: horizontal = false
        case .bottom: (horizontal, sizeShare) = (false, 1)
        case .centerY: (horizontal, sizeShare) = (false, 0.5)
        case .firstBaseline:
            horizontal = false
            if let top = (item as? View)?.firstBaselineOffsetFromTop { constant = top } else { sizeShare = 1 }
        case .lastBaseline:
            (horizontal, sizeShare) = (false, 1)
            constant = -((item as? View)?.lastBaselineOffsetFromBottom ?? 0)
        default:
            return 0
        }
        var node: LayoutItem? = item
        while let n = node, n !== ancestor {
            let v = variables(n)
            terms.append(Term(horizontal ? v.minX : v.minY, coefficient: sign * k))
            node = n.parent
        }
        if sizeShare != 0 {
            let v = variables(item)
            terms.append(Term(horizontal ? v.width : v.height, coefficient: sizeShare * k))
        }
        return constant * k
    }

    // MARK: - Queries

    /// Active constraints whose items are all in `view`'s subtree.
    func constraints(in view: View, includingImplied: Bool) -> [LayoutConstraint] {
        activeConstraints.filter { c in
            (includingImplied || !c.isImplied) && isInside(c.firstItem, view) && (c.secondItem.map { isInside($0, view) } ?? true)
        }
    }

    private func isInside(_ item: LayoutItem, _ view: View) -> Bool {
        container(item)?.isDescendant(of: view) ?? false
    }

    /// Which parts of which frames in `view`'s subtree the constraints leave
    /// free: each variable is pushed up and down by an edit below every
    /// priority; one that moves is not determined. The values are put back.
    func ambiguity(in view: View) -> [(item: LayoutItem, components: FrameComponents)] {
        var items: [LayoutItem] = []
        var stack = [view]
        while let v = stack.popLast() {
            items.append(v)
            items.append(contentsOf: v.layoutGuides)
            stack.append(contentsOf: v.subviews.reversed())
        }
        // Registering an item may queue its implied constraints: all of them
        // go to the solver before the first probe.
        let itemVariables = items.map { variables($0) }
        flush()
        var report: [(LayoutItem, FrameComponents)] = []
        for (item, vars) in zip(items, itemVariables) {
            var free: FrameComponents = []
            let parts: [FrameComponents] = item === root ? [.width, .height] : [.x, .y, .width, .height]
            for part in parts where isFree(vars[part]) { free.insert(part) }
            if !free.isEmpty { report.append((item, free)) }
        }
        solver.updateVariables()
        return report
    }

    /// Call with the queues flushed (ambiguity(in:) does).
    private func isFree(_ v: Variable) -> Bool {
        solver.updateVariables() // the previous probe left the values moved
        let start = solver.value(of: v)
        guard (try? solver.addEditVariable(v, strength: Self.probeStrength)) != nil else { return false }
        defer {
            try? solver.suggestValue(start, for: v)
            try? solver.removeEditVariable(v)
        }
        for target in [start + 100, start - 100] {
            guard (try? solver.suggestValue(target, for: v)) != nil else { continue }
            solver.updateVariables()
            if abs(solver.value(of: v) - start) > 1e-6 { return true }
        }
        return false
    }

    /// The size ``View/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``
    /// answers: the subtree's constraints alone, in a scratch engine, with the
    /// view's size pulled toward the target.
    static func fittingSize(of view: View, target: Size,
                            priorities: (LayoutPriority, LayoutPriority)) -> Size {
        let scratch = LayoutEngine(root: view, sizing: .fitting(target, priorities.0, priorities.1), scratch: true)
        var stack = [view]
        while let v = stack.popLast() {
            scratch.register(v)
            for g in v.layoutGuides { scratch.register(g) }
            stack.append(contentsOf: v.subviews)
        }
        if let engine = view.rootView.engine {
            for c in engine.constraints(in: view, includingImplied: false) where !c.broken {
                let (lowered, _) = scratch.linear(c)
                try? scratch.solver.add(lowered) // one that conflicts here is left out, as in the hierarchy
            }
        }
        scratch.flush()
        scratch.solver.updateVariables()
        let v = scratch.variables(view)
        return Size(width: scratch.solver.value(of: v.width), height: scratch.solver.value(of: v.height))
    }
}
