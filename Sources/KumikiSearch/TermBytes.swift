import Foundation

/// The order of terms everywhere in the index: ascending UTF-8 bytes. The
/// same on every platform, and cheaper than String's Unicode order.
enum TermBytes {
    /// Negative, zero or positive as `first`'s bytes come before, equal or
    /// come after `second`'s.
    static func compare(_ first: String, _ second: String) -> Int {
        var (first, second) = (first, second)
        return first.withUTF8 { a in second.withUTF8 { b in compare(a, b) } }
    }

    /// `compare` of two terms' bytes.
    static func compare(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(first.count, second.count)
        let compared = common == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, common)
        return compared != 0 ? Int(compared) : first.count - second.count
    }

    /// The first eight bytes, first byte highest, zeros after a shorter
    /// term. Terms hold no zero byte, so keys in ascending order are terms
    /// in ascending order, and equal keys of terms of at most eight bytes
    /// are the same term.
    @inline(__always)
    static func key(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = term.baseAddress else { return 0 }
        return key(base, count: term.count)
    }

    /// `key` of the `count` bytes at `bytes`.
    @inline(__always)
    static func key(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<min(count, 8) { key = key << 8 | UInt64(bytes[index]) }
        return count >= 8 ? key : key << (8 * UInt64(8 - count))
    }

    /// A character's UTF-8 bytes packed into an integer, first byte highest,
    /// and how many there are: a Japanese pair's key is two of them side by
    /// side (`key(_:_:)`), made without writing the bytes anywhere.
    @inline(__always)
    static func packedUTF8(_ value: UInt32) -> (bits: UInt64, count: Int) {
        let value = UInt64(value)
        switch value {
        case 0..<0x80:
            return (value, 1)
        case 0x80..<0x800:
            return ((0xC0 | value >> 6) << 8 | (0x80 | value & 0x3F), 2)
        case 0x800..<0x10000:
            return ((0xE0 | value >> 12) << 16 | (0x80 | (value >> 6) & 0x3F) << 8 | (0x80 | value & 0x3F), 3)
        default:
            return ((0xF0 | value >> 18) << 24 | (0x80 | (value >> 12) & 0x3F) << 16 | (0x80 | (value >> 6) & 0x3F) << 8
                    | (0x80 | value & 0x3F), 4)
        }
    }

    /// The key of the term of one packed character, or of two side by side
    /// (at most eight bytes, so the key is the whole term).
    @inline(__always)
    static func key(_ first: (bits: UInt64, count: Int), _ second: (bits: UInt64, count: Int)?) -> (key: UInt64, count: Int) {
        // Masking shifts: a character has one to four bytes, so no amount
        // reaches 64, and the checks of a plain shift ran for every pair.
        guard let second else { return (first.bits &<< (UInt64(truncatingIfNeeded: 8 &- first.count) &* 8), first.count) }
        let count = first.count &+ second.count
        let joined = first.bits &<< (UInt64(truncatingIfNeeded: second.count) &* 8) | second.bits
        return (joined &<< (UInt64(truncatingIfNeeded: 8 &- count) &* 8), count)
    }

    /// The bytes of a term of at most eight bytes, from its key.
    @inline(__always)
    static func bytes<Result>(ofKey key: UInt64, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: key.bigEndian) { raw in
            body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
        }
    }

    /// `key` of the `count` bytes at `bytes`, where eight bytes may be read
    /// whatever `count` is: one load instead of a loop over the bytes. The
    /// merge and the tokenizer make a key for each of millions of terms.
    @inline(__always)
    static func key(_ bytes: UnsafePointer<UInt8>, count: Int, readable: Int) -> UInt64 {
        guard readable >= 8 else { return key(bytes, count: count) }
        return key(UInt64(bigEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)), count: count)
    }

    /// The key of a term whose first eight bytes (or fewer, and whatever
    /// follows them) were loaded as one integer, first byte highest.
    @inline(__always)
    static func key(_ loaded: UInt64, count: Int) -> UInt64 {
        count >= 8 ? loaded : loaded & ~(UInt64.max &>> (UInt64(truncatingIfNeeded: count) &* 8))
    }

    /// `key` of a term held as a string.
    static func key(_ term: String) -> UInt64 {
        var term = term
        return term.withUTF8 { key($0) }
    }

    /// The slot of a key in an open-addressed table of `1 << (64 - shift)`
    /// slots, by Fibonacci hashing: the product's highest bits mix every
    /// byte of the key, so the slot is taken from them. Keys of terms that
    /// differ only in their last bytes, which are most keys, still spread.
    /// A masking shift: a table has more than one slot, so `shift` is
    /// below 64.
    @inline(__always)
    static func slot(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }
}
