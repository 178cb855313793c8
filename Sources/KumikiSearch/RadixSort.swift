/// Sorting a page's term keys: every page sorts a few hundred to a few
/// thousand of them, and a comparison sort's unpredictable branches were a
/// good share of indexing a page.
enum RadixSort {
    /// The indices of `keys` in ascending order of their keys, equal keys
    /// in ascending order of index: sorted a byte at a time, lowest first,
    /// each pass stable, skipping the bytes every key has alike (a Japanese
    /// pair's key ends in two zero bytes, and most keys of a page share
    /// their first).
    static func order(of keys: UnsafeBufferPointer<UInt64>) -> [Int32] {
        let count = keys.count
        guard count > 1 else { return count == 1 ? [0] : [] }
        var order = [Int32](repeating: 0, count: count)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8 * 256) { counts in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * count) { sortedKeys in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * count) { indices in
                    counts.initialize(repeating: 0)
                    let counts = counts.baseAddress!
                    var sourceKeys = sortedKeys.baseAddress!, targetKeys = sourceKeys + count
                    var source = indices.baseAddress!, target = source + count
                    for index in 0..<count {
                        let key = keys[index]
                        sourceKeys[index] = key
                        source[index] = Int32(index)
                        for byte in 0..<8 { counts[byte << 8 | Int(truncatingIfNeeded: key >> (8 * UInt64(byte))) & 0xFF] &+= 1 }
                    }
                    for byte in 0..<8 {
                        let digits = counts + byte << 8
                        let shift = 8 * UInt64(byte)
                        if digits[Int(truncatingIfNeeded: sourceKeys[0] >> shift) & 0xFF] == UInt32(count) { continue }
                        var offset: UInt32 = 0
                        for digit in 0..<256 {
                            let digitCount = digits[digit]
                            digits[digit] = offset
                            offset &+= digitCount
                        }
                        for index in 0..<count {
                            let key = sourceKeys[index]
                            let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                            let place = Int(digits[digit])
                            targetKeys[place] = key
                            target[place] = source[index]
                            digits[digit] &+= 1
                        }
                        swap(&sourceKeys, &targetKeys)
                        swap(&source, &target)
                    }
                    order.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: count) }
                }
            }
        }
        return order
    }
}
