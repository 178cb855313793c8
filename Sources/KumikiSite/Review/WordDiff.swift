/// The words that changed between two versions of a row's text in one
/// language, for the HTML report to mark.
///
/// English (and any text written with spaces) is compared word by word,
/// spaces and punctuation being words of their own; Japanese, which has no
/// spaces, character by character. Marked pieces next to each other are
/// joined, so a changed Japanese phrase is marked as one run of
/// characters. The pairing is `SequenceAlignment`'s, as rows are paired.
struct WordDiff: Equatable {
    struct Piece: Equatable {
        var text: String
        var changed: Bool
    }

    /// The text before the change, the words the change took away marked.
    var before: [Piece]
    /// The text after the change, the words the change brought marked.
    var after: [Piece]

    init(_ old: String, _ new: String) {
        let oldWords = Self.words(old), newWords = Self.words(new)
        var oldChanged = [Bool](repeating: true, count: oldWords.count)
        var newChanged = [Bool](repeating: true, count: newWords.count)
        for step in SequenceAlignment.align(oldWords, newWords, same: ==, likenesses: []) {
            if case .same(let i, let j) = step {
                oldChanged[i] = false
                newChanged[j] = false
            }
        }
        before = Self.pieces(oldWords, oldChanged)
        after = Self.pieces(newWords, newChanged)
    }

    /// `text` cut into words: runs of letters and digits of a script
    /// written with spaces, each other character (a space, a mark, a kana,
    /// a kanji) on its own.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var run = ""
        for character in text {
            if character.isSpacedWordCharacter {
                run.append(character)
            } else {
                if !run.isEmpty { words.append(run) }
                run = ""
                words.append(String(character))
            }
        }
        if !run.isEmpty { words.append(run) }
        return words
    }

    private static func pieces(_ words: [String], _ changed: [Bool]) -> [Piece] {
        var pieces: [Piece] = []
        for (word, isChanged) in zip(words, changed) {
            if let last = pieces.last, last.changed == isChanged {
                pieces[pieces.count - 1].text += word
            } else {
                pieces.append(Piece(text: word, changed: isChanged))
            }
        }
        return pieces
    }
}

private extension Character {
    /// A letter or digit of a script whose words are separated by spaces
    /// (Latin, Greek, Cyrillic…): below the CJK blocks.
    var isSpacedWordCharacter: Bool {
        guard let scalar = unicodeScalars.first, scalar.value < 0x2E80 else { return false }
        return isLetter || isNumber || self == "'" || self == "’"
    }
}
