/// The classes of character the tokenizer tells apart.
enum SearchCharacterClass: Equatable {
    /// Latin letters and digits: parts of words.
    case word
    case hiragana
    case katakana
    case kanji
    /// Everything else: spaces, punctuation, symbols.
    case separator

    /// Inlined into the tokenizer's loop: the ranges every site is mostly
    /// made of are told apart here, and only the rest ask Unicode's tables.
    @inline(__always)
    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: self = .word
        case 0x00...0x7F: self = .separator
        case 0x3041...0x309F: self = .hiragana
        case 0x30A1...0x30FF, 0x31F0...0x31FF: self = .katakana
        case 0x3005, 0x3006, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x2FFFF: self = .kanji
        // The ideographic comma, full stop and brackets, in every Japanese
        // sentence: punctuation, known without asking Unicode's tables.
        case 0x3001, 0x3002, 0x3008...0x3011: self = .separator
        default: self = Self.byProperties(scalar)
        }
    }

    private static func byProperties(_ scalar: Unicode.Scalar) -> SearchCharacterClass {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? .word : .separator
    }

    var isJapanese: Bool { self == .hiragana || self == .katakana || self == .kanji }
}
