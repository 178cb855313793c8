/// The language a block of text is written in, as far as Kumiki needs to know.
public enum Script: String, Sendable, Hashable {
    case english = "en"
    case japanese = "ja"
    /// No words at all: code, numbers, images, rules. Spans both columns.
    case neutral
}

extension Unicode.Scalar {
    /// Kana, kanji and the iteration marks: the letters of Japanese text.
    public var isJapaneseLetter: Bool {
        switch value {
        case 0x3040...0x309F,  // hiragana
             0x30A0...0x30FF,  // katakana (includes the prolonged sound mark ー)
             0x31F0...0x31FF,  // katakana phonetic extensions
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFF66...0xFF9F,  // half-width katakana
             0x3005, 0x3006, 0x3007:  // 々 〆 〇
            return true
        default:
            return false
        }
    }

    /// A letter of a Latin-script word (ASCII or accented).
    var isLatinLetter: Bool {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return value != 0xD7 && value != 0xF7
        default: return false
        }
    }
}

/// Decides whether a block is English, Japanese or neutral.
///
/// The rule: count the Japanese letters (kana and kanji) and the Latin
/// words (runs of Latin letters) of the block's prose, code spans left out.
/// A block with neither is neutral. A block is Japanese when its Japanese
/// letters are at least as many as its Latin words, English otherwise. A
/// Japanese sentence keeps its class with a few English terms in it
/// (`Auto Layout を使うと…`: 6 letters against 2 words), and an English
/// sentence that quotes a Japanese word keeps its own (`the word 組木 means
/// joinery`: 2 letters against 4 words).
public enum ScriptClassifier {
    public static func classify(_ text: String) -> Script {
        var japaneseLetters = 0
        var latinWords = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if scalar.isJapaneseLetter {
                japaneseLetters += 1
                inWord = false
            } else if scalar.isLatinLetter {
                if !inWord { latinWords += 1 }
                inWord = true
            } else if scalar == "'" || scalar == "’" || scalar == "-" {
                // Keep "don't" and "full-screen" one word.
                continue
            } else {
                inWord = false
            }
        }
        if japaneseLetters == 0 && latinWords == 0 { return .neutral }
        return japaneseLetters >= latinWords ? .japanese : .english
    }
}
