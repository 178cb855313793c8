import KumikiSupport
import KumikiTokens
import KumikiMarkdown

/// The descriptions a page's `tokens` blocks show, as rows to translate:
/// a token described in both languages is a translated row, one described
/// in one language an untranslated row, counted in the page's coverage and
/// listed for translators like any other. A token with no description
/// shows no words and counts for nothing.
struct TokenDescriptions {
    /// One token row of one block, with the anchor the block gives it.
    struct Row {
        var token: Token
        var anchor: String
        var block: FencedBlock
        /// The block's segment on its page.
        var segmentIndex: Int
    }

    var rows: [Row] = []

    /// The rows of `page`'s `tokens` blocks, block by block, each with the
    /// anchor `TokensBlock` gives it; none when the site has no tokens or
    /// the page's blocks name none.
    init(page: Page, tokens: SiteTokens?) {
        guard let tokens, page.tokenNames?.isEmpty != true else { return }
        let names = TokensBlock.TokenNames(tokens.set)
        var finder = FencedBlockFinder(handlerNames: [TokensBlock.name], document: page.document)
        var earlier: [[Token]] = []
        for (index, segment) in page.segments.enumerated() {
            guard case .span(let node) = segment else { continue }
            guard case .block(let block)? = finder.find(in: node) else { continue }
            let group = BlockOptions.parse(block, keys: TokensBlock.keys).0["group"]?.value.text ?? ""
            let shown = names.isGroup(group) ? TokensBlock(group: group).rows(in: tokens.set) : []
            let anchors = TokensBlock.anchors(shown, earlier: earlier)
            earlier.append(shown)
            for token in shown {
                rows.append(Row(token: token, anchor: anchors.rows[token.name] ?? "", block: block, segmentIndex: index))
            }
        }
    }

    /// The descriptions as rows: translated when both languages are there,
    /// untranslated when one is.
    var coverage: Coverage {
        var coverage = Coverage()
        for row in rows {
            switch (Self.english(row.token), Self.japanese(row.token)) {
            case (.some, .some): coverage.rows += 1
            case (.some, nil), (nil, .some): coverage.untranslated += 1
            case (nil, nil): break
            }
        }
        return coverage
    }

    /// Each description in one language only, at its block's fence, with
    /// the row's anchor; undated, since the text is in a token file, not in
    /// the page.
    var gaps: [TranslationGap] {
        rows.compactMap { row in
            let english = Self.english(row.token), japanese = Self.japanese(row.token)
            guard (english == nil) != (japanese == nil) else { return nil }
            return TranslationGap(
                kind: .untranslated, behind: japanese == nil ? "ja" : "en", location: row.block.start, anchor: row.anchor,
                english: english ?? "", japanese: japanese ?? "", newer: nil, older: nil, segmentIndex: row.segmentIndex)
        }
    }

    private static func english(_ token: Token) -> String? {
        token.description.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func japanese(_ token: Token) -> String? {
        token.japaneseDescription.flatMap { $0.isEmpty ? nil : $0 }
    }
}
