extension LayoutConstraint {
    /// Apple's `NSLayoutConstraint.FormatOptions`, with Apple's bits: an
    /// alignment for the views a format lines up, the direction of a
    /// horizontal format, and what a vertical gap measures.
    public struct FormatOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The last baseline (Apple's older name).
        public static let alignAllBaseline = alignAllLastBaseline
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// Leading to trailing: left to right, or right to left in a
        /// right-to-left layout (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 3 << 16)

        /// Vertical gaps between the views' edges (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Vertical gaps between the views' baselines.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)

        /// The attribute each alignment bit aligns, in UIKit's order (bits 7
        /// and 8, width and height, have no public name but UIKit honours them).
        static let alignmentAttributes: [(bit: Int, attribute: LayoutAttribute)] = [
            (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing),
            (7, .width), (8, .height), (9, .centerX), (10, .centerY), (11, .lastBaseline), (12, .firstBaseline),
        ]

        /// The options by the names Apple gives them (`alignAllTop`, ...):
        /// what the `layout vfl --options` flag reads.
        public static let named: [(name: String, option: FormatOptions)] = [
            ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight),
            ("alignAllTop", .alignAllTop), ("alignAllBottom", .alignAllBottom),
            ("alignAllLeading", .alignAllLeading), ("alignAllTrailing", .alignAllTrailing),
            ("alignAllCenterX", .alignAllCenterX), ("alignAllCenterY", .alignAllCenterY),
            ("alignAllLastBaseline", .alignAllLastBaseline), ("alignAllFirstBaseline", .alignAllFirstBaseline),
            ("alignAllBaseline", .alignAllBaseline),
            ("directionLeadingToTrailing", .directionLeadingToTrailing),
            ("directionLeftToRight", .directionLeftToRight), ("directionRightToLeft", .directionRightToLeft),
            ("spacingEdgeToEdge", .spacingEdgeToEdge), ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
        ]

        /// The option Apple names `name` (one of ``named``), or nil.
        public init?(named name: String) {
            guard let option = Self.named.first(where: { $0.name == name })?.option else { return nil }
            self = option
        }
    }

    /// Additions to Apple's grammar that users of autolayout.js ask for. Each
    /// is off unless named, so that a format means here what it means in UIKit.
    ///
    /// In a view's predicates (`[a(...)]`):
    /// - ``percentages``: `[a(==50%)]` — half the superview's width (height in
    ///   a `V:` format).
    /// - ``multipliers``: `[a(==b*2)]`, `[a(>=b/3+10)]`, `[a(==40*2)]`.
    /// - ``aspectRatios``: `[a(16:9)]` — width to height of the view itself,
    ///   in either axis; `[a(==b.height)]` names the other dimension.
    ///
    /// As a connection:
    /// - ``equalSpacing``: `|~[a]~[b]~|` — every `~` of the format is the same
    ///   gap (at least 0), held by a ``LayoutGuide`` named `spacerN` that the
    ///   items' superview gets when the format is accepted.
    public struct VisualFormatExtensions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let percentages = VisualFormatExtensions(rawValue: 1 << 0)
        public static let multipliers = VisualFormatExtensions(rawValue: 1 << 1)
        public static let aspectRatios = VisualFormatExtensions(rawValue: 1 << 2)
        public static let equalSpacing = VisualFormatExtensions(rawValue: 1 << 3)
        public static let all: VisualFormatExtensions = [.percentages, .multipliers, .aspectRatios, .equalSpacing]
    }

    /// The constraints a Visual Format Language string describes — Apple's
    /// `constraints(withVisualFormat:options:metrics:views:)`: the same
    /// constraints, in the same order, as UIKit makes for the same format.
    ///
    ///     let row = try LayoutConstraint.constraints(
    ///         withVisualFormat: "H:|-[find]-[findNext]-[findField(>=20)]-|",
    ///         options: .alignAllCenterY, metrics: nil,
    ///         views: ["find": find, "findNext": findNext, "findField": findField])
    ///
    /// A bare `-` between two views is the standard spacing (8 points); a
    /// bare `-` next to `|` binds to the superview's layout margins. Both are
    /// marked ``usesStandardSpacing``. Names in predicates are metrics first,
    /// then (in a view's predicates) views.
    ///
    /// - Throws: ``VisualFormatError`` with UIKit's message and caret where
    ///   UIKit raises an exception. Nothing is changed then.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double]? = nil, views: [String: LayoutItem],
                                   extensions: VisualFormatExtensions = []) throws(VisualFormatError) -> [LayoutConstraint] {
        let syntax = VisualFormatParser.parse(format, extensions: extensions)
        var lowering = VisualFormatLowering(syntax: syntax, format: format, options: options,
                                            metrics: metrics ?? [:], views: views)
        return try lowering.lower()
    }
}
