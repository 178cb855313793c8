import KumikiSupport
import KumikiSite

/// The server's current site and the pages listening for changes to it.
///
/// Each build is published here; every open page holds a Server-Sent Events
/// stream from `subscribe()` and reloads when told.
public actor LiveReload {
    public private(set) var snapshot: SiteSnapshot
    private let instance: String
    private var generation = 0
    private var nextSubscriber = 0
    private var subscribers: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]

    /// - Parameter instance: Tells this server run apart from the previous
    ///   one, so a page left open across a restart reloads too.
    public init(instance: String) {
        self.instance = instance
        snapshot = SiteSnapshot(files: SiteFiles(), failure: nil, version: "\(instance)-0")
    }

    /// Takes a build: a good one replaces the site, a failed one keeps it and
    /// records the errors. Either way, every open page is told to reload.
    public func publish(_ result: BuildResult) {
        generation += 1
        let version = "\(instance)-\(generation)"
        if result.succeeded {
            snapshot = SiteSnapshot(files: result.site, failure: nil, version: version)
        } else {
            snapshot = SiteSnapshot(files: snapshot.files, failure: result.diagnostics.sorted, version: version)
        }
        let event = ReloadEvent.reload(version: version, errors: result.diagnostics.errorCount)
        for continuation in subscribers.values { continuation.yield(event) }
    }

    /// A stream of events for one open page, as `subscribe()`, unless
    /// `limit` streams are open already.
    ///
    /// Each open stream is a connection and its file descriptor; without a
    /// limit, a page (or a script) opening streams in a loop would exhaust
    /// the process's descriptors and the server could accept nothing else.
    public func subscribe(atMost limit: Int) -> AsyncStream<ReloadEvent>? {
        guard subscribers.count < limit else { return nil }
        return subscribe()
    }

    /// A stream of events for one open page, starting with `hello` and the
    /// current version (a page older than that reloads at once).
    public func subscribe() -> AsyncStream<ReloadEvent> {
        let id = nextSubscriber
        nextSubscriber += 1
        // A slow page only ever needs the latest news.
        let (stream, continuation) = AsyncStream<ReloadEvent>.makeStream(bufferingPolicy: .bufferingNewest(2))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        continuation.yield(.hello(version: snapshot.version))
        subscribers[id] = continuation
        return stream
    }

    /// The number of open event streams.
    public var subscriberCount: Int { subscribers.count }

    /// Ends every stream, so a shutting-down server has no request left open.
    public func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
    }
}

/// One message on the `/_kumiki/events` stream.
public enum ReloadEvent: Hashable, Sendable {
    /// Sent first: the version of the site now served.
    case hello(version: String)
    /// A build finished; `errors` is 0 when it succeeded.
    case reload(version: String, errors: Int)

    /// The event as Server-Sent Events text.
    public var serverSentEvent: String {
        switch self {
        case .hello(let version):
            "retry: 500\nevent: hello\ndata: {\"version\":\"\(version)\"}\n\n"
        case .reload(let version, let errors):
            "event: reload\ndata: {\"version\":\"\(version)\",\"errors\":\(errors)}\n\n"
        }
    }
}
