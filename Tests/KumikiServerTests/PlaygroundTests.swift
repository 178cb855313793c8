import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiSupport
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiTestSupport

@Suite struct PlaygroundTests {
    func json(_ object: [String: String]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    func decoded(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
    }

    @Test func thePageHasTheEditorKindsAndCopyButton() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, basePath: "/docs/")
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/docs/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<textarea"))
                    #expect(response.text.contains("value=\"dont\""))
                    #expect(response.text.contains("Copy as Markdown"))
                    #expect(response.text.contains("/docs/assets/kumiki.css"))
                    // It sends its blocks under the base path too.
                    #expect(response.text.contains("data-render=\"/docs/_kumiki/playground/render\""))
                    #expect(!response.text.contains("\"/_kumiki/"))
                }
            }
        }
    }

    @Test func aBlockIsSolvedByTheSitesLayoutHandler() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let text = PlaygroundPage.example
                let body = try json(["kind": "do", "text": text, "environment": "devices: phones"])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, headers: [.contentType: "application/json"], body: body) { response in
                    #expect(response.status == .ok)
                    let result = try decoded(response)
                    let html = result["html"] as? String ?? ""
                    // The very function the build used for the site's pages.
                    let handler = try #require(fixture.server.builder.layoutHandler)
                    let expected = handler.prepare(FencedBlock(
                        info: "layout do", text: "devices: phones\n" + text,
                        start: SourceLocation(file: "playground", line: 1), firstLine: SourceLocation(file: "playground", line: 2), index: 1)).render()
                    // With the device frames its diagrams draw by reference,
                    // as a page writes them once after its blocks.
                    #expect(html == expected.html + expected.definitions.html)
                    #expect(html.contains("<svg class=\"k-defs\""))
                    #expect(html.contains("<svg"))
                    #expect(html.contains("layout-do"))
                    #expect(!html.contains("iPad"))
                    #expect(result["markdown"] as? String == "```layout do\ndevices: phones\n" + text + "\n```\n")
                    // Its findings too, worded as the build prints them.
                    let problems = (result["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                    #expect(problems == expected.diagnostics.map(\.description))
                }
            }
        }
    }

    @Test func aBadBlockComesBackWithItsDiagnostics() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let body = try json(["kind": "layout", "text": "button go \"Go\" \"行く\"\ngo.top = nowhere.top"])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .ok)
                    let problems = try decoded(response)["diagnostics"] as? [[String: Any]] ?? []
                    #expect(!problems.isEmpty)
                    #expect(problems.contains { ($0["text"] as? String ?? "").hasPrefix("playground:3:") && $0["severity"] as? String == "error" })
                }
            }
        }
    }

    @Test func aSiteWithoutALayoutHandlerSaysSo() {
        let response = PlaygroundController.render(
            PlaygroundRequest(kind: "layout", text: "x", environment: nil), info: "layout", handler: nil)
        #expect(response.html.isEmpty)
        #expect(response.diagnostics.first?.message == "this site has no handler for layout blocks")
    }

    @Test func aFenceInsideTheBlockGetsALongerFence() {
        let request = PlaygroundRequest(kind: "layout", text: "note ````", environment: nil)
        #expect(request.markdown(info: "layout") == "`````layout\nnote ````\n`````\n")
    }

    @Test func requestsOverTheLimitGet413() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let body = try json(["kind": "layout", "text": String(repeating: "a.top = b.top\n", count: 5000)])
                #expect(body.readableBytes > 64 * 1024)
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .contentTooLarge)
                }
            }
        }
    }

    @Test func malformedRequestsGet400() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: ByteBuffer(string: "not json")) { response in
                    #expect(response.status == .badRequest)
                }
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: try json(["kind": "maybe", "text": ""])) { response in
                    #expect(response.status == .badRequest)
                }
            }
        }
    }
}
