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
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        var characters: [(scalar: Unicode.Scalar, kind: SearchCharacterClass)] = []
        characters.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars {
            switch scalar.value {
            case 0x30FC, 0x30FB:  // ー ・
                continue
            case 0x30A1...0x30F6:  // katakana letters → hiragana
                characters.append((Unicode.Scalar(scalar.value - 0x60)!, .katakana))
            default:
                characters.append((scalar, SearchCharacterClass(scalar)))
            }
        }
        return characters
    }
}
