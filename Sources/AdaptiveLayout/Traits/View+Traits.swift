/// A cell of Interface Builder's 3 x 3 size-class grid: a width class and a
/// height class, each of which may be any (``UserInterfaceSizeClass/unspecified``).
public struct SizeClassCell: Hashable, Sendable, CustomStringConvertible {
    public var width: UserInterfaceSizeClass
    public var height: UserInterfaceSizeClass

    public init(width: UserInterfaceSizeClass = .unspecified, height: UserInterfaceSizeClass = .unspecified) {
        self.width = width
        self.height = height
    }

    /// Any width, any height.
    public static let any = SizeClassCell()

    /// Whether an environment with `traits` is in this cell.
    public func contains(_ traits: TraitCollection) -> Bool {
        traits.containsTraits(in: TraitCollection(horizontalSizeClass: width, verticalSizeClass: height))
    }

    /// How many of the two classes are given.
    var specificity: Int { (width == .unspecified ? 0 : 1) + (height == .unspecified ? 0 : 1) }

    /// `wC hR`, `wAny hC`: Interface Builder's notation.
    public var description: String {
        func code(_ c: UserInterfaceSizeClass) -> String { c == .compact ? "C" : c == .regular ? "R" : "Any" }
        return "w\(code(width)) h\(code(height))"
    }
}

/// Where a constraint or a view is installed: Interface Builder's
/// "Installed" box for Any/Any and its variations for other cells.
///
/// In an environment, the most specific cell that contains its traits and
/// has a variation decides (both classes given beats one, which beats
/// neither); between a width-only and a height-only cell, the width cell
/// decides. Without such a cell, ``isInstalledByDefault`` does.
public struct Installation: Hashable, Sendable {
    public var isInstalledByDefault: Bool
    public var variations: [SizeClassCell: Bool]

    public init(isInstalledByDefault: Bool = true, variations: [SizeClassCell: Bool] = [:]) {
        self.isInstalledByDefault = isInstalledByDefault
        self.variations = variations
    }

    /// Installed only in these cells.
    public static func only(in cells: SizeClassCell...) -> Installation {
        Installation(isInstalledByDefault: false, variations: Dictionary(uniqueKeysWithValues: cells.map { ($0, true) }))
    }

    /// Installed everywhere but in these cells.
    public static func except(in cells: SizeClassCell...) -> Installation {
        Installation(isInstalledByDefault: true, variations: Dictionary(uniqueKeysWithValues: cells.map { ($0, false) }))
    }

    public func isInstalled(in traits: TraitCollection) -> Bool {
        var best: (cell: SizeClassCell, installed: Bool)?
        for (cell, installed) in variations where cell.contains(traits) {
            guard let b = best else { best = (cell, installed); continue }
            if cell.specificity > b.cell.specificity
                || (cell.specificity == b.cell.specificity && cell.width != .unspecified && b.cell.width == .unspecified) {
                best = (cell, installed)
            }
        }
        return best?.installed ?? isInstalledByDefault
    }
}

/// Constraints or a subview installed in some cells only (see ``View/addConstraints(_:installed:)``).
///
/// It holds its constraints for its whole life, so the engine holds it, once,
/// for as long as any of them is active or waits for the pass that takes it
/// out, instead of each of them (``ConstraintGroup``).
final class SizeClassVariation: ConstraintGroup {
    let installation: Installation
    let subview: View?

    init(_ installation: Installation, constraints: [LayoutConstraint] = [], subview: View? = nil) {
        self.installation = installation
        self.subview = subview
        super.init(constraints: constraints, isBatch: false)
    }
}

extension View: TraitEnvironment {
    /// The traits in effect here: a view controller's view has its view
    /// controller's; any other view its superview's; a window its screen's
    /// with its own size classes; a view outside any environment none.
    public var traitCollection: TraitCollection {
        if let vc = viewController { return vc.traitCollection }
        if let traits = ownTraits { return traits }
        return superview?.traitCollection ?? TraitCollection()
    }

    /// Constraints that are active only where `installation` says, switched
    /// when the traits change — every switch of a transition reaches the
    /// solver as one change set, at the layout pass that follows it.
    /// Constraints that involve a view installed in some cells only belong
    /// in a group installed in the same cells (as Interface Builder requires).
    /// Each is installed on its own: one whose items have no common ancestor
    /// or whose shape Apple's rules refuse stays inactive, with the reason
    /// in its ``LayoutConstraint/activationError``, and the others are installed.
    public func addConstraints(_ constraints: [LayoutConstraint], installed installation: Installation) {
        let variation = SizeClassVariation(installation, constraints: constraints)
        variations.append(variation)
        if let traits = deliveredTraits { apply([variation], traits) }
    }

    /// A subview present only where `installation` says (added and removed
    /// as traits change). Throws as ``addSubview(_:)`` does.
    public func addSubview(_ view: View, installed installation: Installation) throws(LayoutError) {
        if isDescendant(of: view) { throw .cyclicHierarchy(view.layoutName) }
        let variation = SizeClassVariation(installation, subview: view)
        variations.append(variation)
        apply([variation], deliveredTraits ?? TraitCollection())
    }

    /// The window the view is in — UIKit's `UIView.window`.
    public var window: Window? {
        var v: View? = self
        while let u = v {
            if let w = u as? Window { return w }
            v = u.superview
        }
        return nil
    }

    /// Sets the traits, switches the variations, sets the appearance values
    /// and calls the callback if they changed, and goes on into the subviews
    /// (a view controller's view through its view controller).
    func deliverTraits(_ traits: TraitCollection) {
        deliverTraits(traits, appearance: window?.appearance)
    }

    /// ``deliverTraits(_:)`` with the window's appearance found once for the subtree.
    func deliverTraits(_ traits: TraitCollection, appearance: Appearance?) {
        if traits != deliveredTraits {
            let previous = deliveredTraits
            deliveredTraits = traits
            if !variations.isEmpty { apply(variations, traits) }
            if let appearance, !appearance.isEmpty { appearance.apply(to: self, traits) }
            traitCollectionDidChange(previous)
        }
        for s in subviews {
            if let vc = s.viewController { vc.deliverTraits(traits, appearance: appearance) }
            else { s.deliverTraits(traits, appearance: appearance) }
        }
    }

    /// Delivers the environment's traits to a view just added to it.
    func enterEnvironment(_ parentTraits: TraitCollection) {
        if let vc = viewController { vc.deliverTraits(parentTraits) } else { deliverTraits(parentTraits) }
    }

    /// Installs and uninstalls for `traits`: subviews first (a removed view
    /// takes its constraints with it), then constraints, deactivated, then
    /// activated, each on its own (the solver sees them all as one change
    /// set at the next layout pass).
    func apply(_ list: [SizeClassVariation], _ traits: TraitCollection) {
        let wanted = list.map { $0.installation.isInstalled(in: traits) }
        for (v, want) in zip(list, wanted) {
            guard let sub = v.subview else { continue }
            if want, sub.superview !== self { try? addSubview(sub) }
            else if !want, sub.superview === self { sub.removeFromSuperview() }
        }
        for (v, want) in zip(list, wanted) where !want {
            v.constraints.forEachBorrowed { _, c in
                c.deactivateInEngine()
                return true
            }
        }
        for (v, want) in zip(list, wanted) where want {
            v.constraints.forEachBorrowed { _, c in
                // Activated before: its engine is known (no walk, no look at
                // its items). Otherwise activated as `isActive = true` does:
                // one without a common ancestor, or of a shape Apple's rules
                // refuse, stays out (and says why in activationError).
                if !c.isActive && !c.reactivate() { c.isActive = true }
                return true
            }
        }
    }
}
