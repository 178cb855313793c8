import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite

/// Builds the site for the preview: the same `SiteBuilder` as `kumiki
/// build`, in one build session kept for the whole preview, so a rebuild
/// takes from the session's store every page and block whose key (what it
/// reads) is unchanged.
public struct PreviewBuilder: Sendable {
    /// Where the site is read from: the options the preview started with,
    /// or the latest `build(reading:)` gave.
    public var options: BuildOptions { sources.current }
    private let sources: LockedValue<BuildOptions>
    /// Handlers to use instead of the site's own (tests); `nil` for the
    /// site's, which the builder makes from the device catalog in kumiki.yml.
    public let handlers: [FencedBlockHandler]?
    /// The preview's build session: its store keeps what the builds compute
    /// in memory, and on disk once `persist()` is asked.
    public let session: BuildSession
    /// The site's devices and the playground's layout handler, made again
    /// only when the text of `kumiki.yml` changes.
    private let playground = LockedValue<PlaygroundDevices?>(nil)

    private struct PlaygroundDevices: Sendable {
        var configuration: Data
        var catalog: DeviceCatalog
        var handler: FencedBlockHandler?
        /// The site's tokens as layout blocks read them, and their digest.
        var tokens: LayoutBlockTokens
    }

    /// What one build did, for the server's log.
    public struct Report: Sendable {
        public var result: BuildResult
        public var duration: Duration
    }

    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil, bound: StoreBound = StoreBound()) {
        self.init(options: options, handlers: handlers,
                  session: BuildSession(cacheDirectory: options.cacheDirectory, policy: .preview(bound)))
    }

    /// A preview that builds in a session kept by someone else: the
    /// language server's, whose checks and previews share what they
    /// computed.
    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil, session: BuildSession) {
        self.sources = LockedValue(options)
        self.handlers = handlers
        self.session = session
    }

    /// Builds the whole site; pages and blocks whose keys are unchanged
    /// come from the session's store.
    public func build() -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        refreshPlaygroundDevices()
        let result = SiteBuilder(options: options, handlers: handlers, session: session).build()
        return Report(result: result, duration: start.duration(to: clock.now))
    }

    /// Builds the whole site from `options` from now on: the language
    /// server's preview reads the editor's unsaved text over the files on
    /// disk, and that text changes between builds. Builds must not overlap.
    public func build(reading options: BuildOptions) -> Report {
        sources.set(options)
        return build()
    }

    /// Writes what the session computed to the store on disk, so the next
    /// preview or `kumiki build` starts from it.
    ///
    /// - Returns: How long it took.
    @discardableResult
    public func persist() -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        session.persist()
        return start.duration(to: clock.now)
    }

    /// The playground's devices follow `kumiki.yml`: decided by its text,
    /// never by which files a change named.
    /// Its tokens too: decided by the token files' bytes (the session
    /// reads them once per change).
    private func refreshPlaygroundDevices() {
        let text = options.configuration.contents(of: SiteConfig.fileName) ?? Data()
        let (config, catalog, _) = SiteConfig.loadWithCatalog(from: options.configuration)
        let tokens = session.tokens(config.tokens, configuration: options.configuration).layoutTokens
        guard playground.current?.configuration != text || playground.current?.tokens.digest != tokens.digest else { return }
        let handler = handlers.map { $0.first { $0.name == "layout" } } ?? LayoutBlockHandler(catalog: catalog, tokens: tokens).handler
        playground.set(PlaygroundDevices(configuration: text, catalog: catalog, handler: handler, tokens: tokens))
    }

    /// The token table the playground's blocks are read with (the
    /// modifiers' defaults).
    public var layoutTokenTable: LayoutTokenTable {
        playground.current?.tokens.base ?? .empty
    }

    /// The handler `layout` blocks get (not through the store), which the
    /// playground calls; `nil` before the first build.
    public var layoutHandler: FencedBlockHandler? {
        playground.current?.handler
    }

    /// The site's devices as of the latest build (the bundled catalog
    /// before the first one).
    public var deviceCatalog: DeviceCatalog {
        playground.current?.catalog ?? .bundled()
    }
}
