/// The syntax tree of one Visual Format Language string, as
/// ``VisualFormatParser`` reads it, before any name is looked up.
///
/// A format is a line of items joined by connections:
///
///     format     := [("H" | "V") ":"] ["|" connection] view (connection view)* [connection "|"]
///     connection := "" | "-" | "-" predicate "-" | "-" "(" predicate ("," predicate)* ")" "-"
///     view       := "[" name ["(" predicate ("," predicate)* ")"] "]"
///     predicate  := ["==" | "<=" | ">="] (number | name) ["@" (number | name)]
///
/// Positions are offsets into the format (which is ASCII: anything else is
/// refused before parsing). Each node records where the parser stood after
/// reading it, which is where UIKit puts its caret when a check on that node
/// fails. When parsing fails, ``elements`` holds everything read before the
/// failure, down to a view's name or a predicate's operand, so that the
/// lowering can report a name that UIKit would have looked up (and refused)
/// before it reached the syntax error.
public struct VisualFormatSyntax: Sendable, Equatable {
    /// The axis the format lays its items along: `H:` (the default) or `V:`.
    public var axis: LayoutAxis = .horizontal
    /// Items and connections in the order written.
    public var elements: [Element] = []
    /// The syntax error that ended parsing, if any.
    public var error: VisualFormatError?

    public enum Element: Sendable, Equatable {
        /// A `|`: the superview's edge. `end` is the position after it.
        case superview(end: Int)
        case view(View)
        case connection(Connection)
    }

    /// `[name(predicates)]`.
    public struct View: Sendable, Equatable {
        public var name: String
        /// Position after the name.
        public var nameEnd: Int
        /// The predicates on the view's size along the format's axis.
        public var predicates: [Predicate] = []
        /// Position after the closing `]`; nil while the view is not closed.
        public var end: Int?
    }

    /// What joins two items.
    public struct Connection: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// No `-` at all: the items touch (`[a][b]`).
            case flush
            /// A bare `-`: the standard spacing.
            case standard
            /// `-20-`, `-(>=20,<=40@750)-`.
            case predicates([Predicate])
            /// `~` (extension ``LayoutConstraint/VisualFormatExtensions/equalSpacing``):
            /// a gap equal to every other `~` gap of the format.
            case equalSpacer
        }
        public var kind: Kind
        /// Position after the connection.
        public var end: Int
    }

    /// `>=20@750`: a relation to an operand, at a priority.
    public struct Predicate: Sendable, Equatable {
        public var relation: LayoutRelation
        public var operand: Operand
        public var priority: Operand?
    }

    /// A number, or a name that the lowering looks up: a metric first, then
    /// (in a view's predicates) a view. The extensions add percentages,
    /// multipliers, attributes and ratios.
    public struct Operand: Sendable, Equatable {
        public enum Value: Sendable, Equatable {
            case number(Double)
            case name(String)
            /// `50%` (``LayoutConstraint/VisualFormatExtensions/percentages``):
            /// that share of the superview's size along the axis.
            case percentage(Double)
            /// `16:9` (``LayoutConstraint/VisualFormatExtensions/aspectRatios``):
            /// the view's width to its height.
            case ratio(Double, Double)
        }
        public var value: Value
        /// Position after the number or name (the caret for a refused one).
        public var valueEnd: Int
        /// `b.height` (``LayoutConstraint/VisualFormatExtensions/aspectRatios``):
        /// the other dimension of a named view.
        public var attribute: LayoutAttribute?
        /// `b*2`, `b/2` (``LayoutConstraint/VisualFormatExtensions/multipliers``).
        public var multiplier: Double = 1
        /// `b*2+10` (``LayoutConstraint/VisualFormatExtensions/multipliers``).
        public var constant: Double = 0
        /// Position after the whole operand.
        public var end: Int
    }
}
