import KumikiSupport
import KumikiMarkdown

/// A row of a page as a reviewer compares it: what each language says,
/// and whether it is translated and up to date.
///
/// Rows are the page's title (under `main`, the id of the element it
/// heads), then its segments (`BilingualSegment`) under their row anchors
/// (`RowAnchor`): bilingual rows and headings, blocks written in one
/// language, layout blocks (by their title), `tokens` blocks (by the table
/// they draw), and other blocks shown to both columns (code, images),
/// whose text counts for both languages.
struct ReviewedRow: Sendable {
    enum Kind: String, Sendable {
        case title, heading, text, layout, tokens, block
    }

    /// A fenced block that a reader sees as something other than its text.
    enum DrawnBlock: Sendable {
        /// A layout block, read by its title (`nil` without one); its
        /// drawing is compared as a block (`ReviewedBlock`).
        case layout(title: Bilingual<String>?)
        /// A `tokens` block: the table drawn from the token files, and the
        /// shown tokens' names and values on one line.
        case table(html: String, words: String)
    }

    /// What a row is made of, kept so that its words are worked out only
    /// for the rows a diff shows (for every row of a thousand changed
    /// pages they were most of the diff).
    enum Source: Sendable {
        case title(Bilingual<String>)
        case segment(BilingualSegment, DrawnBlock?)
    }

    /// The anchor of the title row: the page's `main` element, which the
    /// title heads (the title itself has no id).
    static let titleAnchor = "main"

    var kind: Kind
    /// The id of the row's element on the built page.
    var anchor: String
    /// What the row says in each language (its HTML, links as written);
    /// `nil` when the language is missing.
    var english: String?
    var japanese: String?
    var source: Source
    var untranslated: Bool
    var outdated: Bool
    /// Whether the page shows raw HTML as text (a site without
    /// `raw_html`), so that its tags are words the reader sees.
    var showsHTMLAsText = false

    /// Whether `other` is the same row, word for word in both languages.
    func isSame(as other: ReviewedRow) -> Bool {
        kind == other.kind && english == other.english && japanese == other.japanese
    }

    /// Whether `other` is this row with one language changed.
    func sharesALanguage(with other: ReviewedRow) -> Bool {
        kind == other.kind && (english != nil && english == other.english || japanese != nil && japanese == other.japanese)
    }

    /// The row's words in each language, whole, on one line (`""` when the
    /// language is missing): what the HTML report marks word by word.
    var words: Bilingual<String> {
        switch source {
        case .title(let title): return title
        case .segment(.row(let en, let ja), _): return Bilingual(line(en), line(ja))
        case .segment(.untranslated(let node, let script), _):
            return script == .japanese ? Bilingual("", line(node)) : Bilingual(line(node), "")
        case .segment(.span(let node), let drawn):
            switch drawn {
            case .layout(let title)?: return Bilingual(title?.english ?? "", title?.japanese ?? "")
            case .table(_, let shown)?: return Bilingual(line(node) + " " + shown, line(node) + " " + shown)
            case nil: return Bilingual(line(node), line(node))
            }
        }
    }

    /// The row's words in each language, shortened, for people.
    var excerpt: Bilingual<String> {
        switch source {
        case .title(let title): return title
        case .segment(.span, .layout?): return words
        default:
            let words = words
            return Bilingual(Self.shortened(words.english), Self.shortened(words.japanese))
        }
    }
}

extension ReviewedRow {
    /// The rows of `page`, with the translation state `translations` gives.
    /// - Parameters:
    ///   - drawnBlocks: the layout and `tokens` blocks, by segment index.
    ///   - showingHTMLAsText: whether the site shows raw HTML as text
    ///     (`ReviewedRow.showsHTMLAsText`).
    ///   - isHome: whether the page is the home page, whose title is the
    ///     site's (`kumiki.yml`), not a row of its own.
    static func rows(of page: Page, translations: PageTranslations, drawnBlocks: [Int: DrawnBlock],
                     showingHTMLAsText: Bool, isHome: Bool = false) -> [ReviewedRow] {
        let renderer = HTMLRenderer(allowsRawHTML: true)
        let anchors = page.segmentAnchors
        let outdated = Set(translations.gaps.filter { $0.kind == .outdated }.map(\.segmentIndex))
        let untranslated = Set(translations.gaps.filter { $0.kind == .untranslated }.map(\.segmentIndex))
        // The title as the page shows it (`title`, `title_ja`, or what
        // stands in for a missing one).
        let title = page.title
        var rows = isHome ? [] : [ReviewedRow(kind: .title, anchor: titleAnchor, english: title.english, japanese: title.japanese,
                                              source: .title(title), untranslated: false, outdated: false)]
        for (index, segment) in page.segments.enumerated() {
            let drawn = drawnBlocks[index]
            var row: ReviewedRow
            switch segment {
            case .row(let en, let ja):
                row = ReviewedRow(kind: Self.kind(of: en), anchor: anchors[index], english: renderer.render(en),
                                  japanese: renderer.render(ja), source: .segment(segment, drawn), untranslated: false, outdated: false)
            case .untranslated(let node, let script):
                let text = renderer.render(node)
                row = ReviewedRow(kind: Self.kind(of: node), anchor: anchors[index],
                                  english: script == .japanese ? nil : text, japanese: script == .japanese ? text : nil,
                                  source: .segment(segment, drawn), untranslated: true, outdated: false)
            case .span(let node):
                switch drawn {
                case .layout(let title)?:
                    row = ReviewedRow(kind: .layout, anchor: anchors[index], english: title?.english ?? "",
                                      japanese: title?.japanese ?? "", source: .segment(segment, drawn),
                                      untranslated: false, outdated: false)
                case .table(let html, _)?:
                    // Its text and the table it draws: a value changed in
                    // the token files changes the row.
                    let text = renderer.render(node) + html
                    row = ReviewedRow(kind: .tokens, anchor: anchors[index], english: text, japanese: text,
                                      source: .segment(segment, drawn), untranslated: false, outdated: false)
                case nil:
                    let text = renderer.render(node)
                    row = ReviewedRow(kind: .block, anchor: anchors[index], english: text, japanese: text,
                                      source: .segment(segment, drawn), untranslated: false, outdated: false)
                }
            }
            row.showsHTMLAsText = showingHTMLAsText
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

    /// `words`, at most 80 characters.
    private static func shortened(_ words: String) -> String {
        words.count > 80 ? String(words.prefix(79)) + "…" : words
    }

    /// A block's words on one line, as its page shows them.
    private func line(_ node: MarkdownNode) -> String {
        (showsHTMLAsText ? node.plainTextShowingHTML : node.plainText).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
