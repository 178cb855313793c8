import KumikiSupport
import KumikiMarkdown
import KumikiSearch

extension Page {
    /// The page's rows as search indexes them: the title (and summary) first,
    /// linked to the page itself, then every segment with words, under its
    /// row anchor. Headings, paragraphs, lists, quotes and captions give
    /// their text; fenced blocks give what their handler's `searchText`
    /// says (layout blocks' titles and view labels, device names).
    func searchRows(handlers: [String: FencedBlockHandler]) -> [SearchRow] {
        var rows = [SearchRow(anchor: "", section: 0, english: title.english, japanese: title.japanese, isHeading: true)]
        let summary = frontMatter.summary
        if summary.english != nil || summary.japanese != nil {
            rows.append(SearchRow(anchor: "", section: 0, english: summary.english ?? "", japanese: summary.japanese ?? "",
                                  isHeading: false))
        }
        var section = 0
        for (segment, anchor) in zip(segments, segmentAnchors) {
            var english = "", japanese = "", isHeading = false
            switch segment {
            case .row(let en, let ja):
                (english, japanese) = (en.plainText, ja.plainText)
                if case .heading = en.kind { isHeading = true }
            case .untranslated(let node, let script):
                if script == .japanese { japanese = node.plainText } else { english = node.plainText }
                if case .heading = node.kind { isHeading = true }
            case .span(let node):
                if case .codeBlock(let info, let literal, _) = node.kind {
                    let name = String(info.split(separator: " ").first ?? "")
                    guard let searchText = handlers[name]?.searchText, let start = node.start else { continue }
                    let block = FencedBlock(info: info, text: literal, start: start,
                                            firstLine: SourceLocation(file: start.file, line: start.line + 1, column: 1),
                                            index: 1)
                    let text = searchText(block)
                    (english, japanese) = (text.english, text.japanese)
                } else {
                    english = node.plainText
                }
            }
            if english.isEmpty && japanese.isEmpty { continue }
            if isHeading { section = rows.count }
            rows.append(SearchRow(anchor: anchor, section: section, english: english, japanese: japanese,
                                  isHeading: isHeading))
        }
        return rows
    }

    /// The page's entries for the site's search index.
    func searchEntries(handlers: [String: FencedBlockHandler]) -> PageSearchEntries {
        PageSearchEntries(slug: slug, rows: searchRows(handlers: handlers))
    }
}
