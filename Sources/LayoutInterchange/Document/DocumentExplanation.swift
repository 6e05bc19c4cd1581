import AdaptiveLayout

/// `layout explain`: what goes wrong in a document, size class by size
/// class — conflicts (the minimal set of constraints that cannot hold
/// together, with where each was written), ambiguous views, and optional
/// constraints that the layout does not satisfy, with how far they are off.
public struct DocumentExplanation {
    /// One cell of the size-class grid, laid out in the first window that has it.
    public struct Cell {
        public var sizeClasses: String
        public var window: String
        public var conflicts: [[String]] = []
        public var ambiguous: [String] = []
        /// Optional constraints off by more than half a point.
        public var unsatisfied: [String] = []
    }

    public var cells: [Cell] = []

    /// Lays `layout` out in one window per size-class cell among `devices`' windows.
    public init(_ layout: DocumentLayout, devices: [Device] = Device.all) {
        var seen: Set<String> = []
        for (device, o, a) in LayoutPreview.windows(devices) {
            guard let window = device.window(o, a) else { continue }
            let key = LayoutPreview.sizeClasses(window.traits)
            guard seen.insert(key).inserted else { continue }
            let where_ = "\(device.name), \(o.rawValue)\(a == .fullScreen ? "" : " \(a.rawValue)"), \(number(window.size.width))×\(number(window.size.height))"
            var cell = Cell(sizeClasses: key, window: where_)
            func source(_ c: LayoutConstraint) -> String {
                if let p = layout.position(of: c) { return "\(p): \(c)" }
                return "(made by the engine) \(c)"
            }
            let answer = layout.solve(on: device, o, a) { window in
                for conflict in window.layoutConflicts {
                    cell.conflicts.append(conflict.conflicting.map(source) + ["breaks: " + source(conflict.broken)])
                }
                for c in layout.constraints where c.isActive && !c.priority.isRequired {
                    guard let off = Self.shortfall(c), off > 0.5 else { continue }
                    cell.unsatisfied.append("\(source(c)): off by \(number((off * 100).rounded() / 100)) pt")
                }
            }
            cell.ambiguous = answer?.ambiguous.map { "\($0.name) (\($0.components))" } ?? []
            cells.append(cell)
        }
    }

    /// How far a laid-out constraint is from holding (0 when it holds; nil
    /// for attributes measured from text, such as baselines).
    static func shortfall(_ c: LayoutConstraint) -> Double? {
        func value(_ item: LayoutItem, _ a: LayoutAttribute) -> Double? {
            var r: Rect
            var attribute = a
            if let v = item as? View {
                r = v.frameInRoot
                let unmargined: [LayoutAttribute: LayoutAttribute] = [
                    .leftMargin: .left, .rightMargin: .right, .topMargin: .top, .bottomMargin: .bottom,
                    .leadingMargin: .leading, .trailingMargin: .trailing,
                    .centerXWithinMargins: .centerX, .centerYWithinMargins: .centerY]
                if let plain = unmargined[a] {
                    let m = v.layoutMargins
                    r = Rect(x: r.minX + m.left, y: r.minY + m.top, width: r.width - m.left - m.right, height: r.height - m.top - m.bottom)
                    attribute = plain
                }
            } else if let g = item as? LayoutGuide, let owner = g.owningView {
                r = owner.convert(g.layoutFrame, to: nil)
            } else {
                return nil
            }
            let rtl = (item as? View ?? (item as? LayoutGuide)?.owningView)?.layoutDirection == .rightToLeft
            switch attribute {
            case .left: return r.minX
            case .right: return r.maxX
            case .leading: return rtl ? r.maxX : r.minX
            case .trailing: return rtl ? r.minX : r.maxX
            case .top: return r.minY
            case .bottom: return r.maxY
            case .width: return r.width
            case .height: return r.height
            case .centerX: return r.midX
            case .centerY: return r.midY
            default: return nil
            }
        }
        guard let lhs = value(c.firstItem, c.firstAttribute) else { return nil }
        var rhs = c.constant
        if let s = c.secondItem {
            guard let v = value(s, c.secondAttribute) else { return nil }
            rhs += c.multiplier * v
        }
        switch c.relation {
        case .equal: return abs(lhs - rhs)
        case .lessThanOrEqual: return max(0, lhs - rhs)
        case .greaterThanOrEqual: return max(0, rhs - lhs)
        }
    }

    /// The report: one section per size class.
    public var text: String {
        var lines: [String] = []
        for c in cells {
            lines.append("\(c.sizeClasses) (\(c.window)):")
            if c.conflicts.isEmpty && c.ambiguous.isEmpty && c.unsatisfied.isEmpty {
                lines.append("  no conflicts, no ambiguity, every optional constraint holds")
            }
            for (i, set) in c.conflicts.enumerated() {
                lines.append("  conflict \(i + 1): these cannot hold together")
                lines += set.map { "    " + $0 }
            }
            for a in c.ambiguous { lines.append("  ambiguous: \(a)") }
            for u in c.unsatisfied { lines.append("  not satisfied: \(u)") }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether any cell has a conflict or an ambiguous view.
    public var hasProblems: Bool { cells.contains { !$0.conflicts.isEmpty || !$0.ambiguous.isEmpty } }
}
