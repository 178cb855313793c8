import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiDiagnostics
import KumikiSite
import Testing
@testable import KumikiServer

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
                try await client.execute(uri: "/_kumiki/playground", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<textarea"))
                    #expect(response.text.contains("value=\"dont\""))
                    #expect(response.text.contains("Copy as Markdown"))
                    #expect(response.text.contains("/docs/assets/kumiki.css"))
                }
            }
        }
    }

    @Test func aBlockIsRenderedByTheSitesLayoutHandler() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let body = try json(["kind": "do", "text": "title: Hi | やあ\nbutton go \"Go\" \"<行く>\"", "environment": "devices: phones"])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, headers: [.contentType: "application/json"], body: body) { response in
                    #expect(response.status == .ok)
                    let result = try decoded(response)
                    let html = result["html"] as? String ?? ""
                    // Today's handler shows the block's source in a figure;
                    // the engine's handler will draw it. Either way it is the
                    // same function the build calls.
                    let expected = SiteBuilder.defaultHandlers.first { $0.name == "layout" }!.render(FencedBlock(
                        info: "layout do", text: "devices: phones\ntitle: Hi | やあ\nbutton go \"Go\" \"<行く>\"",
                        start: SourceLocation(file: "playground", line: 1), firstLine: SourceLocation(file: "playground", line: 2), index: 1))
                    #expect(html == expected.html)
                    #expect(html.contains("layout-do"))
                    #expect(!html.contains("<行く>"))
                    #expect(result["markdown"] as? String == "```layout do\ndevices: phones\ntitle: Hi | やあ\nbutton go \"Go\" \"<行く>\"\n```\n")
                    #expect((result["diagnostics"] as? [Any])?.count == expected.diagnostics.count)
                }
            }
        }
    }

    @Test func aBadBlockComesBackWithItsDiagnostics() async throws {
        let failing = FencedBlockHandler(name: "layout") { block in
            FencedBlockOutput(html: "<p>unsolved</p>", diagnostics: [
                .error("unknown anchor 'nowhere'", at: block.firstLine.offset(lines: 1, column: 8)),
            ])
        }
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site, handlers: [failing])
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let body = try json(["kind": "layout", "text": "button go \"Go\" \"行く\"\ngo.top = nowhere.top"])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .ok)
                    let problems = try decoded(response)["diagnostics"] as? [[String: Any]] ?? []
                    #expect(problems.count == 1)
                    #expect(problems.first?["text"] as? String == "playground:3:8: error: unknown anchor 'nowhere'")
                    #expect(problems.first?["line"] as? Int == 3)
                }
            }
        }
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
