import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiTokens

/// One side of a comparison, loaded: the site as the build's load stage
/// reads it, with what its pages' keys share and the layout handler its
/// blocks are solved with.
struct ReviewSide: @unchecked Sendable {
    var revision: Revision
    /// The commit's files, for a side read from one.
    var tree: RevisionTree?
    var site: LoadedSite
    /// Whether the revision holds a site (`site` is empty when not).
    var holdsSite: Bool
    /// The errors reading the site found.
    var readErrors: [Diagnostic]
    /// The session both sides are read in, whose store keeps solved frames.
    var session: BuildSession
    /// What the comparison read and computed, shared by both sides.
    var explanation: LockedValue<DiffExplanation>
    var digests: SiteDigests
    var layout: LayoutBlockHandler
    /// The device catalog's digest: blocks that say the same on both sides
    /// are solved the same when it is the same.
    var catalogDigest: String
    /// The content folder from the repository's top, `""` or ending in `/`.
    var contentPrefix: String

    /// The page's rows and layout blocks.
    func review(_ page: Page) -> (rows: [ReviewedRow], blocks: [ReviewedBlock]) {
        var finder = FencedBlockFinder(handlerNames: Set(site.handlers.keys), document: page.document)
        let anchors = page.segmentAnchors
        var blocks: [ReviewedBlock] = []
        var drawn: [Int: ReviewedRow.DrawnBlock] = [:]
        for (index, segment) in page.segments.enumerated() {
            guard case .span(let node) = segment, case .block(var fenced)? = finder.find(in: node) else { continue }
            fenced.anchor = anchors[index]
            switch fenced.name {
            case "layout":
                let title = LayoutBlockHandler.parse(fenced).header.title
                drawn[index] = .layout(title: title)
                blocks.append(ReviewedBlock(fenced: fenced, segmentIndex: index, title: title))
            case TokensBlock.name:
                drawn[index] = tokenTable(fenced)
            default:
                continue
            }
        }
        let translations = site.translations(of: page, anchors: SiteBuilder.rowAnchors(page))
        let rows = ReviewedRow.rows(of: page, translations: translations, drawnBlocks: drawn,
                                   showingHTMLAsText: !site.config.allowsRawHTML,
                                   isHome: page.relativePath == site.index?.relativePath)
        return (rows, blocks)
    }

    /// A `tokens` block as its page shows it: the table the build draws
    /// from this side's token files (so a token whose value changed
    /// changes the row though the block's text did not), and each shown
    /// token's name and value, for the words a reviewer reads.
    private func tokenTable(_ block: FencedBlock) -> ReviewedRow.DrawnBlock? {
        guard let handler = site.handlers[TokensBlock.name],
              let drawn = session.block(block, handler: handler, admit: { _ in true }) else { return nil }
        let group = BlockOptions.parse(block, keys: TokensBlock.keys).0["group"]?.value.text ?? ""
        let shown = site.tokens.map { TokensBlock(group: group).rows(in: $0.set) } ?? []
        return .table(html: drawn.output.html, words: shown.map { "\($0.name) \($0.value.shortText)" }.joined(separator: " "))
    }

    func path(of page: Page) -> String { contentPrefix + page.relativePath }

    /// A layout block's frames and findings, from the session's store when
    /// it was solved before on these devices.
    /// The block's frames and findings, and the errors of a block that
    /// does not parse (which has none).
    func frames(of block: ReviewedBlock, budget: inout PageBlockBudget) -> (frames: SolvedFrames, errors: [Diagnostic]) {
        let (frames, fromStore, errors) = session.solvedFrames(of: block, handler: layout, handlerKey: "layout " + catalogDigest,
                                                               budget: &budget)
        explanation.withValue { fromStore ? ($0.blocksFromStore += 1) : ($0.blocksSolved += 1) }
        return (frames, errors)
    }
}

extension LoadedSite {
    /// A site without pages: a side of a change where the site's folders
    /// are missing (a commit from before the site existed).
    static func empty(options: BuildOptions) -> LoadedSite {
        let config = SiteConfig()
        return LoadedSite(
            config: config, configurationText: options.configuration.text(of: SiteConfig.fileName) ?? "",
            navigation: Navigation(pages: [], config: config), index: nil,
            templates: TemplateLibrary.load(from: EmbeddedTheme.source).0, handlers: [:], linkTargets: [:],
            contentAssets: [], symbolicLinks: [], themeAssets: [], assetsVersion: "0")
    }
}
