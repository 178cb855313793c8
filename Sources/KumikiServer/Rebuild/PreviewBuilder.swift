import Foundation
import KumikiSupport
import KumikiLayout
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
        cache.beginBuild()
        var builder = SiteBuilder(options: options, handlers: handlers)
        builder.cache = pages
        let cache = cache
        let latest = latest
        builder.wrapHandlers = { handlers in
            latest.set(handlers)
            return cache.wrapping(handlers)
        }
        let result = builder.build()
        let counts = cache.endBuild(succeeded: result.succeeded)
        return Report(result: result, duration: start.duration(to: clock.now), cache: counts)
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
