import ServiceLifecycle

/// Rebuilds the site after each burst of file changes and tells the open
/// pages. Runs as a service of the application, so it stops with it.
public struct RebuildService: Service {
    public let builder: PreviewBuilder
    public let live: LiveReload
    public let watcher: FileWatcher
    /// Told of every rebuild (the command prints a line for it).
    public let didRebuild: @Sendable (PreviewBuilder.Report, [String]) -> Void
    /// Told when what the first build computed has been written to the
    /// store on disk, and how long that took.
    public let didStoreCache: @Sendable (Duration) -> Void

    public init(builder: PreviewBuilder, live: LiveReload, watcher: FileWatcher,
                didRebuild: @escaping @Sendable (PreviewBuilder.Report, [String]) -> Void = { _, _ in },
                didStoreCache: @escaping @Sendable (Duration) -> Void = { _ in }) {
        self.builder = builder
        self.live = live
        self.watcher = watcher
        self.didRebuild = didRebuild
        self.didStoreCache = didStoreCache
    }

    public func run() async throws {
        // The server answers already: what the first build computed goes
        // to the store on disk now, before the first rebuild.
        let builder = builder, queue = BuildQueue()
        didStoreCache(await queue.run { builder.persist() })
        let clock = ContinuousClock()
        // Since when builds have been set aside for changes made during them.
        var setAsideSince: ContinuousClock.Instant?
        for await changes in watcher.batches.cancelOnGracefulShutdown() {
            let seenBefore = watcher.changesSeen
            // Nothing here says what changed: every page and block is
            // looked up by a key of what it reads, kumiki.yml included.
            let report = await queue.run { builder.build() }
            // A file changed while the build read the sources: it may have
            // read it half-written. Its batch is on the way and rebuilds;
            // until then the site served stays as it was. Only a folder that
            // never stops changing (for longer than the window's settle limit)
            // gets a build published regardless, so the preview does not freeze.
            if watcher.changesSeen != seenBefore {
                let since = setAsideSince ?? clock.now
                setAsideSince = since
                if since.duration(to: clock.now) < watcher.window.settleLimit { continue }
            }
            setAsideSince = nil
            await live.publish(report.result)
            didRebuild(report, changes)
            MemoryTrim.release()
        }
        watcher.stop()
        // Event streams would otherwise hold the server open while it drains.
        await live.finishAll()
    }
}
