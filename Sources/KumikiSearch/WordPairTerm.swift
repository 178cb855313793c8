/// Two words side by side as one term of the index, so that a phrase is
/// found as a phrase:
///
/// - two English words: "keyboard focus" finds the rows that say the two
///   words one after the other before those that say them apart. Stop
///   words between them do not part them ("size of the button" pairs size
///   and button), a Japanese character does. Hashed: the two stems with a
///   space between.
/// - a kana at the edge of a Japanese word (a particle or an ending, mostly)
///   with the character on either side, one of which is not a kana:
///   変更で説明 holds 更で説, and 大きさを強 holds さを強, which rows that
///   say 変更で and で説明 apart do not. A Japanese phrase's character pairs
///   already chain, but at a particle they chain through a pair common to
///   countless rows. Hashed: the three characters, folded as the index
///   folds them.
///
/// The term is `~` and six base-36 digits of a hash (`search.js` computes
/// the same): for two words, the 32-bit FNV-1a hash of their text; for a
/// junction, its bucket (`junctionBucket`). Seven bytes, so a pair goes
/// through the page's table by its key alone, like a Japanese character
/// pair. Two pairs may share a term; a query then finds a row holding the
/// other pair, which its other terms and the phrase check of the rows
/// shown still tell apart.
enum WordPairTerm {
    static let byteCount = 7
    private static let range: UInt32 = 2_176_782_336 // 36⁶
    /// Junctions share 4,096 terms, one for each value of `junctionBits`
    /// bits: a site holds tens of thousands of them, each in a few rows, and
    /// a term for each made the index's lists many times more numerous for
    /// what is only a tie-breaker between rows that already hold every
    /// character pair of a phrase. Sharing keeps a row that holds all of a
    /// phrase's junctions rare.
    static let junctionBits: UInt32 = 12

    /// The hash of a Japanese junction: three characters' packed UTF-8
    /// bytes (`TermBytes.packedUTF8`), the middle one a kana.
    @inline(__always)
    static func hash(junction first: (bits: UInt64, count: Int), _ middle: (bits: UInt64, count: Int),
                     _ last: (bits: UInt64, count: Int)) -> UInt32 {
        junctionBucket(UInt32(truncatingIfNeeded: first.bits), UInt32(truncatingIfNeeded: middle.bits),
                       UInt32(truncatingIfNeeded: last.bits))
    }

    /// The bucket of a junction, from its three characters' UTF-8 bytes
    /// packed into integers, first byte highest (a character has at most
    /// four): the top `junctionBits` bits of three multiply-and-mix steps.
    /// A site has half a million junctions for every thousand pages, and
    /// hashing their nine bytes one at a time was 5% of indexing's
    /// instructions.
    @inline(__always)
    static func junctionBucket(_ first: UInt32, _ middle: UInt32, _ last: UInt32) -> UInt32 {
        var hash = first &* 0x9E37_79B1
        hash = (hash ^ middle) &* 0x85EB_CA77
        hash = (hash ^ last) &* 0xC2B2_AE3D
        return hash >> (32 - junctionBits)
    }

    /// The FNV-1a state after a word's stem and a space: where the pair
    /// that starts with this word continues.
    @inline(__always)
    static func state(after word: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for index in 0..<count { hash = (hash ^ UInt32(word[index])) &* 0x0100_0193 }
        return (hash ^ 0x20) &* 0x0100_0193
    }

    /// The hash of the pair of the word whose `state` this is and the next
    /// word's stem.
    @inline(__always)
    static func hash(continuing state: UInt32, with word: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        var hash = state
        for index in 0..<count { hash = (hash ^ UInt32(word[index])) &* 0x0100_0193 }
        return hash
    }

    /// `hash(continuing:with:count:)` of a stem of at most eight bytes
    /// given by its key (`TermBytes.key`, first byte highest).
    @inline(__always)
    static func hash(continuing state: UInt32, withKey stem: UInt64, count: Int) -> UInt32 {
        var (hash, rest) = (state, stem)
        for _ in 0..<count {
            hash = (hash ^ UInt32(truncatingIfNeeded: rest &>> 56)) &* 0x0100_0193
            rest &<<= 8
        }
        return hash
    }

    /// A pair's key in a table that keeps pairs by their hash
    /// (`WorkerTermTable`): `0xFF`, which no UTF-8 byte is, above the hash.
    /// A page has thousands of pairs; spelling each one's digits cost more
    /// than spelling each distinct pair's once, when its bytes are needed
    /// (`termKey(ofTableKey:)`).
    @inline(__always)
    static func tableKey(ofHash hash: UInt32) -> UInt64 { 0xFF << 56 | UInt64(hash) }

    /// The term's key (`TermBytes.key`) of a key a table keeps: a pair's
    /// spelled out, any other as it is.
    @inline(__always)
    static func termKey(ofTableKey key: UInt64) -> UInt64 {
        key &>> 56 == 0xFF ? self.key(ofHash: UInt32(truncatingIfNeeded: key)) : key
    }

    /// The term's key of a pair's hash.
    @inline(__always)
    static func key(ofHash hash: UInt32) -> UInt64 {
        // `~`, then the digits most significant first, then a zero byte
        // (`TermBytes.key` of seven bytes): three pairs of digits
        // (`Base36.digitPairs`), read in one load each.
        let value = hash % range
        let low = value % 1_296, middle = value / 1_296 % 1_296, high = value / 1_679_616
        return Base36.digitPairs.withUnsafeBufferPointer { pairs in
            UInt64(UInt8(ascii: "~")) << 56 | UInt64(pairs[Int(high)]) << 40 | UInt64(pairs[Int(middle)]) << 24
                | UInt64(pairs[Int(low)]) << 8
        }
    }
}
