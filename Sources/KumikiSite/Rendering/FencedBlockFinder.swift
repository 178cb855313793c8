import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// Which fenced code blocks of a page go to a handler, and the number each
/// gets: the one rule the build and `kumiki render` share.
///
/// A block goes to a handler when it stands on its own between the page's
/// bilingual rows (a fenced code block at the top level of the page, not
/// one inside a list or a quote, which is shown as code), its fence is
/// closed, and the first word of its info string names a handler. Blocks
/// are numbered from 1 per handler, in page order. Past
/// `LayoutLimits.maximumBlocksPerPage` of one handler a block is reported
/// and shown as code, so the work one page asks for stays bounded.
struct FencedBlockFinder {
    enum Found {
        /// A block for its handler.
        case block(FencedBlock)
        /// A block past the limit: the error that says so.
        case pastLimit(Diagnostic)
    }

    /// The handlers whose blocks are given the texts of the page's earlier
    /// blocks of their kind: a `tokens` block showing a token an earlier
    /// one shows must give its row another anchor, and link to the first.
    static let namesReadingEarlierBlocks: Set<String> = [TokensBlock.name]

    let handlerNames: Set<String>
    let unclosedFenceLines: Set<Int>
    private var counts: [String: Int] = [:]
    private var texts: [String: [String]] = [:]

    init(handlerNames: Set<String>, document: MarkdownDocument) {
        self.handlerNames = handlerNames
        unclosedFenceLines = document.unclosedFenceLines
    }

    /// The blocks found so far, of every handler.
    var count: Int { counts.values.reduce(0, +) }

    /// What a top-level block of the page is for the handlers, if anything.
    mutating func find(in node: MarkdownNode) -> Found? {
        guard case .codeBlock(let info, let literal, let fence) = node.kind, fence != nil, let start = node.start,
              !unclosedFenceLines.contains(start.line) else { return nil }
        let name = FencedBlock.name(ofInfo: info)
        guard handlerNames.contains(name) else { return nil }
        counts[name, default: 0] += 1
        var block = FencedBlock(
            info: info, text: literal, start: start,
            // cmark takes the fence's indentation (up to three spaces) off each
            // line of the block: the block's first column is the fence's.
            firstLine: SourceLocation(file: start.file, line: start.line + 1, column: start.column),
            index: counts[name] ?? 1)
        if Self.namesReadingEarlierBlocks.contains(name) {
            block.earlierTexts = texts[name] ?? []
            texts[name, default: []].append(literal)
        }
        guard block.index > LayoutLimits.maximumBlocksPerPage else { return .block(block) }
        return .pastLimit(.error(
            "a page has at most \(LayoutLimits.maximumBlocksPerPage) '\(name)' blocks; split the page", at: start))
    }

    /// A warning at each block with a handler's name that stands inside a
    /// list item or a quote: it is shown as code, and nothing in it is
    /// checked, which an author who indented it under a list's step would
    /// not otherwise learn.
    func nestedBlockWarnings(in document: MarkdownDocument) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for top in document.root.children {
            // Children go on the stack last first, so blocks come in page order.
            var stack = top.children.reversed().map { (node: $0, container: Self.container(top)) }
            while let (node, container) = stack.popLast() {
                stack.append(contentsOf: node.children.reversed().map { ($0, Self.container(node) ?? container) })
                guard case .codeBlock(let info, _, let fence) = node.kind, fence != nil, let start = node.start,
                      let container else { continue }
                let name = FencedBlock.name(ofInfo: info)
                guard handlerNames.contains(name) else { continue }
                warnings.append(.warning(
                    "this '\(name)' block is inside \(container), so it is shown as code and not read; "
                        + "a '\(name)' block must stand on its own, unindented, between paragraphs",
                    at: start, code: .nestedFencedBlock))
            }
        }
        return warnings
    }

    /// What a node holding a block is called in a warning, if it is a list
    /// item or a quote.
    private static func container(_ node: MarkdownNode) -> String? {
        switch node.kind {
        case .item: "a list item"
        case .blockQuote: "a quote"
        default: nil
        }
    }
}

extension FencedBlock {
    /// The blocks of a page that the handler `name` gets when the site is
    /// built, numbered as the build numbers them, with the page's problems
    /// as Markdown (bytes that are not UTF-8, a fence never closed) and the
    /// blocks past the limit reported.
    ///
    /// - Parameter displayPath: How diagnostics name the page.
    public static func blocks(named name: String, inPage data: Data, displayPath: String) -> (blocks: [FencedBlock], diagnostics: [Diagnostic]) {
        let (document, segments) = PageLoader.parseBody(displayPath: displayPath, data: data)
        var finder = FencedBlockFinder(handlerNames: [name], document: document)
        var blocks: [FencedBlock] = []
        var diagnostics = document.diagnostics + finder.nestedBlockWarnings(in: document)
        for case .span(let node) in segments {
            switch finder.find(in: node) {
            case .block(let block)?: blocks.append(block)
            case .pastLimit(let problem)?: diagnostics.append(problem)
            case nil: continue
            }
        }
        return (blocks, diagnostics)
    }
}
