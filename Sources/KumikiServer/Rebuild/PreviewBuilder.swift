import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite

/// Builds the site for the preview: the same `SiteBuilder` as `kumiki
/// build`, with its fenced-block handlers behind a cache so that a rebuild
/// re-solves only blocks that changed.
public struct PreviewBuilder: Sendable {
    public let options: BuildOptions
    /// Handlers to use instead of the site's own (tests); `nil` for the
    /// site's, which the builder makes from the device catalog in kumiki.yml.
    public let handlers: [FencedBlockHandler]?
    public let cache: BlockCache
    /// Parsed and rendered pages, reused while nothing they depend on changed.
    public let pages = PageCache()
    /// The handlers of the latest build (uncached), for the playground.
    private let latest = LockedValue<[FencedBlockHandler]>([])
    /// The device catalog of the latest build, for the playground.
    private let catalog = LockedValue<DeviceCatalog?>(nil)
    private let progress = LockedValue(BuildProgress())

    /// What one build did, for the server's log.
    public struct Report: Sendable {
        public var result: BuildResult
        public var duration: Duration
        public var cache: BlockCache.Counts
    }

    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil, cache: BlockCache = BlockCache()) {
        self.options = options
        self.handlers = handlers
        self.cache = cache
    }

    /// Builds the whole site; blocks seen before come from the cache.
    ///
    /// The first build skips the build cache on disk when it holds nothing
    /// of this build of Kumiki yet: storing a thousand pages and their
    /// blocks would make the server answer seconds later than a build
    /// without the cache. `storeHeldPagesInBuildCache()` stores them once
    /// the server answers.
    ///
    /// - Parameter configurationChanged: kumiki.yml may have changed, and
    ///   with it the device catalog every layout block is solved for: the
    ///   cache starts afresh.
    public func build(configurationChanged: Bool = false) -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        if configurationChanged { cache.removeAll() }
        if configurationChanged || catalog.current == nil {
            // The playground needs the site's devices to tell what a block costs.
            catalog.set(SiteConfig.loadWithCatalog(from: options.configuration).catalog)
        }
        let isFirst = progress.withValue { $0.startBuild() }
        var options = self.options
        if isFirst, let folder = options.cacheDirectory, !BuildCache(folder: folder).holdsPages {
            options.cacheDirectory = nil
            progress.withValue { $0.setPagesToStore() }
        }
        let result = run(options: options, prunesBuildCache: isFirst, storesHeldPages: false)
        let counts = cache.endBuild(succeeded: result.succeeded)
        return Report(result: result, duration: start.duration(to: clock.now), cache: counts)
    }

    /// After a first build that skipped the build cache on disk, stores the
    /// pages it rendered there (with the page index and the solved layout
    /// blocks), so the next server or `kumiki build` starts from them;
    /// otherwise does nothing. The site it builds is the one being served,
    /// so nothing is published.
    ///
    /// - Returns: How long it took, or `nil` when there was nothing to do.
    @discardableResult
    public func storeHeldPagesInBuildCache() -> Duration? {
        guard progress.withValue({ $0.takePagesToStore() }), options.cacheDirectory != nil else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        let result = run(options: options, prunesBuildCache: true, storesHeldPages: true)
        cache.endBuild(succeeded: result.succeeded)
        // Pages are keyed by the server's address among the rest; solved
        // blocks are not, so a server on another port, and `kumiki build`,
        // find them too.
        if result.succeeded { SiteBuilder(options: options, handlers: handlers).storeLayoutBlocks(cache.held) }
        return start.duration(to: clock.now)
    }

    private func run(options: BuildOptions, prunesBuildCache: Bool, storesHeldPages: Bool) -> BuildResult {
        cache.beginBuild()
        var builder = SiteBuilder(options: options, handlers: handlers)
        builder.cache = pages
        builder.prunesBuildCache = prunesBuildCache
        // Later rebuilds keep the pages they render in `pages` only.
        builder.storesRenderedPages = prunesBuildCache
        builder.storesHeldPages = storesHeldPages
        let cache = cache
        let latest = latest
        builder.wrapHandlers = { handlers in
            latest.set(handlers)
            return cache.wrapping(handlers)
        }
        return builder.build()
    }

    /// The handler the latest build gave `layout` blocks (uncached), which
    /// the playground calls; `nil` before a build got that far.
    public var layoutHandler: FencedBlockHandler? {
        latest.current.first { $0.name == "layout" }
    }

    /// The site's devices as of the latest build (the bundled catalog
    /// before the first one).
    public var deviceCatalog: DeviceCatalog {
        catalog.current ?? .bundled()
    }
}

/// Whether the first build has run, and whether its pages still wait to be
/// stored in the build cache on disk.
private struct BuildProgress {
    private var started = false
    private var pagesToStore = false

    /// Notes that a build starts; `true` for the first.
    mutating func startBuild() -> Bool {
        defer { started = true }
        return !started
    }

    mutating func setPagesToStore() { pagesToStore = true }

    /// Whether pages wait to be stored; the answer is given once.
    mutating func takePagesToStore() -> Bool {
        defer { pagesToStore = false }
        return pagesToStore
    }
}
