import Foundation

/// Brings text and queries to one form before they are cut into terms, so
/// that the ways people type the same word meet: NFKC (ｾｰﾌｴﾘｱ = セーフエリア,
/// ＩＰａｄ = iPad, ４４ = 44), lower case, katakana folded to hiragana, and
/// the prolonged sound mark and the middle dot dropped (インジケーター =
/// インジケータ). The index and the browser apply the same rules
/// (`search.js` mirrors this file).
public enum SearchNormalizer {
    /// The normalised text.
    public static func normalized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for character in characters(text) { scalars.append(character.scalar) }
        return String(scalars)
    }

    /// The normalised text's characters, each with the class it had before
    /// katakana was folded (the tokenizer weighs a query's terms by where
    /// its scripts change).
    static func characters(_ text: String) -> [(scalar: Unicode.Scalar, kind: SearchCharacterClass)] {
        var characters: [(scalar: Unicode.Scalar, kind: SearchCharacterClass)] = []
        characters.reserveCapacity(text.utf8.count)
        forEachCharacter(text) { characters.append(($0, $1)) }
        return characters
    }

    /// Calls `body` with each of the normalised text's characters and the
    /// class it had before katakana was folded, without making a list of
    /// them (the indexer cuts a site's text into terms as it goes).
    static func forEachCharacter(_ text: String, _ body: (Unicode.Scalar, SearchCharacterClass) -> Void) {
        // Most text holds only characters whose NFKC form and lower case are
        // known by range (`isFoldedByHand`): it is folded on its UTF-8 bytes
        // as they are decoded, without Foundation's NFKC and a second string,
        // which were most of the cost of indexing a page.
        var text = text
        let folded = text.withUTF8 { bytes -> Bool in
            var byHand = true
            forEachScalar(bytes) { value in if byHand, !isFoldedByHand(value) { byHand = false } }
            guard byHand else { return false }
            forEachScalar(bytes) { emit(foldedByHand($0), body) }
            return true
        }
        if !folded { forEachCharacterFoldingAll(text, body) }
    }

    /// `forEachCharacter` through the general rules: NFKC and lower case of
    /// the whole text, for any text.
    static func forEachCharacterFoldingAll(_ text: String, _ body: (Unicode.Scalar, SearchCharacterClass) -> Void) {
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            emit(scalar.value, body)
        }
    }

    /// A folded character to `body`: katakana as hiragana, the prolonged
    /// sound mark and the middle dot dropped.
    @inline(__always)
    private static func emit(_ value: UInt32, _ body: (Unicode.Scalar, SearchCharacterClass) -> Void) {
        switch value {
        case 0x30FC, 0x30FB:  // ー ・
            return
        case 0x30A1...0x30F6:  // katakana letters → hiragana
            body(Unicode.Scalar(value &- 0x60)!, .katakana)
        default:
            let scalar = Unicode.Scalar(value)!
            body(scalar, SearchCharacterClass(scalar))
        }
    }

    /// Calls `body` with the value of each Unicode scalar of valid UTF-8.
    @inline(__always)
    private static func forEachScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index < bytes.count {
            let lead = UInt32(base[index])
            if lead < 0x80 {
                body(lead)
                index += 1
            } else if lead < 0xE0 {
                body((lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F))
                index += 2
            } else if lead < 0xF0 {
                body((lead & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F))
                index += 3
            } else {
                body((lead & 0x07) << 18 | UInt32(base[index + 1] & 0x3F) << 12 | UInt32(base[index + 2] & 0x3F) << 6
                     | UInt32(base[index + 3] & 0x3F))
                index += 4
            }
        }
    }

    /// Whether a character's NFKC form and lower case are known without
    /// Unicode's tables, whatever stands beside it: the characters NFKC
    /// maps to themselves that have no other case but ASCII capitals (ASCII,
    /// the ideographic comma and full stop and brackets, kana without
    /// combining or compatibility forms, unified kanji, the multiplication
    /// sign, dashes and quotes), and the full-width forms of ASCII and the
    /// ideographic space, which NFKC maps to ASCII. None composes with a
    /// neighbour; a combining mark is not among them, so text with one takes
    /// the general rules.
    @inline(__always)
    static func isFoldedByHand(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x7F, 0xD7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2212, 0x3000,
             0x3001...0x3002, 0x3005...0x3006, 0x3008...0x3011, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FB, 0x30FC,
             0x4E00...0x9FFF, 0xFF01...0xFF5E:
            return true
        default:
            return false
        }
    }

    /// NFKC and lower case of a character `isFoldedByHand` accepts.
    @inline(__always)
    private static func foldedByHand(_ value: UInt32) -> UInt32 {
        var value = value
        if value >= 0xFF01, value <= 0xFF5E { value &-= 0xFEE0 }  // full-width ASCII
        if value == 0x3000 { return 0x20 }  // ideographic space
        return value >= 0x41 && value <= 0x5A ? value &+ 0x20 : value
    }
}
