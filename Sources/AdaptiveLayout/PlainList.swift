/// A list of plain values (unretained constraint references, solver ids)
/// for the engine's active constraints and the queues a layout pass walks
/// (``LayoutEngine``).
///
/// Not an `Array`: a size-class transition at L appends to these lists,
/// and swaps entries out of them, tens of thousands of times, and every
/// mutation of an array that a class stores first asks whether its buffer
/// is shared (a call, for copy-on-write). The engine owns its lists and
/// never hands them out, so this one cannot be copied at all: its buffer
/// has one owner, and a mutation is a store. Indices are still checked.
///
/// Entries are bitwise copyable: an `Unmanaged` is a bare address, and
/// whether one holds a retain is the owner's business
/// (``LayoutEngine/Held``); the list neither retains nor releases.
struct PlainList<Element: BitwiseCopyable>: ~Copyable {
    private var buffer = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
    private(set) var count = 0

    init() {}

    deinit { buffer.deallocate() }

    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "index out of range")
            return buffer[i]
        }
        set {
            precondition(i >= 0 && i < count, "index out of range")
            buffer[i] = newValue
        }
    }

    mutating func append(_ element: Element) {
        if count == buffer.count { grow(toHold: count + 1) }
        buffer[count] = element
        count += 1
    }

    /// Room for `n` more entries, so that appending them grows the buffer once.
    mutating func reserve(more n: Int) {
        if count + n > buffer.count { grow(toHold: count + n) }
    }

    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast of an empty list")
        count -= 1
        return buffer[count]
    }

    /// Empties the list and keeps its buffer.
    mutating func removeAll() { count = 0 }

    func forEach(_ body: (Element) throws -> Void) rethrows {
        for i in 0..<count { try body(buffer[i]) }
    }

    func map<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for i in 0..<count { result.append(try transform(buffer[i])) }
        return result
    }

    /// Doubles the buffer (at least 16 entries, at least `needed`).
    private mutating func grow(toHold needed: Int) {
        let bigger = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(16, 2 * buffer.count, needed))
        if count > 0 { _ = bigger.initialize(fromContentsOf: buffer[..<count]) }
        buffer.deallocate()
        buffer = bigger
    }
}
