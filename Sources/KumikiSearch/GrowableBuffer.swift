/// A growable run of plain values the indexer owns alone: appending and
/// reading check neither that the storage is shared nor, outside debug
/// builds, the index, which an `Array` does on every access. Indexing a
/// page appends and reads these millions of times per site, and those
/// checks were a good share of it.
///
/// Non-copyable, so the storage has one owner and is freed with it.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { base.deallocate() }

    subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow() }
        base[count] = value
        count &+= 1
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() { count = 0 }

    /// The values, read in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
