import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// What a build produced and what it found.
public struct BuildResult: Sendable {
    /// The site, complete, or empty when the build had errors.
    public var site: SiteFiles
    public var diagnostics: DiagnosticList
    public var pageCount: Int
    public var coverage: Coverage
    /// The fenced blocks handled by a handler (layout blocks and the like).
    public var fencedBlockCount: Int
    /// Layout blocks taken from the build cache's block store (`hits`) and
    /// solved and drawn afresh (`misses`); zero without the cache. Blocks of
    /// pages taken whole from the cache are in neither.
    public var storedBlocks: (hits: Int, misses: Int) = (0, 0)
    /// Every page's untranslated and possibly outdated rows, in navigation
    /// order (the home page first).
    public var translations: [PageTranslationReport] = []
    /// Why the site has no history when it was expected to have one
    /// (outside git, a shallow clone): the one note `kumiki check` prints.
    public var historyNote: String?

    public var succeeded: Bool { !diagnostics.hasErrors }
}

/// Builds a site: reads the configuration, the pages and the templates,
/// renders every page, and hands the files to a sink as they are made.
///
/// The stages are named steps that pass values: `load` (a `LoadedSite`),
/// `renderPages` (a `RenderedPage` each, written as it is made) and
/// `assemble` (home, section pages, 404, sitemap, assets). Every problem is
/// collected and reported together; a build with any error reports failure,
/// so the caller discards what it wrote and never publishes a partial site.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var handlers: [FencedBlockHandler]
    /// No handlers were given: layout blocks get the real handler, built on
    /// the site's device catalog.
    let usesDefaultHandlers: Bool
    /// Told of each page as its rendering finishes: (done, total, path).
    /// Pages render in parallel, so they may finish in any order, and the
    /// closure may be called from any thread.
    public var progress: (@Sendable (Int, Int, String) -> Void)?
    /// Pages parsed and rendered by earlier builds of the same site (the
    /// preview server keeps one); `nil` to build everything afresh.
    public var cache: PageCache?
    /// Given the fenced-block handlers this build settled on (built on the
    /// site's device catalog), returns the ones to use: the preview server
    /// puts its cache of rendered blocks here.
    public var wrapHandlers: (@Sendable ([FencedBlockHandler]) -> [FencedBlockHandler])?
    /// Whether pages that `cache` already holds are also stored in the
    /// build cache on disk when it lacks them: the preview server builds
    /// first without the disk cache, to answer sooner, and stores its pages
    /// there afterwards.
    public var storesHeldPages = false
    /// Whether a successful build removes from the build cache on disk the
    /// pages it did not use. The preview server does it on its first
    /// build only: listing the whole cache on every save costs more than
    /// the few entries its edits leave behind until the next build.
    public var prunesBuildCache = true
    /// Whether pages rendered afresh are stored in the build cache on disk.
    /// The preview server's rebuilds after its first keep them in memory
    /// only: writing each saved page there (made durable before it is
    /// renamed into place) was a tenth of a rebuild, and the next process
    /// renders those few pages again.
    public var storesRenderedPages = true

    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil,
                progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
        self.options = options
        self.handlers = handlers ?? SiteBuilder.defaultHandlers
        self.usesDefaultHandlers = handlers == nil
        self.progress = progress
    }

    /// The fenced-block handlers a site gets unless told otherwise.
    public static var defaultHandlers: [FencedBlockHandler] { [LayoutFigure.sourceHandler] }

    /// Builds the site in memory: what the preview server serves and tests
    /// read. `BuildResult.site` holds every file when the build succeeded.
    public func build() -> BuildResult {
        let sink = MemorySink()
        var result = build(into: sink)
        if result.succeeded { result.site = sink.site }
        return result
    }

    /// Builds the site, handing each file to `sink` as soon as it is made:
    /// `load` reads everything, `renderPages` renders and writes the pages,
    /// `assemble` writes what needs the whole site's index. The sink may
    /// have received files even when the build failed; a `StagedOutput`
    /// is then abandoned, so the output folder never sees them.
    public func build(into sink: some SiteSink) -> BuildResult {
        var diagnostics = DiagnosticList()
        if let problem = options.outputProblem {
            diagnostics.append(.error(problem, at: nil))
            return failed(diagnostics)
        }
        guard let site = load(&diagnostics) else { return failed(diagnostics) }
        let shared = sharedSignature(site)
        // The preview server keeps the last build's postings in memory;
        // reading and decoding them from the build cache on every save
        // cost more than the rest of indexing. They are taken out of the
        // page cache, so that nothing else holds them while they change.
        var lastSearchIndex = options.indexesSearch ? cache?.takeSearchIndex() : nil
        let searchIndexWasKept = lastSearchIndex != nil
        if options.indexesSearch && !searchIndexWasKept {
            lastSearchIndex = options.cacheDirectory.flatMap { BuildCache(folder: $0).searchIndexState() }
        }
        let pages = renderPages(site, shared: shared, indexedKeys: Set(lastSearchIndex?.keys ?? []), into: sink)
        var fencedBlocks = 0
        for page in pages {
            diagnostics.append(contentsOf: page.diagnostics)
            fencedBlocks += page.fencedBlockCount
        }
        let reports = zip(site.pages, pages).map { page, rendered in
            PageTranslationReport(displayPath: page.displayPath, slug: page.slug, title: page.title,
                                  translations: rendered.translations)
        }
        let assembled = assembleWithSearchIndex(site, shared: shared, reports: reports, pages: pages,
                                                last: lastSearchIndex.take(), lastWasKept: searchIndexWasKept, into: sink)
        diagnostics.append(contentsOf: assembled.diagnostics)
        fencedBlocks += assembled.fencedBlockCount
        if diagnostics.hasErrors { return failed(diagnostics, coverage: assembled.coverage) }
        if let folder = options.cacheDirectory {
            if prunesBuildCache {
                BuildCache(folder: folder).keep(only: Set(pages.map(\.key)))
            }
            // The preview server prunes only after a rebuild that solved a
            // block: listing every page's folder on every save costs more
            // than the blocks a removed page leaves until then.
            if let store = site.blockStore, cache == nil || store.misses.current > 0 {
                store.prune(keepingPages: (site.pages + [site.index].compactMap { $0 }).map(\.displayPath))
            }
        }
        var result = BuildResult(site: SiteFiles(), diagnostics: diagnostics, pageCount: pages.count,
                                 coverage: assembled.coverage, fencedBlockCount: fencedBlocks)
        if let store = site.blockStore {
            result.storedBlocks = (store.hits.current, store.misses.current)
        }
        result.translations = assembled.translations
        if case .failure(let reason) = site.history { result.historyNote = reason.note }
        return result
    }

    /// Stores layout blocks rendered by an earlier build that had no build
    /// cache (the preview server's first) in the build cache's block store,
    /// as a build with the cache would have; blocks of other handlers, and
    /// blocks of handlers given by the caller, are not kept there.
    public func storeLayoutBlocks(_ blocks: [(block: FencedBlock, output: FencedBlockOutput)]) {
        guard usesDefaultHandlers, let folder = options.cacheDirectory else { return }
        let configuration = options.configuration.text(of: SiteConfig.fileName) ?? ""
        let store = BlockStore(cache: BuildCache(folder: folder), configuration: configuration)
        for (block, output) in blocks where block.name == "layout" {
            store.storeIfMissing(output, for: block)
        }
    }

    /// A result without files. The coverage counted so far is kept, so
    /// `kumiki check` reports it even when there are errors.
    private func failed(_ diagnostics: DiagnosticList, coverage: Coverage = Coverage()) -> BuildResult {
        BuildResult(site: SiteFiles(), diagnostics: diagnostics, pageCount: 0, coverage: coverage, fencedBlockCount: 0)
    }
}
