import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// One side of a comparison, loaded: the site as the build's load stage
/// reads it, with what its pages' keys share and the layout handler its
/// blocks are solved with.
struct ReviewSide: @unchecked Sendable {
    var revision: Revision
    var site: LoadedSite
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
        var titles: [Int: Bilingual<String>?] = [:]
        for (index, segment) in page.segments.enumerated() {
            guard case .span(let node) = segment else { continue }
            guard case .block(let found)? = finder.find(in: node), found.name == "layout" else { continue }
            var fenced = found
            fenced.anchor = anchors[index]
            let title = LayoutBlockHandler.parse(fenced).header.title
            titles[index] = Optional(title)
            blocks.append(ReviewedBlock(fenced: fenced, segmentIndex: index, title: title))
        }
        let translations = site.translations(of: page, anchors: SiteBuilder.rowAnchors(page))
        return (ReviewedRow.rows(of: page, translations: translations, layoutTitles: titles), blocks)
    }

    func path(of page: Page) -> String { contentPrefix + page.relativePath }

    /// A layout block's frames and findings, from the session's store when
    /// it was solved before on these devices.
    func frames(of block: ReviewedBlock, budget: inout PageBlockBudget) -> SolvedFrames {
        let (frames, fromStore) = session.solvedFrames(of: block, handler: layout, handlerKey: "layout " + catalogDigest,
                                                       budget: &budget)
        explanation.withValue { fromStore ? ($0.blocksFromStore += 1) : ($0.blocksSolved += 1) }
        return frames
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
