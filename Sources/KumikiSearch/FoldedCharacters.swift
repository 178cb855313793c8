/// The characters of UTF-8 text as the tokenizer reads them, one at a time:
/// katakana folded to hiragana (each keeps the class it had before), the
/// prolonged sound mark and the middle dot dropped, and the folding by hand
/// of `SearchNormalizer.isFoldedByHand` (NFKC and lower case, character by
/// character) applied as the bytes are decoded: text of other characters
/// is given already folded by Unicode's rules, which the folding by hand
/// leaves as it is.
struct FoldedCharacters {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private let stopsAtUnfoldable: Bool
    /// Whether the reader stopped at a character it cannot fold by hand
    /// (`stopsAtUnfoldable`).
    private(set) var metUnfoldable = false

    /// `bytes` must be valid UTF-8 (a String's) and outlive the reader.
    /// With `stopsAtUnfoldable`, the reader ends at the first character
    /// `SearchNormalizer.isFoldedByHand` refuses, and says so: the text must
    /// then be folded by Unicode's rules and read again.
    init(_ bytes: UnsafeBufferPointer<UInt8>, stopsAtUnfoldable: Bool = false) {
        self.bytes = bytes
        self.stopsAtUnfoldable = stopsAtUnfoldable
    }

    /// How many bytes the text has: no fewer than the bytes of the words
    /// read from it (folding by hand never lengthens a character).
    var byteCount: Int { bytes.count }

    /// The next character and its class, or nil at the end.
    @inline(__always)
    mutating func next() -> (Unicode.Scalar, SearchCharacterClass)? {
        guard let character = nextCharacter() else { return nil }
        return (Unicode.Scalar(character.value)!, character.kind)
    }

    /// A folded character: its value, its UTF-8 bytes packed first byte
    /// highest (`TermBytes.packedUTF8`), and its class before katakana was
    /// folded.
    struct Character {
        var value: UInt32
        var packed: (bits: UInt64, count: Int)
        var kind: SearchCharacterClass
    }

    /// The next character, or nil at the end. Kanji and kana, most of a
    /// Japanese text, are told apart here on their three bytes, which are
    /// also their packed form; everything else goes the general way.
    ///
    /// Folding by hand changes nothing in text already folded by Unicode's
    /// rules (its capitals are lowered, its full-width forms and
    /// ideographic spaces gone), so it is applied to both.
    @inline(__always)
    mutating func nextCharacter() -> Character? {
        let common = nextKanjiOrHiragana()
        guard common.packed != 0 else { return nextCharacterTheGeneralWay() }
        let bits = UInt64(common.packed)
        let value = UInt32(truncatingIfNeeded: (bits &>> 16) & 0x0F) &<< 12 | UInt32(truncatingIfNeeded: (bits &>> 8) & 0x3F) &<< 6
            | UInt32(truncatingIfNeeded: bits & 0x3F)
        return Character(value: value, packed: (bits, 3), kind: common.isHiragana ? .hiragana : .kanji)
    }

    /// The next character when it is a kanji or a hiragana letter, read on
    /// its three bytes, which are its packed form: the tokenizer's loop
    /// over a Japanese run reads these, most of the run, without the rest
    /// of `Character`. `packed` is 0, and nothing is read, for any other
    /// character or at the end.
    @inline(__always)
    mutating func nextKanjiOrHiragana() -> (packed: UInt32, isHiragana: Bool) {
        guard let base = bytes.baseAddress, offset &+ 2 < bytes.count else { return (0, false) }
        // UTF-8 keeps the order of code points, so the ranges are tested on
        // the packed bytes, with nothing decoded; a shorter character packs
        // below both. A range in one comparison: below the range, the
        // wrapping difference is larger than any inside it.
        let packed = UInt32(base[offset]) &<< 16 | UInt32(base[offset &+ 1]) &<< 8 | UInt32(base[offset &+ 2])
        if packed &- 0xE4_B8_80 <= 0xE9_BF_BF - 0xE4_B8_80 {  // U+4E00...U+9FFF
            offset &+= 3
            return (packed, false)
        }
        if packed &- 0xE3_81_81 <= 0xE3_82_96 - 0xE3_81_81 {  // U+3041...U+3096
            offset &+= 3
            return (packed, true)
        }
        return (0, false)
    }

    /// `nextCharacter` for any character, kept out of line so the common
    /// one, taken above on its three bytes, is read where it is used.
    @inline(never)
    private mutating func nextCharacterTheGeneralWay() -> Character? {
        while let decoded = nextScalar() {
            if stopsAtUnfoldable, !SearchNormalizer.isFoldedByHand(decoded) {
                metUnfoldable = true
                return nil
            }
            let value = Self.foldedByHand(decoded)
            switch value {
            case 0x30FC, 0x30FB:  // ー ・
                continue
            case 0x30A1...0x30F6:  // katakana letters → hiragana
                return Character(value: value &- 0x60, packed: TermBytes.packedUTF8(value &- 0x60), kind: .katakana)
            default:
                return Character(value: value, packed: TermBytes.packedUTF8(value),
                                 kind: SearchCharacterClass(Unicode.Scalar(value)!))
            }
        }
        return nil
    }

    /// Whether every character left may be folded by hand (reads them all).
    mutating func allFoldedByHand() -> Bool {
        while let value = nextScalar() {
            if !SearchNormalizer.isFoldedByHand(value) { return false }
        }
        return true
    }

    /// The next Unicode scalar's value, decoded from valid UTF-8.
    @inline(__always)
    private mutating func nextScalar() -> UInt32? {
        guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
        let lead = UInt32(base[offset])
        if lead < 0x80 {
            offset += 1
            return lead
        }
        let value: UInt32
        if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(base[offset + 1] & 0x3F)
            offset += 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(base[offset + 1] & 0x3F) << 6 | UInt32(base[offset + 2] & 0x3F)
            offset += 3
        } else {
            value = (lead & 0x07) << 18 | UInt32(base[offset + 1] & 0x3F) << 12 | UInt32(base[offset + 2] & 0x3F) << 6
                | UInt32(base[offset + 3] & 0x3F)
            offset += 4
        }
        return value
    }

    /// NFKC and lower case of a character `SearchNormalizer.isFoldedByHand`
    /// accepts: full-width ASCII to ASCII, the ideographic space to a space,
    /// ASCII capitals lowered; the rest are their own form.
    @inline(__always)
    private static func foldedByHand(_ value: UInt32) -> UInt32 {
        var value = value
        if value >= 0xFF01, value <= 0xFF5E { value &-= 0xFEE0 }
        if value == 0x3000 { return 0x20 }
        return value >= 0x41 && value <= 0x5A ? value &+ 0x20 : value
    }
}
