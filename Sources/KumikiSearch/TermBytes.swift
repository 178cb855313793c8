import Foundation

/// The order of terms everywhere in the index: ascending UTF-8 bytes. The
/// same on every platform, and cheaper than String's Unicode order.
enum TermBytes {
    /// Negative, zero or positive as `first`'s bytes come before, equal or
    /// come after `second`'s.
    static func compare(_ first: String, _ second: String) -> Int {
        var (first, second) = (first, second)
        return first.withUTF8 { a in
            second.withUTF8 { b in
                let common = min(a.count, b.count)
                let compared = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return compared != 0 ? Int(compared) : a.count - b.count
            }
        }
    }

    /// The first eight bytes, first byte highest, zeros after a shorter
    /// term. Terms hold no zero byte, so keys in ascending order are terms
    /// in ascending order, and equal keys of terms of at most eight bytes
    /// are the same term.
    @inline(__always)
    static func key(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<8 {
            key <<= 8
            if index < term.count { key |= UInt64(term[index]) }
        }
        return key
    }

    /// `key` of a term held as a string.
    static func key(_ term: String) -> UInt64 {
        var term = term
        return term.withUTF8 { key($0) }
    }
}
