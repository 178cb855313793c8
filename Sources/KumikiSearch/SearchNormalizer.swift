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
    /// them.
    static func forEachCharacter(_ text: String, _ body: (Unicode.Scalar, SearchCharacterClass) -> Void) {
        withCharacters(text) { characters in
            while let (scalar, kind) = characters.next() { body(scalar, kind) }
        }
    }

    /// Lends `body` the normalised text's characters to read one at a time:
    /// the indexer cuts a site's text into terms as it reads them, with its
    /// state in local variables (a closure called per character cost more
    /// than the folding).
    ///
    /// Most text holds only characters whose NFKC form and lower case are
    /// known by range (`isFoldedByHand`): it is folded on its own UTF-8
    /// bytes as they are decoded. Other text goes through Foundation's NFKC
    /// and lower case of the whole text first.
    static func withCharacters(_ text: String, _ body: (inout FoldedCharacters) -> Void) {
        var text = text
        let byHand = text.withUTF8 { bytes in
            var characters = FoldedCharacters(bytes)
            return characters.allFoldedByHand()
        }
        var folded = byHand ? text : foldedByUnicode(text)
        folded.withUTF8 { bytes in
            var characters = FoldedCharacters(bytes)
            body(&characters)
        }
    }

    /// The text folded by Unicode's rules, NFKC then lower case, for text
    /// that cannot be folded by hand.
    static func foldedByUnicode(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased()
    }

    /// `forEachCharacter` through the general rules, NFKC and lower case of
    /// the whole text, whatever it holds (a test compares the two).
    static func forEachCharacterFoldingAll(_ text: String, _ body: (Unicode.Scalar, SearchCharacterClass) -> Void) {
        var folded = foldedByUnicode(text)
        folded.withUTF8 { bytes in
            var characters = FoldedCharacters(bytes)
            while let (scalar, kind) = characters.next() { body(scalar, kind) }
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
        // Most of a site is ASCII, kanji and kana: those are asked first.
        if value < 0x80 || (value >= 0x4E00 && value <= 0x9FFF) { return true }
        if value >= 0x3041 && value <= 0x30FC { return value <= 0x3096 || value >= 0x30A1 }
        switch value {
        case 0xD7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2212, 0x3000,
             0x3001...0x3002, 0x3005...0x3006, 0x3008...0x3011, 0xFF01...0xFF5E:
            return true
        default:
            return false
        }
    }
}
