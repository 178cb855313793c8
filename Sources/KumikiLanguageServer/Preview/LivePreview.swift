import Foundation
import KumikiServer
import KumikiSite
import KumikiSupport

/// The live diagram (`kumiki.preview`): one site served as `kumiki serve`
/// serves it (`PreviewServer`: on 127.0.0.1 only, with its Host and Origin
/// checks and its live reload), built from the editor's unsaved text over
/// the files on disk, and built again whenever that text or a file changes.
///
/// It builds in the site's own session (`SiteWorkspace.session`), so pages
/// and blocks the checks computed are not computed again, and the checks
/// after it find what it solved. Nothing is started until a client asks:
/// a server without a preview holds no built site.
final class LivePreview: Sendable {
    let workspace: SiteWorkspace
    /// The port the system chose on 127.0.0.1.
    let port: Int
    private let builder: PreviewBuilder
    private let live: LiveReload
    /// The server, for as long as the process lives: `kumiki lsp` ends
    /// with its client, and the preview with it.
    private let serving: Task<Void, Never>
    /// Builds, one at a time, in the order they were asked for.
    private let queue = DispatchQueue(label: "org.kumiki.lsp.preview")
    /// The newest texts not built yet; `nil` when no build waits, so a
    /// burst of changes during a build makes one build after it.
    private let waiting = LockedValue<[String: String]?>(nil)

    /// Why a preview could not start.
    struct StartFailure: Error {
        var message: String
    }

    private init(workspace: SiteWorkspace, port: Int, builder: PreviewBuilder, live: LiveReload, serving: Task<Void, Never>) {
        self.workspace = workspace
        self.port = port
        self.builder = builder
        self.live = live
        self.serving = serving
    }

    /// Listens on a free loopback port, serving nothing until the first
    /// `update`.
    ///
    /// - Parameter timeout: how long binding the port may take.
    static func start(workspace: SiteWorkspace, timeout: DispatchTimeInterval = .seconds(20)) throws(StartFailure) -> LivePreview {
        let builder = PreviewBuilder(options: workspace.options(edits: [:]).servedFromRoot, session: workspace.session)
        let live = LiveReload(instance: String(UInt32.random(in: .min ... .max), radix: 36))
        let server = PreviewServer(settings: PreviewSettings(host: "127.0.0.1", port: 0), builder: builder, live: live)
        let bound = LockedValue<Result<Int, StartFailure>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let serving = Task {
            do {
                try await server.serve { port in
                    bound.set(.success(port))
                    ready.signal()
                }
            } catch {
                if bound.current == nil {
                    bound.set(.failure(StartFailure(message: "the preview could not listen on 127.0.0.1: \(error)")))
                    ready.signal()
                }
            }
        }
        guard ready.wait(timeout: .now() + timeout) == .success, let result = bound.current else {
            serving.cancel()
            throw StartFailure(message: "the preview did not start listening on 127.0.0.1 in time")
        }
        switch result {
        case .success(let port):
            return LivePreview(workspace: workspace, port: port, builder: builder, live: live, serving: serving)
        case .failure(let failure):
            throw failure
        }
    }

    /// Builds the site again with `edits` (texts by path relative to the
    /// site's root) over the files on disk, after the builds already asked
    /// for; open pages reload when it is served.
    ///
    /// - Parameter built: told of each build's result (the server logs a
    ///   failed one: the page shows its errors over the last good site).
    func update(edits: [String: String], built: @escaping @Sendable (BuildResult) -> Void = { _ in }) {
        let isFirst = waiting.withValue { waiting -> Bool in
            defer { waiting = edits }
            return waiting == nil
        }
        guard isFirst else { return }
        queue.async { [self] in
            let newest = waiting.withValue { waiting -> [String: String]? in
                defer { waiting = nil }
                return waiting
            }
            guard let newest else { return }
            let report = builder.build(reading: workspace.options(edits: newest).servedFromRoot)
            let published = DispatchSemaphore(value: 0)
            let live = live
            Task {
                await live.publish(report.result)
                published.signal()
            }
            published.wait()
            built(report.result)
        }
    }

    /// Returns once every build asked for so far is served.
    func waitForBuilds() {
        queue.sync {}
    }

    /// The address of a page's row: `http://127.0.0.1:PORT/SLUG/#ANCHOR`
    /// (the home page is the root).
    ///
    /// - Parameters:
    ///   - contentPath: the page's path in the content folder; `nil` for a
    ///     file that is no page (kumiki.yml, a token file): the site's root.
    ///   - outline: the page as the editor holds it.
    ///   - line: the 1-based line whose row is shown.
    func url(of contentPath: String?, outline: PageOutline?, line: Int) -> String {
        var url = "http://127.0.0.1:\(port)/"
        guard let contentPath, let outline else { return url }
        let path = outline.sitePath(relativePath: contentPath)
        url += path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        if let anchor = outline.rowAnchor(atLine: line) {
            url += "#" + (anchor.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? anchor)
        }
        return url
    }
}

extension BuildOptions {
    /// The options a preview at the server's root builds with: as `kumiki
    /// serve` without --base-url, the 404 page's links start at the root;
    /// no other page names the address.
    fileprivate var servedFromRoot: BuildOptions {
        var options = self
        options.notFoundRoot = BasePath.root.value
        return options
    }
}
