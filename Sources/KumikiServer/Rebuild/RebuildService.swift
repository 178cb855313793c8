import ServiceLifecycle

/// Rebuilds the site after each burst of file changes and tells the open
/// pages. Runs as a service of the application, so it stops with it.
public struct RebuildService: Service {
    public let builder: PreviewBuilder
    public let live: LiveReload
    public let watcher: FileWatcher
    /// Told of every rebuild (the command prints a line for it).
    public let didRebuild: @Sendable (PreviewBuilder.Report, [String]) -> Void

    public init(builder: PreviewBuilder, live: LiveReload, watcher: FileWatcher,
                didRebuild: @escaping @Sendable (PreviewBuilder.Report, [String]) -> Void = { _, _ in }) {
        self.builder = builder
        self.live = live
        self.watcher = watcher
        self.didRebuild = didRebuild
    }

    public func run() async throws {
        for await changes in watcher.batches.cancelOnGracefulShutdown() {
            // "*" stands for events the kernel dropped: anything may have changed.
            let configuration = changes.contains { $0 == "*" || $0.hasSuffix("/kumiki.yml") }
            let report = builder.build(configurationChanged: configuration)
            await live.publish(report.result)
            didRebuild(report, changes)
            MemoryTrim.release()
        }
        watcher.stop()
        // Event streams would otherwise hold the server open while it drains.
        await live.finishAll()
    }
}
