import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import KumikiServer
import KumikiTestSupport

/// Which requests the preview answers: only those addressed to its own
/// names (against DNS rebinding), and, when they make it do work, only
/// those from its own pages (against drive-by posts from other sites).
@Suite struct HostPolicyTests {
    let policy = HostPolicy(host: "127.0.0.1", port: BoundPort(8000))

    func verdict(_ host: String?, origin: String? = nil, fetchSite: String? = nil, post: Bool = false) -> HostPolicy.Verdict {
        policy.verdict(authority: host, origin: origin, fetchSite: fetchSite, changesState: post)
    }

    @Test(arguments: ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LocalHost:8000", "localhost.:8000", "localhost", "127.0.0.1"])
    func loopbackNamesAreAnswered(host: String) {
        #expect(verdict(host) == .allow)
    }

    @Test(arguments: [
        "evil.example", "evil.example:8000", "localhost.evil.example:8000", "127.0.0.1.nip.io:8000",
        "localhost:8001", "[::1]:9", "localhost:8000:1", "::1:8000", "[::1", "localhost:", "localhost:http", "192.168.1.20:8000",
        "localhost :8000", "local host:8000",
    ])
    func anyOtherNameOrPortIsRefused(host: String) {
        #expect(verdict(host) == .foreignHost(host))
    }

    @Test func aRequestWithoutHostIsRefused() {
        #expect(verdict(nil) == .missingHost)
        #expect(verdict("") == .missingHost)
    }

    @Test func theBoundAddressAndAllowedNamesAreAnswered() {
        let lan = HostPolicy(host: "192.168.1.20", allowedHosts: ["Docs.Local", "preview.example.org"], port: BoundPort(8000))
        #expect(lan.verdict(authority: "192.168.1.20:8000", origin: nil, fetchSite: nil, changesState: false) == .allow)
        #expect(lan.verdict(authority: "docs.local", origin: nil, fetchSite: nil, changesState: false) == .allow)
        // Behind a proxy the port is the proxy's.
        #expect(lan.verdict(authority: "preview.example.org:443", origin: nil, fetchSite: nil, changesState: false) == .allow)
        #expect(lan.verdict(authority: "192.168.1.21:8000", origin: nil, fetchSite: nil, changesState: false) == .foreignHost("192.168.1.21:8000"))
        #expect(lan.verdict(authority: "preview.example.org", origin: "https://preview.example.org", fetchSite: "same-origin", changesState: true) == .allow)
    }

    @Test func anIPv6BindingIsAnsweredInBrackets() {
        let v6 = HostPolicy(host: "::1", port: BoundPort(8000))
        #expect(v6.verdict(authority: "[::1]:8000", origin: nil, fetchSite: nil, changesState: false) == .allow)
    }

    @Test func postsFromThePreviewsOwnPagesAreAccepted() {
        #expect(verdict("localhost:8000", origin: "http://localhost:8000", fetchSite: "same-origin", post: true) == .allow)
        #expect(verdict("127.0.0.1:8000", origin: "http://127.0.0.1:8000", post: true) == .allow)
        // Tools such as curl send no Origin; a web page cannot leave it out.
        #expect(verdict("localhost:8000", post: true) == .allow)
    }

    @Test(arguments: [
        ("http://evil.example", nil), ("http://localhost:3000", nil), ("https://localhost:8000", nil), ("null", nil),
        (nil, "cross-site"), (nil, "same-site"), ("http://localhost:8000", "cross-site"),
    ] as [(String?, String?)])
    func postsFromAnyOtherPageAreRefused(origin: String?, fetchSite: String?) {
        guard case .crossOrigin = verdict("localhost:8000", origin: origin, fetchSite: fetchSite, post: true) else {
            Issue.record("accepted a POST with Origin \(origin ?? "-") and Sec-Fetch-Site \(fetchSite ?? "-")")
            return
        }
    }

    @Test func readingIsNotAskedWhereItComesFrom() {
        // Another site's page may link to the preview or load its pages; it
        // cannot read them (no CORS headers) and they change nothing.
        #expect(verdict("localhost:8000", origin: "http://evil.example", fetchSite: "cross-site") == .allow)
    }

    @Test func allowHostTakesBareNames() {
        #expect(HostPolicy.isHostName("docs.local"))
        #expect(HostPolicy.isHostName("192.168.1.20"))
        #expect(HostPolicy.isHostName("::1"))
        #expect(!HostPolicy.isHostName("http://docs.local"))
        #expect(!HostPolicy.isHostName("docs.local:8000"))
        #expect(!HostPolicy.isHostName("docs.local/x"))
        #expect(!HostPolicy.isHostName(""))
    }
}

@Suite struct RequestGuardTests {
    let block = #"{"kind": "layout", "text": "button go \"Go\" \"行く\"\ngo.top = safe.top"}"#

    @Test func aPostFromAnotherSiteIsRefusedWith403() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                try await client.execute(uri: "/_kumiki/playground/render", method: .post,
                                         headers: [.origin: "http://evil.example"], body: ByteBuffer(string: block)) { response in
                    #expect(response.status == .forbidden)
                    #expect(response.text.contains("Origin: http://evil.example"))
                    #expect(!response.text.contains("<svg"))
                }
                try await client.execute(uri: "/_kumiki/playground/render", method: .post,
                                         headers: [.secFetchSite: "cross-site"], body: ByteBuffer(string: block)) { response in
                    #expect(response.status == .forbidden)
                }
            }
        }
    }

    @Test func aPostFromThePlaygroundPageIsSolved() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                // The test client addresses the server as "localhost".
                try await client.execute(uri: "/_kumiki/playground/render", method: .post,
                                         headers: [.origin: "http://localhost", .secFetchSite: "same-origin"],
                                         body: ByteBuffer(string: block)) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("<svg"))
                }
            }
        }
    }

    @Test func aRequestForAForeignHostGets421AndNothingOfTheSite() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                // What a page on evil.example sees after rebinding its name to 127.0.0.1.
                let rebound = try RawConnection(port: port)
                rebound.send("GET / HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n")
                let refused = await rebound.read()
                #expect(refused.text.hasPrefix("HTTP/1.1 421"))
                #expect(refused.text.contains("--allow-host"))
                #expect(!refused.text.contains("Welcome."))

                let own = try RawConnection(port: port)
                own.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                let served = await own.read()
                #expect(served.text.hasPrefix("HTTP/1.1 200"))
                #expect(served.text.contains("Welcome."))

                // The bound port is learnt when the server starts: another port is another server.
                let otherPort = try RawConnection(port: port)
                otherPort.send("GET / HTTP/1.1\r\nHost: localhost:\(port == 65535 ? 1 : port + 1)\r\nConnection: close\r\n\r\n")
                #expect(await otherPort.read().text.hasPrefix("HTTP/1.1 421"))
            }
        }
    }

    /// A Host given twice could be checked under one name and answered
    /// under the other: whichever comes first, the request gets 400.
    @Test func aRequestNamingItsHostTwiceGets400() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                for hosts in [("127.0.0.1:\(port)", "evil.example"), ("evil.example", "127.0.0.1:\(port)")] {
                    let connection = try RawConnection(port: port)
                    connection.send("GET / HTTP/1.1\r\nHost: \(hosts.0)\r\nHost: \(hosts.1)\r\nConnection: close\r\n\r\n")
                    let answer = await connection.read()
                    #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(hosts)")
                    #expect(!answer.text.contains("Welcome."))
                }
            }
        }
    }

    /// A target in absolute form names the request's host, and the server
    /// goes by it, not by `Host` (RFC 9112, 3.2.2): another host's name
    /// there gets 421, the server's own gets the page at its path.
    @Test func aTargetInAbsoluteFormIsCheckedByTheHostItNames() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let foreign = try RawConnection(port: port)
                foreign.send("GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                let refused = await foreign.read()
                #expect(refused.text.hasPrefix("HTTP/1.1 421"))
                #expect(refused.text.contains("'evil.example'"))
                #expect(!refused.text.contains("Welcome."))

                let own = try RawConnection(port: port)
                own.send("GET http://127.0.0.1:\(port)/spacing/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                let served = await own.read()
                #expect(served.text.hasPrefix("HTTP/1.1 200"))
                #expect(served.text.contains("Original paragraph."))
            }
        }
    }

    @Test func anAbsoluteTargetIsCutIntoItsAuthorityAndPath() {
        #expect(AbsoluteTarget("http://a.example:8080/x/?q=1") == AbsoluteTarget(authority: "a.example:8080", path: "/x/?q=1"))
        #expect(AbsoluteTarget("HTTPS://a.example") == AbsoluteTarget(authority: "a.example", path: "/"))
        #expect(AbsoluteTarget("http://a.example?q") == AbsoluteTarget(authority: "a.example", path: "/?q"))
        #expect(AbsoluteTarget("/page/?next=http://a.example/") == nil)
        #expect(AbsoluteTarget("*") == nil)
    }
}
