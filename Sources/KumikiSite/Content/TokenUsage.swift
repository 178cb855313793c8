import Foundation
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiSupport

/// Where a site's layout blocks name each design token: one map made from
/// the loaded pages, read by `kumiki tokens --format json` (each token's
/// `usedBy`) and by the `tokens` block (each row's "Used in").
public struct TokenUsage: Sendable {
    /// A layout block that names tokens, as its page's load found it (kept
    /// in the page's summary, so a page known from the store is not parsed).
    struct Block: Codable, Hashable, Sendable {
        /// The opening fence's line.
        var line: Int
        /// The block's number among the page's layout blocks ("Layout 2"
        /// when it has no title).
        var number: Int
        /// The id of the block's figure on its page (its row anchor).
        var anchor: String
        var title: Bilingual<String>?
        /// The tokens it names, in order, each once.
        var tokens: [String]
    }

    /// A layout block that names a token, with its page.
    public struct Use: Hashable, Sendable {
        /// The page as diagnostics print it (`Content/page.md`).
        public var path: String
        /// The opening fence's line.
        public var line: Int
        /// The page's slug; empty for the home page.
        var slug: String
        var pageTitle: Bilingual<String>
        var blockTitle: Bilingual<String>
        /// The block's figure's id on its page.
        var anchor: String
    }

    /// The blocks naming each token, pages in path order, blocks in page
    /// order.
    public private(set) var uses: [String: [Use]] = [:]

    public init() {}

    /// The layout blocks of `pages` (and the home page) that name tokens.
    init(pages: [Page], index: Page?) {
        for page in (pages + (index.map { [$0] } ?? [])).sorted(by: { $0.relativePath < $1.relativePath }) {
            for block in page.tokenBlocks ?? [] {
                let use = Use(path: page.displayPath, line: block.line, slug: index?.relativePath == page.relativePath ? "" : page.slug,
                              pageTitle: page.title,
                              blockTitle: block.title ?? Bilingual("Layout \(block.number)", "レイアウト \(block.number)"),
                              anchor: block.anchor)
                for name in block.tokens { uses[name, default: []].append(use) }
            }
        }
    }

    /// The usage of the pages a build of `content` would load, read through
    /// `session` (pages the store knows are not parsed).
    public static func read(content: any SiteSource, session: BuildSession, includeDrafts: Bool = false) -> TokenUsage {
        var problems: [Diagnostic] = []
        let summaries = session.store.disk?.pageSummaries(problems: &problems) ?? [:]
        let loaded = PageLoader(source: content, includeDrafts: includeDrafts, excluded: nil, session: session,
                                summaries: summaries).load()
        return TokenUsage(pages: loaded.pages, index: loaded.index)
    }

    /// A digest of what a `tokens` block shows of the usage of `names`:
    /// every use's page, title, block title and anchor.
    func digest(of names: [String]) -> String {
        var hash = StableHash()
        for name in names {
            guard let found = uses[name] else { continue }
            hash.combine(field: name)
            for use in found {
                for field in [use.slug, use.pageTitle.english, use.pageTitle.japanese, use.blockTitle.english,
                              use.blockTitle.japanese, use.anchor] {
                    hash.combine(field: field)
                }
            }
        }
        return hash.hex
    }
}

extension TokenUsage.Block {
    /// The layout blocks of a parsed page that name tokens, found as the
    /// build finds blocks, each with its figure's anchor and its title.
    static func blocks(in document: MarkdownDocument, segments: [BilingualSegment], headings: [Page.Heading]) -> [Self] {
        let anchors = RowAnchor.anchors(segmentCount: segments.count, headings: headings)
        var finder = FencedBlockFinder(handlerNames: ["layout"], document: document)
        var blocks: [Self] = []
        for (index, segment) in segments.enumerated() {
            guard case .span(let node) = segment, case .block(var block)? = finder.find(in: node) else { continue }
            let tokens = LayoutLanguage.tokenPaths(in: block.text)
            guard !tokens.isEmpty else { continue }
            block.anchor = anchors[index]
            blocks.append(Self(line: block.start.line, number: block.index, anchor: block.elementID(prefix: "layout"),
                               title: LayoutFigure.header(of: block).title, tokens: tokens))
        }
        return blocks
    }
}
