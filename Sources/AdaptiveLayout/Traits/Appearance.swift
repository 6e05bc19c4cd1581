/// Property values chosen by trait collection for the views of a window —
/// UIKit's appearance proxies for trait collections
/// (`UILabel.appearance(for: UITraitCollection(horizontalSizeClass: .compact)).font = …`),
/// with key paths in place of proxies:
///
/// ```swift
/// window.appearance.set(\View.layoutMargins, to: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
/// window.appearance.set(\View.layoutMargins, to: EdgeInsets(top: 20, left: 40, bottom: 20, right: 40),
///                       for: TraitCollection(horizontalSizeClass: .regular))
/// ```
///
/// A value registered for a (partial) trait collection applies to every
/// view of the key path's type (subclasses included) whose traits contain
/// that collection; where several do, the most specific one (the most
/// traits specified) wins, and between equally specific ones the last
/// registered. Values are applied whenever a view's traits change (a view
/// entering the window, a rotation, an override) before its
/// `traitCollectionDidChange(_:)`, and to the window's views at once when a
/// value is registered (UIKit waits for the next time a view enters a
/// window). Where no registered value applies any longer, the view gets
/// back the value it had before the first one was applied.
public final class Appearance {
    /// One registered value, with typed access to the property kept in closures.
    private struct Rule {
        let traits: TraitCollection
        let value: Any
        /// Whether a view is of the key path's type.
        let accepts: (View) -> Bool
        let read: (View) -> Any
        /// Writes a value of the key path's type to a view of its type.
        let write: (View, Any) -> Void
    }

    /// Rules grouped by key path, groups in the order first registered.
    private var groups: [(keyPath: AnyKeyPath, rules: [Rule])] = []
    private weak var window: Window?

    init(window: Window) { self.window = window }

    /// Whether no value is registered.
    public var isEmpty: Bool { groups.isEmpty }

    /// Registers `value` for the property at `keyPath` of views in
    /// environments that contain `traits` (any environment by default),
    /// replacing a value registered for the same key path and traits, and
    /// applies it to the window's views.
    public func set<Item: View, Value>(_ keyPath: ReferenceWritableKeyPath<Item, Value>, to value: Value,
                                       for traits: TraitCollection = TraitCollection()) {
        let rule = Rule(
            traits: traits, value: value,
            accepts: { $0 is Item },
            read: { ($0 as! Item)[keyPath: keyPath] },
            write: { view, value in (view as! Item)[keyPath: keyPath] = value as! Value })
        if let g = groups.firstIndex(where: { $0.keyPath == keyPath }) {
            groups[g].rules.removeAll { $0.traits == traits }
            groups[g].rules.append(rule)
        } else {
            groups.append((keyPath, [rule]))
        }
        guard let window else { return }
        var stack: [View] = [window]
        while let v = stack.popLast() {
            if let traits = v.deliveredTraits { apply(to: v, traits) }
            stack.append(contentsOf: v.subviews)
        }
    }

    /// The value registered for `keyPath` that applies in an environment
    /// with `traits`, or nil where none does.
    public func value<Item: View, Value>(for keyPath: ReferenceWritableKeyPath<Item, Value>,
                                         in traits: TraitCollection) -> Value? {
        guard let g = groups.first(where: { $0.keyPath == keyPath }) else { return nil }
        return Self.best(g.rules, traits).map { $0.value as! Value }
    }

    /// Sets every registered property of `view` for `traits`, or gives back
    /// the view's own value where none applies any longer.
    func apply(to view: View, _ traits: TraitCollection) {
        for g in groups where g.rules[0].accepts(view) {
            if let rule = Self.best(g.rules, traits) {
                if view.appearanceOriginals[g.keyPath] == nil { view.appearanceOriginals[g.keyPath] = rule.read(view) }
                rule.write(view, rule.value)
            } else if let own = view.appearanceOriginals.removeValue(forKey: g.keyPath) {
                g.rules[0].write(view, own)
            }
        }
    }

    /// The most specific rule whose traits `traits` contains; the last
    /// registered among equals.
    private static func best(_ rules: [Rule], _ traits: TraitCollection) -> Rule? {
        var best: Rule?
        for r in rules where traits.containsTraits(in: r.traits) {
            if let b = best, b.traits.specifiedTraitCount > r.traits.specifiedTraitCount { continue }
            best = r
        }
        return best
    }
}
