#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a ``VisualFormatSyntax`` into constraints, looking names up in the
/// metrics and views dictionaries — UIKit's `finishConstraint` and friends.
///
/// Constraints come out in UIKit's order: for each connection, its
/// constraints (one per predicate) and then the size constraints of the view
/// it leads to; the alignment constraints of the options last. A name is
/// looked up, and a number checked, in the order UIKit's parser meets them,
/// so that the first refusal is the one UIKit would report: when the syntax
/// tree ends in a syntax error, what was read before it is checked first.
struct VisualFormatLowering {
    let syntax: VisualFormatSyntax
    let format: String
    let options: LayoutConstraint.FormatOptions
    let metrics: [String: Double]
    let views: [String: LayoutItem]

    private var constraints: [LayoutConstraint] = []
    private var alignment: [LayoutConstraint] = []
    /// Spacer guides of the equal-spacing extension, with the view that will
    /// own each; added only once the whole format is accepted.
    private var spacers: [(guide: LayoutGuide, owner: View)] = []

    init(syntax: VisualFormatSyntax, format: String, options: LayoutConstraint.FormatOptions,
         metrics: [String: Double], views: [String: LayoutItem]) {
        self.syntax = syntax
        self.format = format
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    private var horizontal: Bool { syntax.axis == .horizontal }
    /// The dimension a view's predicates constrain.
    private var dimension: LayoutAttribute { horizontal ? .width : .height }

    /// A connection's predicates with their names looked up (as UIKit does
    /// when it reads them), waiting for the item after it.
    private typealias GapPredicate = (relation: LayoutRelation, constant: Double, priority: LayoutPriority)
    private enum Gap {
        case flush, standard, spacer
        case predicates([GapPredicate])
    }

    mutating func lower() throws(VisualFormatError) -> [LayoutConstraint] {
        var left: LayoutItem?     // the item before the pending gap; nil: the superview's edge
        var pending: Gap?
        walk: for element in syntax.elements {
            switch element {
            case .superview(let end):
                if let gap = pending {
                    try finish(gap, left, nil, at: end)
                    pending = nil
                }
                left = nil
            case .connection(let connection):
                pending = try gap(connection)
            case .view(let view):
                let item = try self.item(named: view.name, at: view.nameEnd)
                let sizes = try sizeConstraints(view, of: item)
                guard let end = view.end else { break walk } // unfinished: a syntax error follows
                if let gap = pending {
                    try finish(gap, left, item, at: end)
                    pending = nil
                }
                constraints += sizes
                left = item
            }
        }
        if let error = syntax.error { throw error }
        for (guide, owner) in spacers { owner.addLayoutGuide(guide) }
        constraints += alignment
        return constraints
    }

    private func fail(_ message: String, at caret: Int) -> VisualFormatError {
        VisualFormatError(message: message, format: format, caret: caret)
    }

    // MARK: Names and numbers

    private func item(named name: String, at caret: Int) throws(VisualFormatError) -> LayoutItem {
        guard let item = views[name] else { throw fail("\(name) is not a key in the views dictionary.", at: caret) }
        return item
    }

    /// A number or a metric; a view's name only where `view` allows it.
    private enum Value { case number(Double), view(LayoutItem) }

    private func value(_ operand: VisualFormatSyntax.Operand) throws(VisualFormatError) -> Value {
        switch operand.value {
        case .number(let x), .percentage(let x):
            return .number(x)
        case .ratio(let x, let y):
            return .number(x / y)
        case .name(let name):
            if let x = metrics[name] { return .number(x) }
            if let item = views[name] { return .view(item) }
            throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries", at: operand.valueEnd)
        }
    }

    private func constant(_ x: Double, at caret: Int, what: String = "constant") throws(VisualFormatError) -> Double {
        guard isLayoutNumber(x) else {
            throw fail("Invalid \(what) specified: \(cFormat(x)). It must be finite and at most 1e12 in magnitude.", at: caret)
        }
        return x
    }

    /// `@750` or `@p`; UIKit's range check, then ours (1 is the lowest
    /// priority a constraint can have here; UIKit takes anything above 0).
    private func priority(_ operand: VisualFormatSyntax.Operand?, inView: Bool) throws(VisualFormatError) -> LayoutPriority {
        guard let operand else { return .required }
        var p = 0.0
        switch try value(operand) {
        case .number(let x): p = x
        case .view:
            if !inView { throw spaceEqualToView(at: operand.valueEnd) }
            p = 0 // UIKit takes the view as the constraint's second item and the priority as 0
        }
        if !(p > 0) {
            throw fail("Invalid priority specified: \(cFormat(p)). Priority must be greater than 0", at: operand.end)
        }
        if p > 1000 {
            throw fail("Invalid priority specified: \(cFormat(p)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", at: operand.end)
        }
        if p < 1 {
            throw fail("Invalid priority specified: \(cFormat(p)). Priority must be at least 1.", at: operand.end)
        }
        return LayoutPriority(Float(p))
    }

    private func spaceEqualToView(at caret: Int) -> VisualFormatError {
        fail("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", at: caret)
    }

    // MARK: Connections

    private func gap(_ connection: VisualFormatSyntax.Connection) throws(VisualFormatError) -> Gap {
        switch connection.kind {
        case .flush: return .flush
        case .standard: return .standard
        case .equalSpacer: return .spacer
        case .predicates(let list):
            var resolved: [GapPredicate] = []
            for p in list {
                let c: Double
                switch try value(p.operand) {
                case .number(let x): c = try constant(x, at: p.operand.valueEnd)
                case .view: throw spaceEqualToView(at: p.operand.valueEnd)
                }
                resolved.append((p.relation, c, try priority(p.priority, inView: false)))
            }
            return .predicates(resolved)
        }
    }

    /// The view whose edge a `|` stands for: the superview of the item next
    /// to it (UIKit asks the item before the gap first).
    private func container(_ left: LayoutItem?, _ right: LayoutItem?, caret: Int, symbol: String = "|") throws(VisualFormatError) -> View {
        guard let view = (left ?? right)?.parent else {
            throw fail("Unable to interpret '\(symbol)' character, because the related view doesn't have a superview", at: caret)
        }
        return view
    }

    /// The constraints of a gap between `left` and `right` (nil: the
    /// superview's edge), once the item after it is read.
    ///
    /// `right.leading == left.trailing + gap`, with leading and trailing
    /// becoming left and right under an explicit direction option (and the
    /// items trading places right to left), top and bottom (or baselines)
    /// vertically, and the superview's margins for a standard gap to an edge.
    private mutating func finish(_ gap: Gap, _ left: LayoutItem?, _ right: LayoutItem?, at caret: Int) throws(VisualFormatError) {
        let baselines = options.contains(.spacingBaselineToBaseline)
        if baselines && horizontal {
            throw fail("BaselineToBaseline format option not valid for horizontal layout", at: caret)
        }
        let direction = options.intersection(.directionMask)
        let absolute = !direction.isEmpty
        let (before, after) = horizontal && direction == .directionRightToLeft ? (right, left) : (left, right)
        let standard: Bool
        switch gap {
        case .spacer: return try spacer(before, after, left: left, right: right, caret: caret)
        case .standard: standard = true
        case .flush, .predicates: standard = false
        }

        let second: (LayoutItem, LayoutAttribute)
        if let before {
            second = (before, horizontal ? (absolute ? .right : .trailing) : (baselines ? .lastBaseline : .bottom))
        } else {
            let edge: LayoutAttribute = horizontal ? (absolute ? (standard ? .leftMargin : .left) : (standard ? .leadingMargin : .leading))
                                                   : (standard ? .topMargin : .top)
            second = (try container(left, right, caret: caret), edge)
        }
        let first: (LayoutItem, LayoutAttribute)
        if let after {
            first = (after, horizontal ? (absolute ? .left : .leading) : (baselines ? .firstBaseline : .top))
        } else {
            let edge: LayoutAttribute = horizontal ? (absolute ? (standard ? .rightMargin : .right) : (standard ? .trailingMargin : .trailing))
                                                   : (standard ? .bottomMargin : .bottom)
            first = (try container(left, right, caret: caret), edge)
        }
        switch gap {
        case .flush:
            constraints.append(LayoutConstraint(first.0, first.1, .equal, second.0, second.1))
        case .standard:
            let spacing = before != nil && after != nil ? LayoutEngine.systemSpacing : 0
            let c = LayoutConstraint(first.0, first.1, .equal, second.0, second.1, 1, spacing)
            c.usesStandardSpacing = true
            constraints.append(c)
        case .predicates(let list):
            for p in list {
                constraints.append(LayoutConstraint(first.0, first.1, p.relation, second.0, second.1, 1, p.constant, priority: p.priority))
            }
        case .spacer:
            break
        }
        if let before, let after { try align(before, after, at: caret) }
    }

    /// The options' alignment constraints between two adjacent items: one
    /// per alignment bit, each perpendicular to the format's axis.
    private mutating func align(_ a: LayoutItem, _ b: LayoutItem, at caret: Int) throws(VisualFormatError) {
        let mask = options.rawValue & LayoutConstraint.FormatOptions.alignmentMask.rawValue
        guard mask != 0 else { return }
        for (bit, attribute) in LayoutConstraint.FormatOptions.alignmentAttributes where mask & (1 << bit) != 0 {
            if (attribute.axis == .horizontal) == horizontal {
                throw fail(horizontal
                    ? "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."
                    : "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.",
                    at: caret)
            }
            alignment.append(LayoutConstraint(a, attribute, .equal, b, attribute))
        }
    }

    /// `~` (equal spacing): a layout guide in the gap, as wide as every other
    /// `~` guide of the format, pinned flat on the other axis so that it is
    /// never ambiguous.
    private mutating func spacer(_ before: LayoutItem?, _ after: LayoutItem?,
                                 left: LayoutItem?, right: LayoutItem?, caret: Int) throws(VisualFormatError) {
        let owner = try container(left, right, caret: caret, symbol: "~")
        let guide = LayoutGuide(name: "spacer\(spacers.count + 1)")
        let absolute = !options.intersection(.directionMask).isEmpty
        let (start, end): (LayoutAttribute, LayoutAttribute) =
            horizontal ? (absolute ? (.left, .right) : (.leading, .trailing)) : (.top, .bottom)
        let (across, thickness): (LayoutAttribute, LayoutAttribute) = horizontal ? (.top, .height) : (.leading, .width)
        constraints.append(LayoutConstraint(guide, start, .equal, before ?? owner, before == nil ? start : end))
        constraints.append(LayoutConstraint(after ?? owner, after == nil ? end : start, .equal, guide, end))
        constraints.append(LayoutConstraint(guide, dimension, .greaterThanOrEqual, nil, .notAnAttribute))
        if let first = spacers.first?.guide {
            constraints.append(LayoutConstraint(guide, dimension, .equal, first, dimension))
        }
        constraints.append(LayoutConstraint(guide, across, .equal, owner, across))
        constraints.append(LayoutConstraint(guide, thickness, .equal, nil, .notAnAttribute))
        spacers.append((guide, owner))
        if let before, let after { try align(before, after, at: caret) }
    }

    // MARK: Views

    /// `[a(>=50,<=b@750)]`: the view's size along the axis against numbers,
    /// metrics and other views (and, with the extensions, percentages of the
    /// superview, multiples, and the view's own other dimension).
    private func sizeConstraints(_ view: VisualFormatSyntax.View, of item: LayoutItem) throws(VisualFormatError) -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        for p in view.predicates {
            let operand = p.operand
            var second: (LayoutItem, LayoutAttribute)?
            var multiplier = operand.multiplier
            var c = 0.0
            switch try value(operand) {
            case .number(let x):
                switch operand.value {
                case .percentage:
                    guard let parent = item.parent else {
                        throw fail("Unable to interpret '%' character, because the related view doesn't have a superview", at: operand.valueEnd)
                    }
                    second = (parent, dimension)
                    multiplier *= x / 100
                case .ratio:
                    second = (item, horizontal ? .height : .width)
                    multiplier *= horizontal ? x : 1 / x
                default:
                    c = x * multiplier
                }
            case .view(let other):
                second = (other, operand.attribute ?? dimension)
            }
            c = try constant(c + operand.constant, at: operand.end)
            if second != nil { multiplier = try constant(multiplier, at: operand.end, what: "multiplier") }
            let priority = try self.priority(p.priority, inView: true)
            result.append(LayoutConstraint(item, dimension, p.relation, second?.0, second?.1 ?? .notAnAttribute,
                                           second == nil ? 1 : multiplier, c, priority: priority))
        }
        return result
    }
}

/// `%g`, as UIKit writes numbers in its messages.
func cFormat(_ x: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 40)
    let n = withVaList([x]) { vsnprintf(&buffer, buffer.count, "%g", $0) }
    return String(decoding: buffer.prefix(Int(max(0, n))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
