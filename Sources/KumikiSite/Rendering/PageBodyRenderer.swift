import Foundation
import KumikiSupport
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// Turns a page's bilingual segments into the HTML of its body.
///
/// The markup the templates and the stylesheet rely on:
/// - a row: `<div class="bi-row" id="ANCHOR"><div class="bi-col" lang="en">…</div><div class="bi-col" lang="ja">…</div></div>`
///   (`bi-row bi-heading` for a heading pair);
/// - a neutral block: `<div class="bi-span" id="ANCHOR">…</div>`, or what a
///   fenced-block handler made of it (with the anchor as its id);
/// - a block in one language: `bi-row bi-untranslated`, the missing column
///   `bi-col bi-missing` with a note in both languages;
/// - a row whose source language changed after its translation:
///   `bi-row bi-outdated`, the older column opening with a
///   `bi-outdated-note` (`TranslationMarks`).
///
/// Every segment carries its row anchor (`RowAnchor`) as its id.
struct PageBodyRenderer {
    var page: Page
    var links: LinkResolver
    var allowsRawHTML: Bool
    var handlers: [String: FencedBlockHandler]
    /// Where solved blocks are kept between builds; `nil` renders each.
    var session: BuildSession? = nil
    /// The Japanese typography rules the page's prose is checked against.
    var typography = JapaneseTypography()
    /// The page's possibly outdated rows, marked and reported.
    var translations = PageTranslations()

    struct Output {
        var html: String
        var diagnostics: [Diagnostic]
        var fencedBlockCount: Int
        /// The words each block gives search, by segment index.
        var blockSearchTexts: [Int: Bilingual<String>] = [:]
    }

    func render() -> Output {
        var diagnostics: [Diagnostic] = []
        let rewrites = linkRewrites(&diagnostics)
        let renderer = HTMLRenderer(allowsRawHTML: allowsRawHTML) { rewrites[$0] ?? $0 }
        if !allowsRawHTML { diagnostics.append(contentsOf: rawHTMLWarnings()) }
        diagnostics.append(contentsOf: typography.warnings(for: page.document))
        let headingRows = Set(page.headings.map(\.segmentIndex))
        let anchors = page.segmentAnchors
        var finder = FencedBlockFinder(handlerNames: Set(handlers.keys), document: page.document)
        diagnostics.append(contentsOf: finder.nestedBlockWarnings(in: page.document))
        var budget = PageBlockBudget()
        var definitions = DiagramDefinitions()
        var blockSearchTexts: [Int: Bilingual<String>] = [:]
        var html = ""
        let outdated = Dictionary(grouping: translations.gaps.filter { $0.kind == .outdated }, by: \.segmentIndex)
        diagnostics.append(contentsOf: translations.gaps.filter { $0.kind == .outdated }.map(TranslationMarks.warning(for:)))
        for (index, segment) in page.segments.enumerated() {
            let id = " id=\"\(anchors[index].htmlEscaped)\""
            switch segment {
            case .row(let en, let ja):
                let heading = headingRows.contains(index) ? " bi-heading" : ""
                let gap = outdated[index]?.first
                let enNote = gap?.behind == "en" ? TranslationMarks.note(for: gap!) : ""
                let jaNote = gap?.behind == "ja" ? TranslationMarks.note(for: gap!) : ""
                html += "<div class=\"bi-row\(heading)\(gap == nil ? "" : " bi-outdated")\"\(id)>\n"
                html += "<div class=\"bi-col\" lang=\"en\">\n\(enNote)\(renderer.render(en))</div>\n"
                html += "<div class=\"bi-col\" lang=\"ja\">\n\(jaNote)\(renderer.render(ja))</div>\n"
                html += "</div>\n"
            case .untranslated(let node, let script):
                if let start = node.start {
                    let other = script == .english ? "Japanese" : "English"
                    let language = script == .english ? "English" : "Japanese"
                    diagnostics.append(.warning("this \(language) \(Self.describe(node)) has no \(other) partner; it is shown untranslated", at: start,
                                                code: .untranslated))
                }
                let present = "<div class=\"bi-col\" lang=\"\(script.rawValue)\">\n\(renderer.render(node))</div>\n"
                let missing = "<div class=\"bi-col bi-missing\" lang=\"\(script == .english ? "ja" : "en")\">"
                    + "<p class=\"bi-missing-note\"><span lang=\"en\">Not yet translated</span> / <span lang=\"ja\">未翻訳</span></p></div>\n"
                html += "<div class=\"bi-row bi-untranslated bi-only-\(script.rawValue)\"\(id)>\n"
                html += script == .english ? present + missing : missing + present
                html += "</div>\n"
            case .span(let node):
                switch finder.find(in: node) {
                case .block(var block)?:
                    block.anchor = anchors[index]
                    block.rootPrefix = links.rootPrefix
                    // The finder finds only blocks that have a handler here.
                    guard let handler = handlers[block.name] else { continue }
                    var refusal: String?
                    let admit = { (cost: Int) -> Bool in
                        refusal = budget.admit(cost)
                        return refusal == nil
                    }
                    let found = session.map { $0.block(block, handler: handler, admit: admit) }
                        ?? handler.computed(block, admit: admit)
                    guard let found else {
                        // Past the page's bound the block is shown as code
                        // and not solved, as past the number of blocks.
                        diagnostics.append(.error(refusal ?? "", at: block.start, code: .blockPastLimit))
                        html += "<div class=\"bi-span\"\(id)>\n\(renderer.render(node))</div>\n"
                        continue
                    }
                    let output = found.output
                    if let searchText = found.searchText { blockSearchTexts[index] = searchText }
                    html += output.html
                    definitions.merge(output.definitions)
                    diagnostics.append(contentsOf: output.diagnostics.map { $0.coded(.fencedBlock) })
                case .pastLimit(let problem)?:
                    diagnostics.append(problem.coded(.blockPastLimit))
                    html += "<div class=\"bi-span\"\(id)>\n\(renderer.render(node))</div>\n"
                case nil:
                    html += "<div class=\"bi-span\"\(id)>\n\(renderer.render(node))</div>\n"
                }
                html += TranslationMarks.blockNotes(for: outdated[index] ?? [])
            }
        }
        // The drawings the blocks' diagrams share, once, after them all.
        html += definitions.html
        return Output(html: html, diagnostics: diagnostics, fencedBlockCount: finder.count, blockSearchTexts: blockSearchTexts)
    }

    /// Every link and image destination of the page mapped to its address
    /// in the built site; broken ones are reported where they are written.
    private func linkRewrites(_ diagnostics: inout [Diagnostic]) -> [String: String] {
        var rewrites: [String: String] = [:]
        // Each place a broken link is written is reported, since each needs
        // its own edit (a bilingual page repeats its links in both
        // languages); a place found by searching the block, not given by
        // the parser, may be found twice, and is reported once.
        var reported: Set<SourceLocation> = []
        for block in page.document.root.children {
            var stack = [block]
            while let node = stack.popLast() {
                stack.append(contentsOf: node.children.reversed())
                let destination: String
                switch node.kind {
                case .link(let d, _): destination = d
                case .image(let d, _):
                    destination = d
                    if node.plainText.allSatisfy(\.isWhitespace), let start = block.start {
                        let place = page.document.source.locate("![](\(d)", from: start.line, through: block.endLine)
                        diagnostics.append(.warning("the image '\(d)' has no alternative text; describe it between the brackets: ![description](\(d))", at: place, code: .imageWithoutDescription))
                    }
                default: continue
                }
                switch links.resolve(destination) {
                case .rewritten(let url):
                    rewrites[destination] = url
                case .problem(let message, let code, let fix):
                    guard let location = location(of: destination, in: node, block: block),
                          reported.insert(location).inserted else { continue }
                    var diagnostic = Diagnostic.error(message, at: location, code: code)
                    // The destination is written at the location when the
                    // line holds it there (not a reference link's label).
                    if page.document.source.line(location.line).dropFirst(location.column - 1).hasPrefix(destination) {
                        diagnostic = diagnostic.spanning(destination.count)
                        if let fix {
                            let start = location.offset(lines: 0, column: location.column + fix.offset)
                            diagnostic.suggestions = [SuggestedEdit(replacing: fix.length, at: start, with: fix.text)]
                        }
                    }
                    diagnostics.append(diagnostic)
                }
            }
        }
        return rewrites
    }

    /// Where a link's destination is written: right after its `](` when the
    /// link is written inline, else the link itself (`[text][reference]`,
    /// whose destination is defined elsewhere); the block when the parser
    /// gave the link no place.
    private func location(of destination: String, in node: MarkdownNode, block: MarkdownNode) -> SourceLocation? {
        let source = page.document.source
        guard let start = node.start else {
            guard let start = block.start else { return nil }
            let place = source.locate("](\(destination)", from: start.line, through: block.endLine)
            return place.column > 1 || place.line != start.line
                ? SourceLocation(file: place.file, line: place.line, column: place.column + 2)
                : source.locate(destination, from: start.line, through: block.endLine)
        }
        // The link's own line, from the link on; then the next line when
        // this one ends in `](` (a destination may follow one line break).
        let line = source.line(start.line)
        let fromLink = String(line.dropFirst(start.column - 1))
        if let range = fromLink.range(of: "](\(destination)") {
            let column = start.column + fromLink.distance(from: fromLink.startIndex, to: range.lowerBound) + 2
            return SourceLocation(file: start.file, line: start.line, column: column)
        }
        if fromLink.trimmingTrailingWhitespace.hasSuffix("](") {
            let next = source.line(start.line + 1)
            if let range = next.range(of: destination) {
                return SourceLocation(file: start.file, line: start.line + 1, column: next.distance(from: next.startIndex, to: range.lowerBound) + 1)
            }
        }
        return start
    }

    /// A block's kind as an author calls it, for messages.
    static func describe(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .heading: "heading"
        case .list: "list"
        case .blockQuote: "quote"
        case .paragraph: "paragraph"
        default: "block"
        }
    }

    private func rawHTMLWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var lines: [Substring]?
        for block in page.document.root.children {
            var stack = [block]
            var found: String?
            while let node = stack.popLast(), found == nil {
                stack.append(contentsOf: node.children.reversed())
                switch node.kind {
                case .htmlBlock(let html), .htmlInline(let html):
                    if !html.isHTMLComment { found = html }
                default: continue
                }
            }
            if let found, let start = block.start {
                // The text as the page was read (line ends made "\n").
                if lines == nil { lines = InputText(decoding: page.data, path: page.displayPath).text.linesAtNewlineBytes }
                warnings.append(.warning("raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
                                         at: Self.place(of: found, in: lines ?? [], from: start, through: block.endLine), code: .rawHTML))
            }
        }
        return warnings
    }

    /// Where `html` is first written on the lines from `start` through
    /// `endLine`, its column in characters: cmark gives inline HTML no
    /// place of its own, so it is found in the text. `start` when it is not.
    static func place(of html: String, in lines: [Substring], from start: SourceLocation, through endLine: Int?) -> SourceLocation {
        let first = html.prefix { $0 != "\n" && $0 != "\r\n" }
        guard !first.isEmpty else { return start }
        for number in start.line...max(start.line, endLine ?? start.line) where number <= lines.count {
            let line = lines[number - 1]
            let from = number == start.line ? line.index(line.startIndex, offsetBy: max(0, start.column - 1), limitedBy: line.endIndex) ?? line.endIndex
                                            : line.startIndex
            if let range = line[from...].range(of: first) {
                return SourceLocation(file: start.file, line: number, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return start
    }
}
