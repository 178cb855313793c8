import KumikiSupport
import KumikiMarkdown
import KumikiSearch

extension Page {
    /// The page's rows as search indexes them: the title (and summary) first,
    /// linked to the page itself, then every segment with words, under its
    /// row anchor. Headings, paragraphs, lists, quotes and captions give
    /// their text; fenced blocks give what their handler read in them
    /// (`blockTexts`, by segment index: layout blocks' titles and view
    /// labels, device names), and other code nothing. Raw HTML is text as
    /// the page shows it unless the site lets it through (`showingHTML`).
    ///
    /// `anchors` are the page's `segmentAnchors`, when the caller has them
    /// already (the render stage does).
    func searchRows(blockTexts: [Int: Bilingual<String>], showingHTML: Bool, anchors: [String]? = nil) -> [SearchRow] {
        let text = { (node: MarkdownNode) in showingHTML ? node.plainTextShowingHTML : node.plainText }
        var rows: [SearchRow] = []
        rows.reserveCapacity(segments.count + 2)
        rows.append(SearchRow(anchor: "", section: 0, english: title.english, japanese: title.japanese, isHeading: true))
        let summary = frontMatter.summary
        if summary.english != nil || summary.japanese != nil {
            rows.append(SearchRow(anchor: "", section: 0, english: summary.english ?? "", japanese: summary.japanese ?? "",
                                  isHeading: false))
        }
        var section = 0
        for (index, (segment, anchor)) in zip(segments, anchors ?? segmentAnchors).enumerated() {
            var english = "", japanese = "", isHeading = false
            switch segment {
            case .row(let en, let ja):
                (english, japanese) = (text(en), text(ja))
                if case .heading = en.kind { isHeading = true }
            case .untranslated(let node, let script):
                if script == .japanese { japanese = text(node) } else { english = text(node) }
                if case .heading = node.kind { isHeading = true }
            case .span(let node):
                if case .codeBlock = node.kind {
                    guard let text = blockTexts[index] else { continue }
                    (english, japanese) = (text.english, text.japanese)
                } else {
                    english = text(node)
                }
            }
            if english.isEmpty && japanese.isEmpty { continue }
            if isHeading { section = rows.count }
            rows.append(SearchRow(anchor: anchor, section: section, english: english, japanese: japanese,
                                  isHeading: isHeading))
        }
        return rows
    }

    /// The words each fenced block gives search, by segment index, read
    /// from the blocks the build finds (`FencedBlockFinder`): for a page
    /// indexed without being rendered.
    func blockSearchTexts(handlers: [String: FencedBlockHandler]) -> [Int: Bilingual<String>] {
        var finder = FencedBlockFinder(handlerNames: Set(handlers.keys), document: document)
        var texts: [Int: Bilingual<String>] = [:]
        for (index, segment) in segments.enumerated() {
            guard case .span(let node) = segment, case .block(let block)? = finder.find(in: node),
                  let text = handlers[block.name]?.prepare(block).searchText else { continue }
            texts[index] = text
        }
        return texts
    }
}
