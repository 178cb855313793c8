/// Whether a run of `*` or `_` can open or close emphasis, by the
/// "markdown-cjk-friendly" amendment to CommonMark's flanking rules.
///
/// CommonMark refuses `**` between a punctuation mark and a letter on the
/// outside (`**「強調」**です`), which Japanese and Chinese, written without
/// spaces, meet all the time. The amendment lets a run open or close there
/// when the neighbour is a CJK character. For text without CJK characters
/// (and without variation selectors) the definitions reduce to CommonMark's
/// own, so English keeps its exact behaviour.
struct DelimiterFlanking {
    /// The character before the run and the one before that (a variation
    /// selector is read together with the character it modifies); `nil` at
    /// the start of the line, which counts as whitespace.
    var before: Unicode.Scalar?
    var beforeThat: Unicode.Scalar?
    /// The character after the run; `nil` at the end of the line.
    var after: Unicode.Scalar?

    /// What precedes the run, as the amendment's definitions tell it apart.
    private enum Preceding {
        case whitespace
        case nonCJKPunctuation
        case cjk
        case ideographicVariationSelector
        case other
    }

    private var preceding: Preceding {
        guard let before, !before.isMarkdownWhitespace else { return .whitespace }
        if before.isIdeographicVariationSelector { return .ideographicVariationSelector }
        // A variation selector is read with the character it follows.
        let base = before.isGeneralVariationSelector ? beforeThat : before
        guard let base else { return .other }
        // A quotation mark with U+FE01 asks for its full-width form: the
        // amendment's "CJK ambiguous punctuation sequence".
        if before.value == 0xFE01, [0x2018, 0x2019, 0x201C, 0x201D].contains(base.value) { return .cjk }
        if base.isCJK { return .cjk }
        if base.isMarkdownPunctuation { return .nonCJKPunctuation }
        return .other
    }

    private var precededByPunctuation: Bool {
        guard let before else { return false }
        let base = before.isGeneralVariationSelector ? beforeThat : before
        return base?.isMarkdownPunctuation == true
    }

    private var followedByWhitespace: Bool { after.map(\.isMarkdownWhitespace) ?? true }
    private var followedByNonCJKPunctuation: Bool { after.map { $0.isMarkdownPunctuation && !$0.isCJK } ?? false }

    var isLeftFlanking: Bool {
        guard !followedByWhitespace else { return false }
        if !followedByNonCJKPunctuation { return true }
        switch preceding {
        case .whitespace, .nonCJKPunctuation, .cjk, .ideographicVariationSelector: return true
        case .other: return false
        }
    }

    var isRightFlanking: Bool {
        let preceding = self.preceding
        guard preceding != .whitespace else { return false }
        if preceding != .nonCJKPunctuation { return true }
        return followedByWhitespace || followedByNonCJKPunctuation || after?.isCJK == true
    }

    /// Whether a run of `character` can open emphasis. `_` may not open
    /// inside a word (`snake_case`).
    func canOpen(_ character: Character) -> Bool {
        let left = isLeftFlanking
        guard character == "_" else { return left }
        return left && (!isRightFlanking || precededByPunctuation)
    }

    /// Whether a run of `character` can close emphasis.
    func canClose(_ character: Character) -> Bool {
        let right = isRightFlanking
        guard character == "_" else { return right }
        return right && (!isLeftFlanking || after?.isMarkdownPunctuation == true)
    }
}
