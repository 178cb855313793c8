import KumikiSupport
import KumikiMarkdown

/// A row of a page as a reviewer compares it: what each language says,
/// and whether it is translated and up to date.
///
/// Rows are the page's segments (`BilingualSegment`), under their row
/// anchors (`RowAnchor`): bilingual rows and headings, blocks written in
/// one language, layout blocks (by their title), and other blocks shown
/// to both columns (code, images), whose text counts for both languages.
struct ReviewedRow: Sendable, Equatable {
    enum Kind: String, Sendable {
        case heading, text, layout, block
    }

    var kind: Kind
    /// The id of the row's element on the built page.
    var anchor: String
    /// What the row says in each language (its HTML, links as written);
    /// `nil` when the language is missing.
    var english: String?
    var japanese: String?
    /// The row's words in each language, shortened, for people.
    var excerpt: Bilingual<String>
    /// The row's words in each language, whole, on one line (`""` when the
    /// language is missing): what the HTML report marks word by word.
    var words: Bilingual<String> = Bilingual("", "")
    var untranslated: Bool
    var outdated: Bool

    /// Whether `other` is the same row, word for word in both languages.
    func isSame(as other: ReviewedRow) -> Bool {
        kind == other.kind && english == other.english && japanese == other.japanese
    }

    /// Whether `other` is this row with one language changed.
    func sharesALanguage(with other: ReviewedRow) -> Bool {
        kind == other.kind && (english != nil && english == other.english || japanese != nil && japanese == other.japanese)
    }
}

extension ReviewedRow {
    /// The rows of `page`, with the translation state `translations` gives.
    /// - Parameter layoutTitles: a layout block's title, by segment index.
    static func rows(of page: Page, translations: PageTranslations, layoutTitles: [Int: Bilingual<String>?]) -> [ReviewedRow] {
        let renderer = HTMLRenderer(allowsRawHTML: true)
        let anchors = page.segmentAnchors
        let outdated = Set(translations.gaps.filter { $0.kind == .outdated }.map(\.segmentIndex))
        let untranslated = Set(translations.gaps.filter { $0.kind == .untranslated }.map(\.segmentIndex))
        var rows: [ReviewedRow] = []
        for (index, segment) in page.segments.enumerated() {
            var row: ReviewedRow
            switch segment {
            case .row(let en, let ja):
                row = ReviewedRow(kind: Self.kind(of: en), anchor: anchors[index], english: renderer.render(en),
                                  japanese: renderer.render(ja), excerpt: Bilingual(excerpt(en), excerpt(ja)),
                                  untranslated: false, outdated: false)
            case .untranslated(let node, let script):
                let text = renderer.render(node)
                let words = excerpt(node)
                row = ReviewedRow(kind: Self.kind(of: node), anchor: anchors[index],
                                  english: script == .japanese ? nil : text, japanese: script == .japanese ? text : nil,
                                  excerpt: script == .japanese ? Bilingual("", words) : Bilingual(words, ""),
                                  untranslated: true, outdated: false)
            case .span(let node):
                if let title = layoutTitles[index] {
                    let english = title?.english ?? "", japanese = title?.japanese ?? ""
                    row = ReviewedRow(kind: .layout, anchor: anchors[index], english: english, japanese: japanese,
                                      excerpt: Bilingual(english, japanese), untranslated: false, outdated: false)
                } else {
                    let text = renderer.render(node)
                    let words = excerpt(node)
                    row = ReviewedRow(kind: .block, anchor: anchors[index], english: text, japanese: text,
                                      excerpt: Bilingual(words, words), untranslated: false, outdated: false)
                }
            }
            row.words = Self.words(of: segment, layoutTitle: layoutTitles[index])
            row.outdated = outdated.contains(index)
            row.untranslated = row.untranslated || untranslated.contains(index)
            rows.append(row)
        }
        return rows
    }

    private static func kind(of node: MarkdownNode) -> Kind {
        if case .heading = node.kind { return .heading }
        return .text
    }

    /// A block's words on one line, at most 80 characters.
    private static func excerpt(_ node: MarkdownNode) -> String {
        let words = line(node)
        return words.count > 80 ? String(words.prefix(79)) + "…" : words
    }

    /// A block's words on one line.
    private static func line(_ node: MarkdownNode) -> String {
        node.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func words(of segment: BilingualSegment, layoutTitle: Bilingual<String>??) -> Bilingual<String> {
        switch segment {
        case .row(let en, let ja): return Bilingual(line(en), line(ja))
        case .untranslated(let node, let script): return script == .japanese ? Bilingual("", line(node)) : Bilingual(line(node), "")
        case .span(let node):
            if let title = layoutTitle { return Bilingual(title?.english ?? "", title?.japanese ?? "") }
            return Bilingual(line(node), line(node))
        }
    }
}
