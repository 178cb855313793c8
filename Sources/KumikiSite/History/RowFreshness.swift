import KumikiSupport
import KumikiMarkdown

/// Finds a page's rows whose source language changed after their
/// translation, and its untranslated blocks, from the stamps of its lines.
///
/// A row's language is as new as the newest line of its block. Only the
/// source language (`source_language`, English unless the site says
/// otherwise) changing after the translation makes a gap: the translation
/// changing last is a translator catching up. A line
/// holding both languages (a heading `English(日本語)`, a layout block's
/// title or labels) is dated half by half. Both languages changed in one
/// commit is not a gap; an acknowledged row (`TranslationAcknowledgements`)
/// is not one until either language changes again.
struct RowFreshness {
    var page: Page
    /// The page's line stamps; `nil` without history (then only
    /// untranslated blocks are found, undated).
    var history: (site: SiteHistory, stamps: [LineStamp], lastCommit: Int32)?
    var acknowledgements: TranslationAcknowledgements
    /// The language rows are translated from.
    var source: Script = .english
    /// The anchors of the page's rows, by segment index.
    var anchors: [Int: String]

    func translations() -> PageTranslations {
        var result = PageTranslations(lastChange: history.map { $0.site.change($0.lastCommit) })
        let source = page.document.source
        for (index, segment) in page.segments.enumerated() {
            switch segment {
            case .row(let en, let ja):
                if let gap = rowGap(english: en, japanese: ja, index: index) { result.gaps.append(gap) }
            case .untranslated(let node, let script):
                guard let start = node.start else { continue }
                let text = excerpt(node)
                result.gaps.append(TranslationGap(
                    kind: .untranslated, behind: script == .english ? "ja" : "en", location: start, anchor: anchors[index],
                    english: script == .english ? text : "", japanese: script == .japanese ? text : "",
                    newer: newest(lines(of: node), half: \.line), older: nil, segmentIndex: index))
            case .span(let node):
                guard case .codeBlock(let info, _, _) = node.kind, info.hasPrefix("layout"),
                      let start = node.start?.line, let end = node.endLine, start < end else { continue }
                for line in (start + 1)..<end {
                    if let gap = lineGap(source.line(line), line: line, index: index) { result.gaps.append(gap) }
                }
            }
        }
        return result
    }

    private func rowGap(english: MarkdownNode, japanese: MarkdownNode, index: Int) -> TranslationGap? {
        guard let history, let enStart = english.start, let jaStart = japanese.start else { return nil }
        if enStart.line == jaStart.line {
            return lineGap(page.document.source.line(enStart.line), line: enStart.line, index: index)
        }
        let enLines = lines(of: english), jaLines = lines(of: japanese)
        let enStamp = newestIndex(enLines, half: \.line), jaStamp = newestIndex(jaLines, half: \.line)
        guard isGap(english: enStamp, japanese: jaStamp) else { return nil }
        let hash = TranslationAcknowledgements.rowHash(english: text(enLines), japanese: text(jaLines))
        guard !acknowledgements.contains(rowHash: hash) else { return nil }
        let englishBehind = enStamp < jaStamp
        return TranslationGap(
            kind: .outdated, behind: englishBehind ? "en" : "ja", location: englishBehind ? enStart : jaStart,
            anchor: anchors[index], english: excerpt(english), japanese: excerpt(japanese),
            newer: history.site.change(max(enStamp, jaStamp)), older: history.site.change(min(enStamp, jaStamp)),
            segmentIndex: index)
    }

    /// A line holding both languages whose halves changed apart.
    private func lineGap(_ text: Substring, line: Int, index: Int) -> TranslationGap? {
        guard let history, history.stamps.indices.contains(line - 1), let halves = BilingualLine(text) else { return nil }
        let stamp = history.stamps[line - 1]
        guard isGap(english: stamp.english, japanese: stamp.japanese) else { return nil }
        let hash = TranslationAcknowledgements.rowHash(english: String(halves.english), japanese: String(halves.japanese))
        guard !acknowledgements.contains(rowHash: hash) else { return nil }
        let englishBehind = stamp.english < stamp.japanese
        let column = (englishBehind ? halves.englishOffset : halves.japaneseOffset) + 1
        return TranslationGap(
            kind: .outdated, behind: englishBehind ? "en" : "ja",
            location: SourceLocation(file: page.displayPath, line: line, column: column), anchor: anchors[index],
            english: String(halves.english), japanese: String(halves.japanese),
            newer: history.site.change(max(stamp.english, stamp.japanese)),
            older: history.site.change(min(stamp.english, stamp.japanese)), segmentIndex: index)
    }

    /// Whether the source language changed after the translation.
    private func isGap(english: Int32, japanese: Int32) -> Bool {
        source == .japanese ? japanese > english : english > japanese
    }

    /// The row that holds `line` (a block of a bilingual row, or a line of
    /// a layout block holding both languages): its hash and first words.
    func row(at line: Int) -> (hash: String, excerpt: String)? {
        let source = page.document.source
        for segment in page.segments {
            switch segment {
            case .row(let en, let ja):
                let enLines = lines(of: en), jaLines = lines(of: ja)
                guard enLines.contains(line) || jaLines.contains(line) else { continue }
                if en.start?.line == ja.start?.line, let halves = BilingualLine(source.line(line)) {
                    return (TranslationAcknowledgements.rowHash(english: String(halves.english), japanese: String(halves.japanese)),
                            String(halves.english))
                }
                return (TranslationAcknowledgements.rowHash(english: text(enLines), japanese: text(jaLines)), excerpt(en))
            case .span(let node):
                guard case .codeBlock(let info, _, _) = node.kind, info.hasPrefix("layout"),
                      let start = node.start?.line, let end = node.endLine, start < line, line < end,
                      let halves = BilingualLine(source.line(line)) else { continue }
                return (TranslationAcknowledgements.rowHash(english: String(halves.english), japanese: String(halves.japanese)),
                        String(halves.english))
            case .untranslated:
                continue
            }
        }
        return nil
    }

    /// The hashes of every row of the page, for keeping only the
    /// acknowledgements that still apply.
    func rowHashes() -> Set<String> {
        let lineCount = page.document.source.lines.count
        return Set((1...max(1, lineCount)).compactMap { row(at: $0)?.hash })
    }

    /// The lines a block covers: each item's own lines for a list (a list
    /// split into two languages interleaves them).
    private func lines(of node: MarkdownNode) -> [Int] {
        if case .list = node.kind, !node.children.isEmpty, node.children.allSatisfy({ $0.start != nil }) {
            return node.children.flatMap { item in Array(item.start!.line...max(item.start!.line, item.endLine ?? item.start!.line)) }
        }
        guard let start = node.start?.line else { return [] }
        return Array(start...max(start, node.endLine ?? start))
    }

    private func newestIndex(_ lines: [Int], half: KeyPath<LineStamp, Int32>) -> Int32 {
        guard let history else { return LineStamp.uncommitted }
        return lines.compactMap { history.stamps.indices.contains($0 - 1) ? history.stamps[$0 - 1][keyPath: half] : nil }.max()
            ?? LineStamp.uncommitted
    }

    private func newest(_ lines: [Int], half: KeyPath<LineStamp, Int32>) -> HistoryChange? {
        history.map { $0.site.change(newestIndex(lines, half: half)) }
    }

    private func text(_ lines: [Int]) -> String {
        lines.map { String(page.document.source.line($0)) }.joined(separator: "\n")
    }

    /// A block's words, shortened for a table.
    private func excerpt(_ node: MarkdownNode) -> String {
        let words = node.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 160 ? String(words.prefix(159)) + "…" : words
    }
}
