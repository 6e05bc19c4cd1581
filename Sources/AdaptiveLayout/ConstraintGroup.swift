/// Constraints that one object holds, so that the engines need not hold each
/// of them while it is active: an engine's entry for one of them counts on
/// the group (``engineHolds``), and the engines hold the group, once, while
/// the count is above 0 (``LayoutEngine/hold(_:)``). The constraint's
/// ``LayoutConstraint/keeper`` names its group.
///
/// Each retain of a constraint is a locked instruction on a cold object, and
/// a barrier to the loads after it: a size-class transition activates and
/// deactivates thousands of constraints, and their retains and releases were
/// a fifth of a rotation through a window at L (d7af8c6). Two kinds:
///
/// - a size-class variation (``SizeClassVariation``), which holds its
///   constraints for its whole life;
/// - an activation's batch (``LayoutConstraint/activate(_:)-([LayoutConstraint])``
///   of ``batchFrom`` constraints or more), which holds the array it was
///   given while at least half of its constraints' entries stand. A pass
///   after which fewer stand (``isThin``) gives those that stand their own
///   retains (``dissolve()``), and the batch goes, with the constraints that
///   nothing else holds. So a constraint activated in a batch and
///   deactivated may outlive the pass after its deactivation (UIKit frees it
///   then if nothing else holds it) while most of its batch is active: at
///   most as many constraints as a batch has active ones. Dissolving at
///   the first one given back instead made the first rotation of a layout
///   activated in one batch (its constant part and its portrait part) 5 to
///   7% slower at L, each constant constraint then retained on its own.
///
/// A constraint that engines hold already when a group would keep it keeps
/// its own retains until they are given back: only one with none is kept.
class ConstraintGroup {
    /// The activations of this many constraints or more at once are held
    /// as a batch. Below it a group costs more than the retains it saves
    /// (an allocation, and a walk when it goes).
    static let batchFrom = 16

    final let constraints: [LayoutConstraint]
    /// The engines' entries that stand for constraints kept here (their
    /// ``LayoutConstraint/keeper``): while there are any, the engines hold
    /// this group with one retain.
    @exclusivity(unchecked) final var engineHolds = 0
    /// A batch, dissolved when thin (``isThin``); a variation is not.
    final let isBatch: Bool
    /// Listed among the batches a pass gave entries of back
    /// (``LayoutEngine/settle(_:)``).
    @exclusivity(unchecked) final var isListed = false

    /// A variation keeps its constraints from the start; a batch keeps each
    /// as it is activated (``keep(_:)``), in the activation's own pass over
    /// them.
    init(constraints: [LayoutConstraint], isBatch: Bool) {
        self.constraints = constraints
        self.isBatch = isBatch
        if !isBatch { for c in constraints { keep(c) } }
    }

    deinit {
        // No engine holds any of them (it would hold this group).
        for c in constraints where keeps(c) {
            c.keeper = nil
        }
    }

    /// Whether `c` counts its engine entries here (its keeper is this group).
    private func keeps(_ c: LayoutConstraint) -> Bool {
        c.keeper?.toOpaque() == Unmanaged.passUnretained(self).toOpaque()
    }

    /// Keeps `c`, one of ``constraints``, unless a group keeps it already or
    /// an engine holds it.
    final func keep(_ c: LayoutConstraint) {
        if c.keeper == nil && c.holds == 0 { c.keeper = Unmanaged.passUnretained(self) }
    }

    /// A batch with entries left for fewer than half of its constraints.
    final var isThin: Bool { engineHolds > 0 && 2 * engineHolds < constraints.count }

    /// Hands each constraint kept here its own retains, one for each of its
    /// engine entries, and leaves the group with no count. The caller then
    /// gives back the engines' retain of the group, which frees it and the
    /// constraints that nothing else holds.
    final func dissolve() {
        var handed = 0
        for c in constraints where keeps(c) {
            c.keeper = nil
            for _ in 0..<c.holds { _ = Unmanaged.passUnretained(c).retain() }
            handed += Int(c.holds)
        }
        assert(handed == engineHolds, "a group's count is its constraints' engine entries")
        engineHolds = 0
    }
}
