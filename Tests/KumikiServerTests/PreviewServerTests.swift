import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiSite
import Testing
import KumikiSupport
@testable import KumikiServer
import KumikiTestSupport

@Suite struct PreviewServerTests {
    @Test func pagesAreServedWithTheLiveReloadScript() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.headers[.cacheControl] == "no-store")
                    #expect(response.text.contains("Welcome."))
                    #expect(response.text.contains("data-kumiki-live-reload"))
                    #expect(response.text.contains("/_kumiki/events"))
                    #expect(!response.text.contains("kumiki-error-overlay"))
                }
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("Original paragraph."))
                    #expect(response.text.range(of: "data-kumiki-live-reload")!.lowerBound < response.text.range(of: "</body>")!.lowerBound)
                }
                try await client.execute(uri: "/assets/kumiki.css", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                    #expect(!response.text.contains("data-kumiki-live-reload"))
                }
            }
        }
    }

    @Test func headAnswersWithHeadersOnly() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/spacing/index.html", method: .head) { response in
                    #expect(response.status == .ok)
                    #expect(response.body.readableBytes == 0)
                    #expect(Int(response.headers[.contentLength] ?? "") ?? 0 > 0)
                }
            }
        }
    }

    @Test func otherMethodsAreRefusedOnSitePaths() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                for method: HTTPRequest.Method in [.post, .put, .delete] {
                    try await client.execute(uri: "/spacing/", method: method, body: ByteBuffer(string: "x")) { response in
                        #expect(response.status == .methodNotAllowed)
                        #expect(response.headers[.allow] == "GET, HEAD")
                    }
                }
            }
        }
    }

    @Test func missingPagesGetTheSite404PageWithStatus404() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/no-such-page/", method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(response.text.contains("ページが見つかりません"))
                    #expect(response.text.contains("data-kumiki-live-reload"))
                }
            }
        }
    }

    @Test(arguments: [
        "/../kumiki.yml", "/%2e%2e/kumiki.yml", "/%2E%2E/%2E%2E/etc/passwd", "/spacing/..%2f..%2fkumiki.yml",
        "/assets%2fkumiki.css", "/assets%5ckumiki.css", "/assets/kumiki.css%00", "/./index.html", "//etc/passwd",
    ])
    func traversalAttemptsGet404(path: String) async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(!response.text.contains("title: Test Guide"))
                }
            }
        }
    }

    @Test func underABasePathTheSiteIsServedThereAndNowhereElse() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/docs/")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/", method: .get) { response in
                    #expect(response.status == .found)
                    #expect(response.headers[.location] == "/docs/")
                }
                try await client.execute(uri: "/docs/spacing/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("Original paragraph."))
                }
                try await client.execute(uri: "/docs/spacing", method: .get) { response in
                    #expect(response.status == .found)
                    #expect(response.headers[.location] == "/docs/spacing/")
                }
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
        }
    }

    @Test func aBrokenBuildShowsTheOverlayOverTheLastGoodSiteUntilFixed() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            let app = Application(router: fixture.server.buildRouter())
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "title_ja: 余白", with: "title_ja: 余白\ncolour: <red>"))
            await fixture.rebuild()
            try await app.test(.router) { client in
                for path in ["/spacing/", "/", "/missing/"] {
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.text.contains("kumiki-error-overlay"))
                        #expect(response.text.contains("spacing.md:4:"))
                        #expect(response.text.contains("&lt;red&gt;") || !response.text.contains("<red>"))
                    }
                }
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("Original paragraph."))
                }
                try await client.execute(uri: "/assets/kumiki.css", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original", with: "Fixed"))
            await fixture.rebuild()
            try await app.test(.router) { client in
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(!response.text.contains("kumiki-error-overlay"))
                    #expect(response.text.contains("Fixed paragraph."))
                }
            }
        }
    }

    @Test func overlayMessagesAreEscaped() {
        let html = ErrorOverlay.html(for: [.error("unknown key '<script>alert(1)</script>'", at: .init(file: "Content/a&b.md", line: 3, column: 2))])
        #expect(html.contains("Content/a&amp;b.md:3:2"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>alert"))
    }

    /// Before the first good build nothing is served but the overlay: it
    /// says so, rather than speak of a last good build.
    @Test func theOverlaySaysWhetherAGoodBuildIsServed() {
        let problem: KumikiSupport.Diagnostic = .error("unknown key 'x'", at: .init(file: "kumiki.yml", line: 1, column: 1))
        #expect(ErrorOverlay.html(for: [problem]).contains("The site has 1 error; the last good build is still served."))
        #expect(ErrorOverlay.html(for: [problem], hasGoodBuild: false)
            .contains("The site has 1 error; it has not been built yet, and appears once they are fixed."))
    }
}

/// The server's own endpoints (live reload, playground) live under the base
/// path with the site, so a proxy that forwards only the site's path still
/// reaches them.
@Suite struct EndpointTests {
    @Test func underABasePathTheEndpointsAreThereAndNotAtTheRoot() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/docs/")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/docs/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<textarea"))
                }
                let body = ByteBuffer(string: #"{"kind": "layout", "text": "button go \"Go\" \"行く\"\ngo.top = safe.top"}"#)
                try await client.execute(uri: "/docs/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<svg"))
                }
                for path in ["/_kumiki/playground", "/_kumiki/events"] {
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.status == .notFound, "\(path)")
                    }
                }
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .methodNotAllowed || response.status == .notFound)
                    #expect(!response.text.contains("<svg class=\"k-diagram\""))
                }
                // Pages listen for reloads under the base path.
                try await client.execute(uri: "/docs/spacing/", method: .get) { response in
                    #expect(response.text.contains("data-events=\"/docs/_kumiki/events\""))
                    #expect(!response.text.contains("\"/_kumiki/events\""))
                }
            }
        }
    }

    @Test func atTheRootTheEndpointsAreUnderSlashKumiki() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            #expect(fixture.server.playgroundPath == "/_kumiki/playground")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .ok)
                }
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.text.contains("data-events=\"/_kumiki/events\""))
                }
            }
        }
    }

    @Test func anEndpointAnswersOnlyItsOwnMethod() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/docs/")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/docs/_kumiki/playground/render", method: .get) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(response.headers[.allow] == "POST")
                }
                try await client.execute(uri: "/docs/_kumiki/events", method: .post, body: ByteBuffer(string: "x")) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(response.headers[.allow] == "GET")
                }
                // HEAD is answered wherever GET is: the playground page's head.
                try await client.execute(uri: "/docs/_kumiki/playground", method: .head) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.body.readableBytes == 0)
                }
                try await client.execute(uri: "/docs/_kumiki/playground", method: .delete) { response in
                    #expect(response.headers[.allow] == "GET, HEAD")
                }
            }
        }
    }

    @Test func aBasePathTheRouterWouldReadAsAPatternIsTakenLiterally() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/:docs/")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/:docs/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .ok)
                }
                try await client.execute(uri: "/other/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .notFound)
                }
            }
        }
    }
}

/// The preview server's search index follows every rebuild: a word saved
/// into a page is found in the shards and the page's script the server
/// answers with next.
@Suite struct PreviewSearchIndexTests {
    @Test func aWordSavedIntoAPageIsInTheIndexAfterTheRebuild() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            let app = Application(router: fixture.server.buildRouter())
            try await app.test(.router) { client in
                let shards = try await Self.shards(client)
                #expect(shards.allSatisfy { !$0.contains("\"quokka\"") })
            }
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original paragraph.", with: "Quokka paragraph."))
            await fixture.rebuild()
            try await app.test(.router) { client in
                try await client.execute(uri: "/search/p/spacing.js", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("Quokka paragraph."))
                    #expect(!response.text.contains("Original paragraph."))
                }
                let shards = try await Self.shards(client)
                #expect(shards.contains { $0.contains("\"quokka\"") })
            }
        }
    }

    /// Every shard the index's manifest names, as the server answers them.
    private static func shards(_ client: some TestClientProtocol) async throws -> [String] {
        var count = 0
        try await client.execute(uri: "/search/index.js", method: .get) { response in
            #expect(response.status == .ok)
            let text = response.text
            if let range = text.range(of: "\"shards\":") {
                count = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }
        #expect(count > 0)
        var texts: [String] = []
        for number in 0..<count {
            try await client.execute(uri: "/search/s/\(number).js", method: .get) { response in
                #expect(response.status == .ok)
                texts.append(response.text)
            }
        }
        return texts
    }
}
