import KumikiSite

/// Builds the site for the preview: the same `SiteBuilder` as `kumiki
/// build`, with the fenced-block handlers behind a cache so that a rebuild
/// re-solves only blocks that changed.
public struct PreviewBuilder: Sendable {
    public let options: BuildOptions
    /// The handlers as given, uncached (the playground calls them directly).
    public let handlers: [FencedBlockHandler]
    public let cache: BlockCache

    /// What one build did, for the server's log.
    public struct Report: Sendable {
        public var result: BuildResult
        public var duration: Duration
        public var cache: BlockCache.Counts
    }

    public init(options: BuildOptions, handlers: [FencedBlockHandler] = SiteBuilder.defaultHandlers, cache: BlockCache = BlockCache()) {
        self.options = options
        self.handlers = handlers
        self.cache = cache
    }

    /// Builds the whole site; blocks seen before come from the cache.
    public func build() -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        cache.beginBuild()
        let result = SiteBuilder(options: options, handlers: cache.wrapping(handlers)).build()
        let counts = cache.endBuild(succeeded: result.succeeded)
        return Report(result: result, duration: start.duration(to: clock.now), cache: counts)
    }

    /// The handler a `layout` block goes to, if any.
    public var layoutHandler: FencedBlockHandler? {
        handlers.first { $0.name == "layout" }
    }
}
