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
        // Most text holds only characters NFKC and case folding leave alone
        // (ASCII but capitals, kana, unified kanji, common punctuation):
        // it skips both, which are most of the cost of indexing a page.
        let stable = text.unicodeScalars.allSatisfy(isStable)
        let folded = stable ? text : text.precomposedStringWithCompatibilityMapping.lowercased()
        for var scalar in folded.unicodeScalars {
            if stable, scalar.value >= 0x41, scalar.value <= 0x5A { scalar = Unicode.Scalar(scalar.value + 0x20)! }
            switch scalar.value {
            case 0x30FC, 0x30FB:  // ー ・
                continue
            case 0x30A1...0x30F6:  // katakana letters → hiragana
                body(Unicode.Scalar(scalar.value - 0x60)!, .katakana)
            default:
                body(scalar, SearchCharacterClass(scalar))
            }
        }
    }

    /// Characters that NFKC maps to themselves and that have no other case
    /// but ASCII capitals (lowered by hand): ASCII, the ideographic comma and
    /// full stop and brackets, kana without combining or compatibility
    /// forms, unified kanji, the multiplication sign, dashes and quotes.
    private static func isStable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x7F, 0xD7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2212,
             0x3001...0x3002, 0x3005...0x3006, 0x3008...0x3011, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FB, 0x30FC,
             0x4E00...0x9FFF:
            return true
        default:
            return false
        }
    }
}
