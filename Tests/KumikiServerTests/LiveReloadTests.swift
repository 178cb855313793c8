import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiTestSupport

@Suite(.serialized) struct LiveReloadTests {
    @Test func anEditReachesOpenPagesAsAnEventAndNewContent() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            let watcher = FileWatcher(paths: WatchedPaths(folders: [site.content.path, site.templates.path],
                                                          files: [site.root.appendingPathComponent("kumiki.yml").path]))
            let app = fixture.server.buildApplication(watcher: watcher)
            try await app.test(.live) { client in
                let events = try EventStreamReader(port: try #require(client.port), path: "/_kumiki/events")
                let hello = await events.next(containing: "event: hello")
                #expect(hello?.contains("\"version\":\"test-1\"") == true)

                // An edit: one event, and the page has the new text.
                try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original", with: "Edited"))
                let reload = await events.next(containing: "event: reload")
                #expect(reload?.contains("\"errors\":0") == true)
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.text.contains("Edited paragraph."))
                    #expect(!response.text.contains("kumiki-error-overlay"))
                }

                // A broken edit: an event carrying the error count; pages
                // keep the last good content under the overlay.
                try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "title_ja: 余白", with: "title_ja: 余白\ncolour: red"))
                let broken = await events.next(containing: "event: reload")
                #expect(broken?.contains("\"errors\":1") == true)
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.text.contains("kumiki-error-overlay"))
                    #expect(response.text.contains("spacing.md:4:"))
                    #expect(response.text.contains("Edited paragraph."))
                }

                // The fix: the overlay is gone.
                try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original", with: "Fixed"))
                let fixed = await events.next(containing: "event: reload")
                #expect(fixed?.contains("\"errors\":0") == true)
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.text.contains("Fixed paragraph."))
                    #expect(!response.text.contains("kumiki-error-overlay"))
                }

                // kumiki.yml is watched too.
                try Data("title: Renamed Guide\n".utf8).write(to: site.root.appendingPathComponent("kumiki.yml"))
                _ = await events.next(containing: "event: reload")
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.text.contains("Renamed Guide"))
                }
            }
        }
    }

    @Test func underABasePathTheStreamIsThere() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/docs/")
            let app = fixture.server.buildApplication(watcher: nil)
            try await app.test(.live) { client in
                let events = try EventStreamReader(port: try #require(client.port), path: "/docs/_kumiki/events")
                let hello = await events.next(containing: "event: hello")
                #expect(hello?.contains("\"version\":\"test-1\"") == true)
            }
        }
    }

    @Test func aNewStreamStartsWithTheCurrentVersionThenEachBuild() async throws {
        try await TemporarySite.with { site in
            let live = LiveReload(instance: "run")
            let stream = await live.subscribe()
            var iterator = stream.makeAsyncIterator()
            #expect(await iterator.next() == .hello(version: "run-0"))
            await live.publish(PreviewBuilder(options: site.options).build().result)
            #expect(await iterator.next() == .reload(version: "run-1", errors: 0))
            #expect(await live.snapshot.files["spacing/index.html"] != nil)
        }
    }

    @Test func eventsAreWrittenAsServerSentEvents() {
        #expect(ReloadEvent.reload(version: "run-1", errors: 2).serverSentEvent == "event: reload\ndata: {\"version\":\"run-1\",\"errors\":2}\n\n")
        #expect(ReloadEvent.hello(version: "run-0").serverSentEvent.hasPrefix("retry: 500\nevent: hello\n"))
    }
}
