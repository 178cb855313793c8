import Foundation
import KumikiSupport
import KumikiSearch
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
    /// Layout blocks taken from the build store (`hits`) and solved and
    /// drawn afresh (`misses`). Blocks of pages taken whole from the store
    /// are in neither.
    public var storedBlocks: (hits: Int, misses: Int) = (0, 0)
    /// What the build took from the store and computed, and why.
    public var explanation = BuildExplanation()
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
    /// The session whose store the build reads and fills: the preview
    /// keeps one across its builds; other commands make one per build.
    public var session: BuildSession

    /// - Parameter session: the session to build in; `nil` for one of its
    ///   own that reads and writes the store at `options.cacheDirectory`
    ///   (none without one).
    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil, session: BuildSession? = nil,
                progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
        self.options = options
        self.session = session ?? BuildSession(cacheDirectory: options.cacheDirectory,
                                               policy: options.cacheDirectory == nil ? .off : .readWrite())
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

    /// Runs every check of a build and writes nothing: what `kumiki check`
    /// reports and what the language server publishes, so the two cannot
    /// disagree. Pages and blocks the session's store holds are taken from
    /// it (their keys cover everything they read, so their diagnostics are
    /// the ones a fresh build would find).
    public func check() -> BuildResult {
        build(into: DiscardingSink())
    }

    /// Builds the site, handing each file to `sink` as soon as it is made:
    /// `load` reads everything, `renderPages` renders and writes the pages,
    /// `assemble` writes what needs the whole site's index. The sink may
    /// have received files even when the build failed; a `StagedOutput`
    /// is then abandoned, so the output folder never sees them.
    public func build(into sink: some SiteSink) -> BuildResult {
        var diagnostics = DiagnosticList()
        if let problem = options.outputProblem() {
            diagnostics.append(.error(problem, at: nil, code: .site))
            return failed(diagnostics)
        }
        let store = session.store
        store.beginBuild()
        // The preview keeps the last build's postings in memory; reading
        // and decoding them from disk on every save cost more than the rest
        // of indexing. They are taken out of the session, so that nothing
        // else holds them while they change. From disk they are read beside
        // the loading of the pages, which leaves a core idle at times.
        var lastSearchIndex = options.indexesSearch ? session.takeSearchIndex() : nil
        var storedSearchIndex: BackgroundWork<SearchIndexState?>?
        if options.indexesSearch && lastSearchIndex == nil, let disk = store.disk {
            storedSearchIndex = BackgroundWork { disk.searchIndexState() }
        }
        guard let site = load(&diagnostics) else {
            _ = storedSearchIndex?.wait()
            store.endBuild(succeeded: false)
            return failed(diagnostics)
        }
        if let problem = options.outputProblem(reading: site.config.tokens.filesRead(from: options.configuration)) {
            diagnostics.append(.error(problem, at: nil, code: .site))
            _ = storedSearchIndex?.wait()
            store.endBuild(succeeded: false)
            return failed(diagnostics)
        }
        session.remember(handlers: site.handlers)
        let digests = site.siteDigests(options)
        let shared = sharedSignature(site, digests: digests)
        // On every core: a page's key hashes its bytes and its history.
        let keys = concurrentMap(site.pages.count) { site.pageKey(of: site.pages[$0], shared: digests) }
        // The home page's body is the index page's: it reads what that
        // page's key names, besides the listing of every page.
        let indexKey = site.index.map { site.pageKey(of: $0, shared: digests).value } ?? ""
        if let stored = storedSearchIndex?.wait() { lastSearchIndex = stored }
        // One indexing for the build: its tables serve every page the
        // render stage indexes, and the merge reads them.
        let indexing = site.indexesSearch ? SearchIndexing() : nil
        let pages = renderPages(site, keys: keys, indexedKeys: Set(lastSearchIndex?.keys ?? []), indexing: indexing, into: sink)
        var fencedBlocks = 0
        for page in pages {
            diagnostics.append(contentsOf: page.diagnostics)
            fencedBlocks += page.fencedBlockCount
        }
        let reports = zip(site.pages, pages).map { page, rendered in
            PageTranslationReport(displayPath: page.displayPath, slug: page.slug, title: page.title,
                                  translations: rendered.translations)
        }
        let assembled = assembleWithSearchIndex(site, shared: shared, indexKey: indexKey, reports: reports, pages: pages,
                                                indexing: indexing, last: lastSearchIndex.take(), into: sink)
        diagnostics.append(contentsOf: assembled.diagnostics.map { $0.coded(.site) })
        fencedBlocks += assembled.fencedBlockCount
        let explanation = explain(site, keys: keys, pages: pages)
        let succeeded = !diagnostics.hasErrors
        session.finishBuild(explanation, keys: zip(site.pages, keys).map { ($0.displayPath, $1) }, succeeded: succeeded)
        store.endBuild(succeeded: succeeded)
        if !succeeded { return failed(diagnostics, coverage: assembled.coverage) }
        var result = BuildResult(site: SiteFiles(), diagnostics: diagnostics, pageCount: pages.count,
                                 coverage: assembled.coverage, fencedBlockCount: fencedBlocks)
        result.storedBlocks = (explanation.blocksFromStore, explanation.blocksComputed)
        result.explanation = explanation
        result.translations = assembled.translations
        if case .failure(let reason) = site.history { result.historyNote = reason.note }
        return result
    }

    /// What the build took from the store and computed, and why each page
    /// it computed was: its key's digests against the last build's.
    private func explain(_ site: LoadedSite, keys: [PageKey], pages: [RenderedPage]) -> BuildExplanation {
        var explanation = BuildExplanation()
        let computed = pages.indices.filter { !pages[$0].fromStore }
        explanation.pagesFromStore = pages.count - computed.count
        if !computed.isEmpty {
            let ledger = session.ledger(for: Set(computed.map { site.pages[$0].displayPath }))
            explanation.computedPages = computed.map { number in
                let path = site.pages[number].displayPath
                return BuildExplanation.ComputedPage(path: path, reason: ledger.reason(path: path, key: keys[number]))
            }
        }
        let blocks = session.store.blockCounts
        explanation.blocksFromStore = blocks.fromStore
        explanation.blocksComputed = blocks.computed
        return explanation
    }

    /// A result without files. The coverage counted so far is kept, so
    /// `kumiki check` reports it even when there are errors.
    private func failed(_ diagnostics: DiagnosticList, coverage: Coverage = Coverage()) -> BuildResult {
        BuildResult(site: SiteFiles(), diagnostics: diagnostics, pageCount: 0, coverage: coverage, fencedBlockCount: 0)
    }
}
