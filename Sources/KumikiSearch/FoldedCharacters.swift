/// The characters of UTF-8 text as the tokenizer reads them, one at a time:
/// katakana folded to hiragana (each keeps the class it had before), the
/// prolonged sound mark and the middle dot dropped, and, when the text is
/// folded by hand (`SearchNormalizer.isFoldedByHand`), NFKC and lower case
/// applied character by character as the bytes are decoded.
struct FoldedCharacters {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let foldsByHand: Bool
    private var offset = 0

    /// `bytes` must be valid UTF-8 (a String's) and outlive the reader.
    init(_ bytes: UnsafeBufferPointer<UInt8>, foldsByHand: Bool) {
        self.bytes = bytes
        self.foldsByHand = foldsByHand
    }

    /// How many bytes the text has: no more than its characters' folded
    /// bytes (folding by hand never lengthens a character).
    var byteCount: Int { bytes.count }

    /// The next character and its class, or nil at the end.
    @inline(__always)
    mutating func next() -> (Unicode.Scalar, SearchCharacterClass)? {
        while let decoded = nextScalar() {
            let value = foldsByHand ? Self.foldedByHand(decoded) : decoded
            switch value {
            case 0x30FC, 0x30FB:  // ー ・
                continue
            case 0x30A1...0x30F6:  // katakana letters → hiragana
                return (Unicode.Scalar(value &- 0x60)!, .katakana)
            default:
                let scalar = Unicode.Scalar(value)!
                return (scalar, SearchCharacterClass(scalar))
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
