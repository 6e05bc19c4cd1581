/// A point in a view's coordinate system: origin at the top-left corner, y down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(format(x)), \(format(y)))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(format(width)) x \(format(height))" }
}

/// A rectangle: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var description: String {
        "(\(format(origin.x)), \(format(origin.y)), \(format(size.width)), \(format(size.height)))"
    }
}

/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var description: String {
        "{\(format(top)), \(format(left)), \(format(bottom)), \(format(right))}"
    }
}

/// A number the solver takes: finite and at most 1e12 in magnitude. Frames,
/// insets and offsets outside it are refused (the old value stays).
func isLayoutNumber(_ x: Double) -> Bool { x.isFinite && abs(x) <= 1e12 }

extension EdgeInsets {
    var isLayoutValid: Bool { [top, left, bottom, right].allSatisfy(isLayoutNumber) }
}

/// A number as a person writes it: `20`, not `20.0`; `0.5`.
func format(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
