/// Portrait or landscape.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape
}

/// How an iPad app's window shares the screen (iPad multitasking).
public enum WindowArrangement: String, Sendable, Hashable, CaseIterable {
    /// The whole screen.
    case fullScreen
    /// Split View, two thirds of the screen.
    case twoThirds
    /// Split View, half of the screen (landscape only).
    case half
    /// Split View, one third of the screen.
    case oneThird
    /// Slide Over, a narrow window over another app.
    case slideOver
}

/// A device model as Apple names it, with its screen in points, its scale,
/// and the size classes it gives a window in each orientation and
/// arrangement — the rules of iOS, per model, not a width threshold.
public struct Device: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let idiom: UserInterfaceIdiom
    /// The screen in portrait, in points.
    public let portraitSize: Size
    public let displayScale: Double
    /// iPhones: whether landscape has a regular width (the Plus and Max
    /// models). iPads: whether a half-screen Split View keeps a regular width
    /// (the 12.9- and 13-inch models).
    let wideVariant: Bool

    public var description: String { name }

    /// The screen size in an orientation.
    public func screenSize(_ orientation: Orientation) -> Size {
        orientation == .portrait ? portraitSize : Size(width: portraitSize.height, height: portraitSize.width)
    }

    /// The safe area of a full-screen window: the status bar, the sensor
    /// housing and the home indicator, as iOS reports them for the model
    /// (phones with a home button: 20 pt status bar in portrait, none in
    /// landscape; notched phones 44 to 59 pt by model, 34 pt home indicator,
    /// 21 pt in landscape; iPads 20 pt, or 24 and 20 pt without a home button).
    public func safeAreaInsets(_ orientation: Orientation) -> EdgeInsets {
        let (w, h) = (portraitSize.width, portraitSize.height)
        switch idiom {
        case .phone where h >= 812:
            let sensor: Double = h == 812 ? 44 : h == 844 ? 47 : h == 896 ? 48 : w >= 393 ? 59 : 47
            return orientation == .portrait ? EdgeInsets(top: sensor, left: 0, bottom: 34, right: 0)
                : EdgeInsets(top: 0, left: sensor, bottom: 21, right: sensor)
        case .phone:
            return orientation == .portrait ? EdgeInsets(top: 20, left: 0, bottom: 0, right: 0) : .zero
        case .pad:
            let homeButton = [1024.0, 1080, 1112].contains(h)
            return homeButton ? EdgeInsets(top: 20, left: 0, bottom: 0, right: 0) : EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        default:
            return .zero
        }
    }

    /// A window's size and size classes, or nil where the arrangement does
    /// not exist (multitasking on an iPhone, a half split in portrait).
    ///
    /// iPhones: compact width (regular in landscape on Plus and Max models),
    /// regular height in portrait and compact in landscape. iPads: regular
    /// both ways full screen; in Split View and Slide Over the narrow pane is
    /// 320 points (375 on screens at least 1024 points wide), the divider 10,
    /// the wide pane the rest; two thirds is regular in landscape only, half
    /// only on the largest models, one third and Slide Over compact; height
    /// stays regular. Interface Builder's generic canvas is 600 x 600 with
    /// both size classes unspecified (Any/Any).
    public func window(_ orientation: Orientation, _ arrangement: WindowArrangement = .fullScreen)
        -> (size: Size, traits: TraitCollection)? {
        let screen = screenSize(orientation)
        var traits = TraitCollection(userInterfaceIdiom: idiom, displayScale: displayScale)
        switch idiom {
        case .phone:
            guard arrangement == .fullScreen else { return nil }
            traits.horizontalSizeClass = orientation == .landscape && wideVariant ? .regular : .compact
            traits.verticalSizeClass = orientation == .landscape ? .compact : .regular
            return (screen, traits)
        case .pad:
            traits.verticalSizeClass = .regular
            let narrow = screen.width >= 1024 ? 375.0 : 320.0
            let width: Double
            switch arrangement {
            case .fullScreen:
                width = screen.width
                traits.horizontalSizeClass = .regular
            case .twoThirds:
                width = screen.width - 10 - narrow
                traits.horizontalSizeClass = orientation == .landscape ? .regular : .compact
            case .half:
                guard orientation == .landscape else { return nil }
                width = (screen.width - 10) / 2
                traits.horizontalSizeClass = wideVariant ? .regular : .compact
            case .oneThird, .slideOver:
                width = narrow
                traits.horizontalSizeClass = .compact
            }
            return (Size(width: width, height: screen.height), traits)
        default:
            guard arrangement == .fullScreen else { return nil }
            return (screen, traits) // the generic canvas: Any/Any
        }
    }

    /// Every arrangement this device has in an orientation.
    public func arrangements(_ orientation: Orientation) -> [WindowArrangement] {
        WindowArrangement.allCases.filter { window(orientation, $0) != nil }
    }

    /// The model named `name` exactly as Apple writes it (case ignored).
    public static func named(_ name: String) -> Device? {
        let key = name.lowercased()
        return all.first { $0.name.lowercased() == key }
    }

    /// Interface Builder's generic canvas: 600 x 600, Any/Any.
    public static let generic = Device(name: "Generic", idiom: .unspecified,
                                       portraitSize: Size(width: 600, height: 600), displayScale: 2, wideVariant: false)

    private static func phone(_ name: String, _ w: Double, _ h: Double, _ scale: Double, wide: Bool = false) -> Device {
        Device(name: name, idiom: .phone, portraitSize: Size(width: w, height: h), displayScale: scale, wideVariant: wide)
    }
    private static func pad(_ name: String, _ w: Double, _ h: Double, large: Bool = false) -> Device {
        Device(name: name, idiom: .pad, portraitSize: Size(width: w, height: h), displayScale: 2, wideVariant: large)
    }

    /// The catalog: iPhones and iPads with their screens in points, and the
    /// generic canvas.
    public static let all: [Device] = [
        phone("iPhone SE (3rd generation)", 375, 667, 2),
        phone("iPhone 8", 375, 667, 2),
        phone("iPhone 8 Plus", 414, 736, 3, wide: true),
        phone("iPhone X", 375, 812, 3),
        phone("iPhone XR", 414, 896, 2, wide: true),
        phone("iPhone 11", 414, 896, 2, wide: true),
        phone("iPhone 11 Pro", 375, 812, 3),
        phone("iPhone 11 Pro Max", 414, 896, 3, wide: true),
        phone("iPhone 12 mini", 360, 780, 3),
        phone("iPhone 12", 390, 844, 3),
        phone("iPhone 12 Pro Max", 428, 926, 3, wide: true),
        phone("iPhone 13 mini", 360, 780, 3),
        phone("iPhone 13", 390, 844, 3),
        phone("iPhone 13 Pro", 390, 844, 3),
        phone("iPhone 13 Pro Max", 428, 926, 3, wide: true),
        phone("iPhone 14", 390, 844, 3),
        phone("iPhone 14 Plus", 428, 926, 3, wide: true),
        phone("iPhone 14 Pro", 393, 852, 3),
        phone("iPhone 14 Pro Max", 430, 932, 3, wide: true),
        phone("iPhone 15", 393, 852, 3),
        phone("iPhone 15 Plus", 430, 932, 3, wide: true),
        phone("iPhone 15 Pro", 393, 852, 3),
        phone("iPhone 15 Pro Max", 430, 932, 3, wide: true),
        phone("iPhone 16", 393, 852, 3),
        phone("iPhone 16 Plus", 430, 932, 3, wide: true),
        phone("iPhone 16 Pro", 402, 874, 3),
        phone("iPhone 16 Pro Max", 440, 956, 3, wide: true),
        pad("iPad mini (6th generation)", 744, 1133),
        pad("iPad (9th generation)", 810, 1080),
        pad("iPad (10th generation)", 820, 1180),
        pad("iPad Air (5th generation)", 820, 1180),
        pad("iPad Air 11-inch (M2)", 820, 1180),
        pad("iPad Air 13-inch (M2)", 1024, 1366, large: true),
        pad("iPad Pro 11-inch (4th generation)", 834, 1194),
        pad("iPad Pro 12.9-inch (6th generation)", 1024, 1366, large: true),
        pad("iPad Pro 11-inch (M4)", 834, 1210),
        pad("iPad Pro 13-inch (M4)", 1032, 1376, large: true),
        generic,
    ]
}
