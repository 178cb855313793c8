/// The character classes of the "markdown-cjk-friendly" proposal
/// (github.com/tats-u/markdown-cjk-friendly, `specification.md` and
/// `ranges.md`, Unicode 16), and the CommonMark 0.30 classes they amend.
///
/// Swift's `Unicode.Scalar.Properties` has no East Asian Width, so the CJK
/// class is the proposal's table of ranges: East Asian Width W, F or H
/// without default emoji presentation, plus the Hangul script. It covers
/// every ideograph plane (Extension B onwards is U+20000–U+3FFFD), the
/// compatibility ideographs, CJK punctuation and the full-width and
/// half-width forms.
extension Unicode.Scalar {
    /// A CJK character in the proposal's sense (letters and punctuation).
    public var isCJK: Bool {
        switch value {
        case 0x1100...0x11FF, 0x20A9, 0x2329...0x232A, 0x2630...0x2637, 0x268A...0x268F,
             0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E,
             0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
             0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C,
             0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6,
             0xD7CB...0xD7FB, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52,
             0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFFBE, 0xFFC2...0xFFC7,
             0xFFCA...0xFFCF, 0xFFD2...0xFFD7, 0xFFDA...0xFFDC, 0xFFE0...0xFFE6,
             0xFFE8...0xFFEE, 0x16FE0...0x16FE4, 0x16FF0...0x16FF6, 0x17000...0x18CD5,
             0x18CFF...0x18D1E, 0x18D80...0x18DF2, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB,
             0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132, 0x1B150...0x1B152, 0x1B155,
             0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376,
             0x1F200, 0x1F202, 0x1F210...0x1F219, 0x1F21B...0x1F22E, 0x1F230...0x1F231,
             0x1F237, 0x1F23B, 0x1F240...0x1F248, 0x1F260...0x1F265, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Hangul letters (jamo, compatibility jamo, syllables, half-width
    /// forms). Korean separates words with spaces, so a line break between
    /// two Hangul letters is a space, unlike Chinese and Japanese.
    public var isHangul: Bool {
        switch value {
        case 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC:
            return true
        default:
            return false
        }
    }

    /// A variation selector U+FE00–U+FE0E: it may follow a CJK character
    /// (U+FE0F, the emoji presentation selector, is left out).
    public var isGeneralVariationSelector: Bool { (0xFE00...0xFE0E).contains(value) }

    /// An ideographic variation selector, U+E0100–U+E01EF.
    public var isIdeographicVariationSelector: Bool { (0xE0100...0xE01EF).contains(value) }

    /// CommonMark 0.30's Unicode whitespace: the Zs category, tab, line
    /// feed, form feed and carriage return.
    var isMarkdownWhitespace: Bool {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return properties.generalCategory == .spaceSeparator
        }
    }

    /// CommonMark 0.30's punctuation (the version libcmark 0.30.2
    /// implements): ASCII punctuation and the Unicode P* categories.
    var isMarkdownPunctuation: Bool {
        if value < 0x80 {
            return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value)
                || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
        }
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// A CJK character where a line break is not a space: CJK, Hangul left
    /// out.
    var joinsAcrossLineBreaks: Bool { isCJK && !isHangul }
}
