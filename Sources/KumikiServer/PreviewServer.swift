import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Where and how the preview listens.
public struct PreviewSettings: Sendable {
    public var host: String
    public var port: Int
    /// Where the site lives on the server, as it will when published.
    public var basePath: BasePath
    /// The largest playground request accepted (larger ones get 413).
    public var maximumPlaygroundBody: Int
    /// More names to answer for than loopback and `host` (`--allow-host`):
    /// the preview reached through a proxy or a local name.
    public var allowedHosts: [String]
    /// What one client may cost the server.
    public var limits: ServerLimits

    public init(host: String = "127.0.0.1", port: Int = 8000, basePath: BasePath = .root, maximumPlaygroundBody: Int = 64 * 1024,
                allowedHosts: [String] = [], limits: ServerLimits = .standard) {
        self.host = host
        self.port = port
        self.basePath = basePath
        self.maximumPlaygroundBody = maximumPlaygroundBody
        self.allowedHosts = allowedHosts
        self.limits = limits
    }

    /// Whether the server is reachable only from this machine.
    public var isLoopback: Bool {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }
}

/// The preview server: the site from memory, live reload, the playground.
public struct PreviewServer: Sendable {
    public let settings: PreviewSettings
    public let builder: PreviewBuilder
    public let live: LiveReload
    /// The port once bound (`--port 0` picks one), which `Host` must name.
    public let boundPort: BoundPort
    private let playground: PlaygroundController

    public init(settings: PreviewSettings, builder: PreviewBuilder, live: LiveReload) {
        self.settings = settings
        self.builder = builder
        self.live = live
        boundPort = BoundPort(settings.port)
        // One controller for the server's life: its solve queue bounds the
        // solves of every request together.
        playground = PlaygroundController(builder: builder, basePath: settings.basePath,
                                          maximumBodySize: settings.maximumPlaygroundBody, limits: settings.limits)
    }

    /// The names requests may be addressed to, and which origins may send
    /// requests that do work.
    public var hostPolicy: HostPolicy {
        HostPolicy(host: settings.host, allowedHosts: settings.allowedHosts, port: boundPort)
    }

    /// The server's answers: its own endpoints under `BASE_kumiki/`, then
    /// the site for every other path.
    public func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        // No routes: every request reaches the router's not-found path, which
        // these wrap, first added outermost. The guard comes first: a request
        // for a foreign host gets nothing of the site.
        router.add(middleware: RequestGuardMiddleware(policy: hostPolicy))
        router.add(middleware: EndpointMiddleware(
            basePath: settings.basePath,
            events: EventsController(live: live, maximumStreams: settings.limits.maximumEventStreams),
            playground: playground))
        router.add(middleware: SiteMiddleware(live: live, basePath: settings.basePath))
        return router
    }

    /// Where the playground is, from the server's origin: `/docs/_kumiki/playground`.
    public var playgroundPath: String { ServerEndpoint.playground.path(under: settings.basePath) }

    /// The application, with the rebuild service when a watcher is given.
    public func buildApplication(
        watcher: FileWatcher?,
        didRebuild: @escaping @Sendable (PreviewBuilder.Report, [String]) -> Void = { _, _ in },
        didStoreCache: @escaping @Sendable (Duration) -> Void = { _ in },
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        var services: [any Service] = []
        if let watcher {
            services.append(RebuildService(builder: builder, live: live, watcher: watcher, didRebuild: didRebuild,
                                           didStoreCache: didStoreCache))
        }
        let limits = settings.limits
        let boundPort = boundPort
        return Application(
            router: buildRouter(),
            server: .http1(configuration: .init(additionalChannelHandlers: [
                HTTP1HeadHandler.Installer(),
                RequestTimeoutHandler(headerTimeout: .init(limits.headerTimeout), bodyTimeout: .init(limits.bodyTimeout)),
            ])),
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "kumiki"),
            services: services,
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.set(port)
                await onServerRunning(port)
            }
        )
    }

    /// Runs the server until SIGINT or SIGTERM, then shuts down gracefully:
    /// open event streams end, the watcher stops, requests in flight finish.
    /// - Throws: What binding or serving failed with (see `isAddressInUse`).
    public func run(
        watcher: FileWatcher,
        didRebuild: @escaping @Sendable (PreviewBuilder.Report, [String]) -> Void,
        didStoreCache: @escaping @Sendable (Duration) -> Void = { _ in },
        onServerRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        try await buildApplication(watcher: watcher, didRebuild: didRebuild, didStoreCache: didStoreCache,
                                   onServerRunning: onServerRunning).runService()
    }

    /// Serves until the task that runs it is cancelled, leaving SIGINT and
    /// SIGTERM to the process: the language server's preview lives inside
    /// `kumiki lsp`, which ends with its client. No watcher: the host tells
    /// the builder when to build.
    /// - Throws: What binding or serving failed with.
    public func serve(onServerRunning: @escaping @Sendable (Int) async -> Void) async throws {
        try await buildApplication(watcher: nil, onServerRunning: onServerRunning).runService(gracefulShutdownSignals: [])
    }

    /// Whether an error from running the server means the port is taken.
    public static func isAddressInUse(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == EADDRINUSE }
        return String(describing: error).contains("Address already in use")
    }
}
