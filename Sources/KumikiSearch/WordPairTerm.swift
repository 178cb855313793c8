/// Two English words side by side as one term of the index, so that a
/// phrase is found as a phrase: "keyboard focus" finds the rows that say
/// the two words one after the other before those that say them apart.
/// Stop words between them do not part them ("size of the button" pairs
/// size and button), a Japanese character does.
///
/// The term is `~` and six base-36 digits of the 32-bit FNV-1a hash of
/// the two stems with a space between (`search.js` computes the same):
/// seven bytes, so a pair goes through the page's table by its key alone,
/// like a Japanese character pair. Two pairs may share a term; a query
/// then finds a row holding the other pair, which its other terms and the
/// phrase check of the rows shown still tell apart.
enum WordPairTerm {
    static let byteCount = 7
    private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    private static let range: UInt32 = 2_176_782_336 // 36⁶

    /// The FNV-1a state after a word's stem and a space: where the pair
    /// that starts with this word continues.
    @inline(__always)
    static func state(after word: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for index in 0..<count { hash = (hash ^ UInt32(word[index])) &* 0x0100_0193 }
        return (hash ^ 0x20) &* 0x0100_0193
    }

    /// The key of the pair of the word whose `state` this is and the next
    /// word's stem.
    @inline(__always)
    static func key(continuing state: UInt32, with word: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash = state
        for index in 0..<count { hash = (hash ^ UInt32(word[index])) &* 0x0100_0193 }
        // `~`, then the digits most significant first, then a zero byte
        // (`TermBytes.key` of seven bytes).
        var value = hash % range
        var key = UInt64(UInt8(ascii: "~")) << 56
        for shift in stride(from: UInt64(8), through: 48, by: 8) {
            key |= UInt64(digits[Int(value % 36)]) << shift
            value /= 36
        }
        return key
    }
}
