import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import KumikiServer
import KumikiTestSupport

/// Connections cost the server a file descriptor each: a page that closes
/// its live-reload stream gives it back at once, the streams open at once
/// are capped, and a client too slow to send its request is cut off.
@Suite(.serialized) struct ConnectionLimitTests {
    /// Waits up to `timeout` for `condition`, checking every 20 ms.
    func eventually(within timeout: Duration = .seconds(3), _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    func openStream(port: Int) async throws -> RawConnection {
        let connection = try RawConnection(port: port)
        connection.send("GET /_kumiki/events HTTP/1.1\r\nHost: localhost:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    @Test func aClosedEventStreamIsReleasedAtOnceWithoutWaitingForABuild() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            let live = fixture.server.live
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let page = try await openStream(port: port)
                #expect(await page.read(until: "event: hello").text.contains("event: hello"))
                #expect(await live.subscriberCount == 1)
                page.close()
                // No build happens: only the closed connection can end it.
                #expect(await eventually { await live.subscriberCount == 0 })
            }
        }
    }

    @Test func manyReconnectsLeaveNothingBehind() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            let live = fixture.server.live
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                for _ in 0..<200 {
                    let page = try await openStream(port: port)
                    _ = await page.read(until: "event: hello")
                    page.close()
                }
                #expect(await eventually { await live.subscriberCount == 0 })
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }

    @Test func streamsBeyondTheLimitGet503() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.maximumEventStreams = 2
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let first = try await openStream(port: port), second = try await openStream(port: port)
                _ = await first.read(until: "event: hello")
                _ = await second.read(until: "event: hello")
                let third = try await openStream(port: port)
                let refused = await third.read(until: "\r\n\r\n")
                #expect(refused.text.hasPrefix("HTTP/1.1 503"))
                // A page that closes makes room for another.
                first.close()
                #expect(await eventually { await fixture.server.live.subscriberCount == 1 })
                let fourth = try await openStream(port: port)
                #expect(await fourth.read(until: "event: hello").text.hasPrefix("HTTP/1.1 200"))
            }
        }
    }

    /// An HTTP/1.0 request without `keep-alive`, and an HTTP/1.1 one with
    /// `close` among its connection options, get their response and the
    /// connection's end at once: a client may read to that end.
    @Test(arguments: ["GET /spacing/ HTTP/1.0\r\n", "GET /spacing/ HTTP/1.1\r\nConnection: TE, Close\r\n",
                      "HEAD /spacing/ HTTP/1.0\r\n"])
    func aRequestThatDoesNotKeepItsConnectionHasItClosed(_ start: String) async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let connection = try RawConnection(port: port)
                connection.send(start + "Host: localhost:\(port)\r\n\r\n")
                let result = await connection.read(timeout: .seconds(2))
                #expect(result.text.hasPrefix("HTTP/1.1 200"))
                #expect(result.closed)
            }
        }
    }

    /// One that keeps it (HTTP/1.0 asking for `keep-alive`) is answered
    /// and kept for the next request.
    @Test func anHTTP10RequestAskingToKeepItsConnectionKeepsIt() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let connection = try RawConnection(port: port)
                connection.send("GET /spacing/ HTTP/1.0\r\nHost: localhost:\(port)\r\nConnection: keep-alive\r\n\r\n")
                let first = await connection.read(until: "</html>", timeout: .seconds(2))
                #expect(first.text.hasPrefix("HTTP/1.1 200"))
                #expect(!first.closed)
                connection.send("GET / HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
                #expect(await connection.read(timeout: .seconds(2)).text.contains("HTTP/1.1 200"))
            }
        }
    }

    @Test func aClientTooSlowToSendItsHeadersIsCutOff() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.headerTimeout = .milliseconds(300)
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let slow = try RawConnection(port: port)
                let clock = ContinuousClock(), start = clock.now
                // A byte every 100 ms: an idle timer would never fire.
                for character in "GET / HTTP/1.1\r\nHost: loc" {
                    slow.send(String(character))
                    try await Task.sleep(for: .milliseconds(100))
                    if start.duration(to: clock.now) > .seconds(1) { break }
                }
                let result = await slow.read(timeout: .seconds(3))
                #expect(result.closed)
                #expect(start.duration(to: clock.now) < .seconds(3))
                // Others are served after. (On a fresh connection: the test
                // client's own, idle for longer than the limit, was closed too.)
                let other = try RawConnection(port: port)
                other.send("GET /spacing/ HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
                #expect(await other.read().text.hasPrefix("HTTP/1.1 200"))
            }
        }
    }

    @Test func aClientTooSlowToSendItsBodyIsCutOff() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.bodyTimeout = .milliseconds(300)
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let slow = try RawConnection(port: port)
                slow.send("POST /_kumiki/playground/render HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Length: 1000\r\n\r\n{\"kind\"")
                let result = await slow.read(timeout: .seconds(3))
                #expect(result.closed)
                #expect(!result.text.contains("HTTP/1.1 200"))
            }
        }
    }

    /// A reader slower than the header time still gets a large file
    /// whole: the file goes out a chunk at a time, and the clocks run only
    /// while the reader takes nothing at all.
    @Test func aSlowReaderOfALargeFileGetsItWhole() async throws {
        try await TemporarySite.with { site in
            try site.write("big.png", Data(repeating: UInt8(ascii: "a"), count: 3_000_000))
            var limits = ServerLimits()
            limits.headerTimeout = .milliseconds(300)
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let reader = try RawConnection(port: port, receiveBuffer: 65_536)
                reader.send("GET /big.png HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
                // 64 KiB every 20 ms: about a second, past three header times.
                let received = await reader.readSlowly(bytes: 65_536, every: .milliseconds(20), total: 3_000_100, timeout: .seconds(20))
                #expect(received > 3_000_000, "\(received) bytes")
            }
        }
    }

    /// A reader that takes nothing is cut off after the header time, so it
    /// holds neither the connection nor its part of the file for ever.
    @Test func aReaderThatStopsReadingIsCutOff() async throws {
        try await TemporarySite.with { site in
            try site.write("big.png", Data(repeating: UInt8(ascii: "a"), count: 16_000_000))
            var limits = ServerLimits()
            limits.headerTimeout = .milliseconds(300)
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let reader = try RawConnection(port: port, receiveBuffer: 8192)
                reader.send("GET /big.png HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
                try await Task.sleep(for: .seconds(2))
                // What was in flight, then the end: far less than the file.
                let result = await reader.read(timeout: .seconds(5))
                let received = result.text.utf8.count
                #expect(result.closed)
                #expect(received < 16_000_000, "\(received) bytes")
            }
        }
    }

    /// A chunked body that is malformed is a bad request, not one past the
    /// playground's size limit.
    @Test func aMalformedChunkedBodyIsABadRequest() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let connection = try RawConnection(port: port)
                connection.send("POST /_kumiki/playground/render HTTP/1.1\r\nHost: localhost:\(port)\r\nTransfer-Encoding: chunked\r\n"
                                + "Connection: close\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")
                let answer = await connection.read(timeout: .seconds(5)).text
                #expect(!answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
                #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            }
        }
    }

    @Test func anEventStreamOutlivesTheTimeouts() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.headerTimeout = .milliseconds(200)
            limits.bodyTimeout = .milliseconds(200)
            let fixture = await PreviewFixture(site: site, limits: limits)
            try await fixture.server.buildApplication(watcher: nil).test(.live) { client in
                let port = try #require(client.port)
                let page = try await openStream(port: port)
                _ = await page.read(until: "event: hello")
                try await Task.sleep(for: .milliseconds(600))
                #expect(await fixture.server.live.subscriberCount == 1)
                await fixture.rebuild()
                #expect(await page.read(until: "event: reload").text.contains("event: reload"))
            }
        }
    }
}
