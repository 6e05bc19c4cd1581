import AdaptiveLayout
import Foundation

/// An Interface Builder document (`.storyboard` or `.xib`), interpreted: its
/// device, and every layout root — a view controller's view, or a top-level
/// view — with its views, layout guides and constraints as stored, before
/// any size class is applied.
///
/// The reading follows the format as Xcode writes it (`../shared/corpus`
/// has 26 real files): a constraint without `firstItem` or `secondItem`
/// refers to the view owning its `<constraints>`; multipliers may be ratios
/// (`16:9`, `1/3`); size classes are `<variation key="widthClass=compact">`
/// elements whose `<mask key="constraints|subviews">` include or exclude
/// things, and attribute overrides on constraints and views.
public struct IBDocument {
    public enum Kind: String, Sendable { case storyboard, xib }
    public var kind: Kind
    /// Interface Builder's device id (`retina6_1`, `ipad9_7`), if the document names one.
    public var deviceID: String?
    public var orientation: Orientation
    /// The size classes the stored frames were computed for (``UserInterfaceSizeClass/unspecified``: Any).
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var roots: [IBRoot]

    /// Reads a document from its bytes.
    public init(data: Data) throws(DocumentError) {
        try self.init(MarkupElement.parse(data))
    }

    /// Reads a document from a file.
    public init(contentsOf url: URL) throws(DocumentError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DocumentError("cannot read the file: \((error as NSError).localizedDescription)", at: nil)
        }
        try self.init(data: data)
    }

    init(_ top: MarkupElement) throws(DocumentError) {
        guard top.name == "document" else {
            throw DocumentError("not an Interface Builder document: the root element is <\(top.name)>, not <document>",
                                at: top.position)
        }
        guard (top["targetRuntime"] ?? "").hasPrefix("iOS") || top["targetRuntime"] == nil else {
            throw DocumentError("only iOS documents are read, not '\(top["targetRuntime"]!)'", at: top.position)
        }
        kind = (top["type"] ?? "").contains("Storyboard") ? .storyboard : .xib
        let reader = IBReader()
        (deviceID, orientation) = reader.device(top)
        let traitsKnown = top["useTraitCollections"] == "YES"
        if let id = deviceID, let d = IBDevices.table[id], top.child("device") != nil || !traitsKnown {
            if d.idiom == .pad {
                (horizontalSizeClass, verticalSizeClass) = (.regular, .regular)
            } else if orientation == .landscape {
                (horizontalSizeClass, verticalSizeClass) = (d.wideLandscape ? .regular : .compact, .compact)
            } else {
                (horizontalSizeClass, verticalSizeClass) = (.compact, .regular)
            }
        } else {
            // Xcode 6 and 7 size-class documents: the Any x Any canvas.
            (horizontalSizeClass, verticalSizeClass) = (.unspecified, .unspecified)
        }
        roots = try reader.roots(top)
    }
}

/// The devices Interface Builder's documents name, with their portrait
/// screen in points.
enum IBDevices {
    struct Entry {
        let size: Size
        let idiom: UserInterfaceIdiom
        let notched: Bool
        let wideLandscape: Bool
    }
    static let table: [String: Entry] = {
        var t: [String: Entry] = [:]
        func phone(_ id: String, _ w: Double, _ h: Double, _ notched: Bool, _ wide: Bool) {
            t[id] = Entry(size: Size(width: w, height: h), idiom: .phone, notched: notched, wideLandscape: wide)
        }
        phone("retina3_5", 320, 480, false, false)
        phone("retina4_0", 320, 568, false, false)
        phone("retina4_7", 375, 667, false, false)
        phone("retina5_5", 414, 736, false, true)
        phone("retina5_4", 375, 812, true, false)
        phone("retina5_9", 375, 812, true, false)
        phone("retina6_0", 390, 844, true, false)
        phone("retina6_1", 414, 896, true, true)
        phone("retina6_5", 414, 896, true, true)
        phone("retina6_12", 393, 852, true, false)
        phone("retina6_3", 402, 874, true, false)
        phone("retina6_7", 430, 932, true, true)
        phone("retina6_9", 440, 956, true, true)
        for (id, w, h) in [("ipad9_7", 768.0, 1024.0), ("ipad10_2", 810, 1080), ("ipad10_5", 834, 1112),
                           ("ipad11", 834, 1194), ("ipad12_9", 1024, 1366), ("ipad12_9rounded", 1024, 1366)] {
            t[id] = Entry(size: Size(width: w, height: h), idiom: .pad, notched: false, wideLandscape: true)
        }
        return t
    }()
    /// Pre-Xcode-8 `<simulatedScreenMetrics type=...>` names.
    static let legacy = ["retina35": "retina3_5", "retina4": "retina4_0", "retina47": "retina4_7",
                         "retina55": "retina5_5", "ipad": "ipad9_7"]
}

/// One layout root: a view controller's view or a top-level view, and everything below it.
public struct IBRoot {
    /// The root view's id.
    public var id: String
    /// The scene's view controller element (`viewController`, `tableViewController`), if any.
    public var controllerElement: String?
    /// Whether the controller simulates a navigation bar, a tab bar or a status bar.
    public var simulatedBars: Set<String> = []
    /// Every view, root first, then depth first in document order.
    public var views: [IBView] = []
    public var guides: [IBGuide] = []
    public var constraints: [IBConstraint] = []

    public var rootView: IBView { views[0] }
    /// The stored size of the root view, the size it is laid out at.
    public var size: Size? { views[0].frame?.size }

    public func view(_ id: String) -> IBView? { views.first { $0.id == id } }
}

/// A view as stored.
public struct IBView {
    public var id: String
    /// The element (`view`, `label`, `stackView`, `tableViewCell`, ...).
    public var element: String
    public var customClass: String?
    /// A readable name: IB's `userLabel`, else the element and id.
    public var label: String
    public var superview: String?
    /// The stored frame in the superview's coordinates, if stored (or implied:
    /// a cell's content view without one covers the cell, ``frameImplied``).
    public var frame: Rect?
    public var frameImplied = false
    public var translatesAutoresizingMaskIntoConstraints = true
    public var fixedFrame = false
    public var misplaced = false
    public var ambiguous = false
    public var hidden = false
    /// The springs and struts of a view that translates its mask.
    public var autoresizingMask: AutoresizingMask = []
    /// Inside a bar's items (a bar button's custom view): not laid out here.
    public var inBarItem = false
    public var hugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    public var compression = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)
    /// Explicit layout margins (`<edgeInsets key="layoutMargins">`).
    public var layoutMargins: EdgeInsets?
    public var stack: IBStack?
    /// Which dimensions have an intrinsic size (from fonts, images, controls).
    public var intrinsicDimensions = (width: false, height: false)
    /// IB's placeholder intrinsic size, where the document gives one (`nil` in a dimension: none).
    public var placeholderIntrinsicSize: (width: Double?, height: Double?)?
    /// Size-class variations of this view: key → attribute overrides, a frame, masks.
    public var variations: [String: IBVariation] = [:]
    public var position: SourcePosition

    /// Frame minus the rect constraints place, for controls whose alignment
    /// rect is not their frame (measured on the corpus: sliders 2 pt wider
    /// each side and 1 pt taller below, switches 2 pt wider at the trailing
    /// side, segmented controls 1 pt taller below).
    public var alignmentInsets: EdgeInsets {
        switch element {
        case "slider": EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
        case "switch": EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case "segmentedControl": EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: .zero
        }
    }
}

/// A stack view's properties as stored.
public struct IBStack {
    public var axis: LayoutAxis = .horizontal
    public var distribution: StackView.Distribution = .fill
    public var alignment: StackView.Alignment = .fill
    public var spacing = 0.0
    public var layoutMarginsRelativeArrangement = false
    /// The arranged subviews (every direct subview, in order).
    public var arranged: [String] = []
}

/// What a size-class variation changes on a view.
public struct IBVariation {
    public var attributes: [String: String] = [:]
    public var frame: Rect?
    /// `constraints` / `subviews` → referenced id → included?
    public var masks: [String: [String: Bool]] = [:]
}

/// A layout guide that constraints refer to.
public struct IBGuide {
    public enum Kind: String, Sendable {
        case topLayoutGuide, bottomLayoutGuide, safeArea, contentLayoutGuide, frameLayoutGuide
    }
    public var id: String
    public var kind: Kind
    /// The view that owns it.
    public var owner: String
}

/// A constraint as stored, its items resolved.
public struct IBConstraint {
    public struct Side {
        public var item: String
        public var attribute: LayoutAttribute
    }
    public var id: String
    /// The view whose `<constraints>` holds it (its size-class masks decide where it is installed).
    public var owner: String
    public var first: Side
    public var relation: LayoutRelation
    public var second: Side?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// A placeholder constraint, removed at build time.
    public var placeholder: Bool
    /// Per size class: overrides of `constant`, `multiplier`, `priority`.
    public var overrides: [String: [String: String]] = [:]
    public var position: SourcePosition
}
