import ArgumentParser
import Foundation
import KumikiSupport
import KumikiServer
import KumikiSite

extension Kumiki {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Preview the site while you write: rebuild on save, reload open pages.",
            discussion: """
                Builds the site in memory and serves it, by default on http://127.0.0.1:8000/. \
                Content, templates and kumiki.yml are watched; after each save the site is rebuilt \
                (layout blocks that did not change are not solved again) and open pages reload, \
                keeping their scroll position and language. While a build has errors, the last good \
                site is still served with the errors laid over every page. A layout playground is at \
                _kumiki/playground under the base path (/_kumiki/playground, or /docs/_kumiki/playground \
                with --base-path /docs/), beside the live-reload stream. Ctrl-C stops the server.
                """)

        @OptionGroup var site: SiteOptions

        @Option(help: "The port to listen on.")
        var port = 8000

        @Option(help: "The address to listen on. Anything but loopback makes the preview reachable from other machines.")
        var host = "127.0.0.1"

        @Option(name: .customLong("allow-host"),
                help: ArgumentHelp("Also answer requests for this host name (repeatable): the preview reached through a proxy or a local name. Requests for any other name get 421.", valueName: "name"))
        var allowedHosts: [String] = []

        @Option(name: .customLong("base-path"), help: "Serve the site under this path, as it will be published (e.g. /docs/).")
        var basePath = "/"

        @Flag(help: "Open the site in the default browser once the server is running.")
        var open = false

        @Flag(help: "Find changes by scanning modification times instead of using the system's file events.")
        var poll = false

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port must be between 0 and 65535, not \(port)")
            }
            guard BasePath(basePath) != nil else {
                throw ValidationError("--base-path must be a plain path such as /docs/, not '\(basePath)'")
            }
            guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
            for name in allowedHosts where !HostPolicy.isHostName(name) {
                throw ValidationError("--allow-host takes a host name such as docs.local, not '\(name)'")
            }
        }

        func run() async throws {
            let settings = PreviewSettings(host: host, port: port, basePath: BasePath(basePath) ?? .root, allowedHosts: allowedHosts)
            let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            var options = site.buildOptions
            // The 404 page's links start from the preview's root unless
            // --base-url says otherwise. The pages themselves do not name the
            // address, so they are the pages `kumiki build` makes and caches,
            // whichever port the preview listens on.
            if site.baseURL == nil { options.notFoundRoot = settings.basePath.value }

            let builder = PreviewBuilder(options: options)
            let live = LiveReload(instance: String(UInt32.random(in: .min ... .max), radix: 36))
            let first = builder.build()
            DiagnosticPrinter.print(first.result.diagnostics)
            await live.publish(first.result)
            if first.result.succeeded {
                let explanation = first.result.explanation
                Self.say("Built \(first.result.pageCount) page\(first.result.pageCount == 1 ? "" : "s") in \(Self.milliseconds(first.duration)) ms "
                    + "(\(explanation.pagesFromStore) from the store, \(explanation.computedPages.count) computed)")
            } else {
                printError("kumiki: the site has \(first.result.diagnostics.errorCount) error(s); pages show them until they are fixed")
            }
            if !settings.isLoopback {
                printError("kumiki: warning: listening on \(host): the preview is reachable from other machines on the network")
                if ["0.0.0.0", "::", "[::]"].contains(host) && allowedHosts.isEmpty {
                    // Requests are answered only for the server's own names.
                    printError("kumiki: note: other machines must address it by a name or address given with --allow-host")
                }
            }

            // The built-in theme is in the binary: nothing of it to watch.
            // The token files kumiki.yml names when the preview starts, or
            // its resolver and every token file the resolver names, are
            // watched too (a file named later is read by the next rebuild,
            // and watched once the preview is started again).
            let tokenFiles = options.configuration.directory.map { folder in
                SiteConfig.load(from: options.configuration).0.tokens.filesRead(from: options.configuration).map {
                    URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL.path
                }
            } ?? []
            let watched = WatchedPaths(
                folders: [options.content.directory, options.templates.directory].compactMap { $0?.path },
                files: [options.configuration.directory].compactMap { $0?.appendingPathComponent(SiteConfig.fileName).path }
                    + tokenFiles)
            let watcher = FileWatcher(paths: watched, forcePolling: poll)
            let server = PreviewServer(settings: settings, builder: builder, live: live)
            let shouldOpen = open, storesOnDisk = options.cacheDirectory != nil
            let base = settings.basePath.value, playground = server.playgroundPath
            do {
                try await server.run(
                    watcher: watcher,
                    didRebuild: { report, changes in Self.log(report, changes: changes) },
                    didStoreCache: { duration in
                        if storesOnDisk {
                            Self.say("Stored the build in .kumiki-cache in \(Self.milliseconds(duration)) ms")
                        }
                    },
                    onServerRunning: { boundPort in
                        let origin = "http://\(hostPart):\(boundPort)"
                        let url = origin + base
                        Self.say("Serving at \(url)  (playground: \(origin)\(playground); watching with \(watcher.method.rawValue); Ctrl-C to stop)")
                        if shouldOpen { Self.openInBrowser(url) }
                    })
            } catch where PreviewServer.isAddressInUse(error) {
                watcher.stop()
                printError("kumiki: error: port \(port) on \(host) is already in use (another kumiki serve?); try --port \(port == 65535 ? 8001 : port + 1)")
                throw ExitCode.failure
            } catch {
                // An address that names no interface of this machine, say.
                watcher.stop()
                printError("kumiki: error: cannot listen on \(host), port \(port): \(error); --host takes an address of this machine, such as 127.0.0.1")
                throw ExitCode.failure
            }
            Self.say("Stopped.")
        }

        private static func log(_ report: PreviewBuilder.Report, changes: [String]) {
            let changed = changes.count == 1 ? (changes[0] as NSString).lastPathComponent : "\(changes.count) files"
            let (hits, misses) = report.result.storedBlocks
            let cache = "\(hits) block\(hits == 1 ? "" : "s") from the store, \(misses) solved"
            if report.result.succeeded {
                say("Rebuilt after changes to \(changed) in \(milliseconds(report.duration)) ms (\(cache))")
            } else {
                DiagnosticPrinter.print(report.result.diagnostics)
                printError("kumiki: build failed after changes to \(changed); still serving the last good site")
            }
        }

        /// A line on standard output, written at once (not buffered until
        /// exit, which a long-running server never reaches when piped).
        private static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }

        private static func openInBrowser(_ url: String) {
            let process = Process()
            #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            process.arguments = [url]
            #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", url]
            #endif
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { printError("kumiki: could not open a browser; visit \(url)") }
        }
    }
}
