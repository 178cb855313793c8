/// Sorting a page's term keys: every page sorts a few hundred to a few
/// thousand of them, and a comparison sort's unpredictable branches were a
/// good share of indexing a page.
enum RadixSort {
    /// `keys` in ascending order: sorted a byte at a time, lowest first,
    /// each pass stable, skipping the bytes every key has alike (a Japanese
    /// pair's key ends in two zero bytes, and most keys of a page share
    /// their first).
    static func sorted(_ keys: [UInt64]) -> [UInt64] {
        let count = keys.count
        guard count > 1 else { return keys }
        var sorted = keys
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8 * 256) { counts in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { spare in
                counts.initialize(repeating: 0)
                let counts = counts.baseAddress!
                sorted.withUnsafeMutableBufferPointer { sorted in
                    var source = sorted.baseAddress!, target = spare.baseAddress!
                    for index in 0..<count {
                        let key = source[index]
                        for byte in 0..<8 { counts[byte << 8 | Int(truncatingIfNeeded: key >> (8 * UInt64(byte))) & 0xFF] &+= 1 }
                    }
                    for byte in 0..<8 {
                        let digits = counts + byte << 8
                        let shift = 8 * UInt64(byte)
                        if digits[Int(truncatingIfNeeded: source[0] >> shift) & 0xFF] == UInt32(count) { continue }
                        var offset: UInt32 = 0
                        for digit in 0..<256 {
                            let digitCount = digits[digit]
                            digits[digit] = offset
                            offset &+= digitCount
                        }
                        for index in 0..<count {
                            let key = source[index]
                            let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                            target[Int(digits[digit])] = key
                            digits[digit] &+= 1
                        }
                        swap(&source, &target)
                    }
                    // An odd number of passes left the keys in the spare buffer.
                    if source != sorted.baseAddress! { sorted.baseAddress!.update(from: source, count: count) }
                }
            }
        }
        return sorted
    }
}
