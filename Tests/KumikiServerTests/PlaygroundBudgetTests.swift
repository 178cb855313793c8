import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiLayout
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiTestSupport

/// A playground block is solved within bounds: too large a block is refused
/// before any work, a slow one is answered "took too long" in time, and at
/// most a few are solved at once, so the site's pages stay fast.
@Suite struct PlaygroundBudgetTests {
    func json(_ object: [String: String]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// A `layout` handler that takes `delay` per block, standing in for a
    /// block the solver is slow on.
    func slowHandler(_ delay: Duration) -> FencedBlockHandler {
        FencedBlockHandler(name: "layout") { _ in
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) * 1e-18)
            return FencedBlockOutput(html: "<figure>slow</figure>\n")
        }
    }

    @Test func aBlockWithTooManyLinesIsRefusedBeforeSolving() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let text = (0..<401).map { "button b\($0) \"B\" \"B\"" }.joined(separator: "\n")
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: try json(["kind": "layout", "text": text])) { response in
                    #expect(response.status == .contentTooLarge)
                    #expect(response.text.contains("more than 400 lines"))
                }
            }
        }
    }

    @Test func aVeryLongLineIsRefusedBeforeParsing() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let text = "button go \"Go\" \"行く\"\ngo.top = safe.top\n" + String(repeating: "x", count: 20_000) + ".top = go.bottom"
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: try json(["kind": "layout", "text": text])) { response in
                    #expect(response.status == .contentTooLarge)
                    // Numbered as its diagnostics are, in the block's Markdown.
                    #expect(response.text.contains("Line 4 of the block's Markdown (the fence is line 1) is longer than 300 characters"))
                }
            }
        }
    }

    @Test func tooManyViewsTimesEnvironmentsIsRefusedWithAHint() async throws {
        try await TemporarySite.with { site in
            let fixture = await PreviewFixture(site: site)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                // Every device, every orientation, every text size.
                let views = (0..<120).map { "label l\($0) \"L\" \"L\"" }.joined(separator: "\n")
                let body = try json(["kind": "layout", "text": views, "environment": "textSizes: all"])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .contentTooLarge)
                    #expect(response.text.contains("120 views in"))
                    #expect(response.text.contains("devices: phones"))
                }
                // The same views on one device in portrait are within bounds.
                let small = try json(["kind": "layout", "text": "devices: iphone-16-pro\norientations: portrait\n" + views])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: small) { response in
                    #expect(response.status != .contentTooLarge)
                }
            }
        }
    }

    @Test func aSlowBlockIsAnsweredWhenItsTimeIsUpAndPagesStayFast() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.solveTimeBudget = .milliseconds(300)
            let fixture = await PreviewFixture(site: site, handlers: [slowHandler(.seconds(2))], limits: limits)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let clock = ContinuousClock()
                async let solve: (HTTPResponse.Status, String, Duration) = {
                    let start = clock.now
                    return try await client.execute(uri: "/_kumiki/playground/render", method: .post,
                                                    body: try json(["kind": "layout", "text": "button go \"Go\" \"行く\""])) { response in
                        (response.status, response.text, start.duration(to: clock.now))
                    }
                }()
                try await Task.sleep(for: .milliseconds(50))
                // While the block is being solved, pages answer as usual,
                // not after it (the solve takes 2 s).
                let start = clock.now
                try await client.execute(uri: "/spacing/", method: .get) { response in
                    #expect(response.status == .ok)
                }
                #expect(start.duration(to: clock.now) < .seconds(1))
                let (status, text, took) = try await solve
                #expect(status == .serviceUnavailable)
                #expect(text.contains("took longer than"))
                #expect(took < .milliseconds(1500))
            }
        }
    }

    @Test func solvesBeyondTheQueueAreTurnedAwayAtOnce() async throws {
        try await TemporarySite.with { site in
            var limits = ServerLimits()
            limits.solveTimeBudget = .milliseconds(200)
            limits.concurrentSolves = 1
            limits.queuedSolves = 0
            let fixture = await PreviewFixture(site: site, handlers: [slowHandler(.milliseconds(1500))], limits: limits)
            try await Application(router: fixture.server.buildRouter()).test(.router) { client in
                let body = try json(["kind": "layout", "text": "button go \"Go\" \"行く\""])
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.text.contains("took longer than"))
                }
                // The first block is still being solved: it keeps its slot
                // (this handler cannot stop part-way), so the next is refused, not piled on.
                try await client.execute(uri: "/_kumiki/playground/render", method: .post, body: body) { response in
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.text.contains("busy"))
                    #expect(response.headers[.retryAfter] == "1")
                }
            }
        }
    }

    /// A block sent with CRLF line endings is cut into its lines, and a
    /// line of combining marks is as long as its code points.
    @Test func linesAreCutAtEveryLineBreakAndMeasuredInCodePoints() {
        let budget = PlaygroundBudget(limits: ServerLimits())
        let crlf = (0..<40).map { "view v\($0)" }.joined(separator: "\r\n")
        #expect(budget.problem(text: crlf, kind: .layout, catalog: DeviceCatalog.bundled()) == nil)
        let marks = "label a \"e" + String(repeating: "\u{301}", count: 400) + "\" \"x\""
        #expect(budget.problem(text: marks, kind: .layout, catalog: DeviceCatalog.bundled())?.hasPrefix("Line 2 of the block's Markdown") == true)
    }

    /// A block that waited in line for its whole budget is told the
    /// playground was busy, not that it took too long to solve.
    @Test func workThatOnlyWaitedIsToldItWaited() async throws {
        let queue = SolveQueue(concurrency: 1, waitingLimit: 1)
        async let first = queue.run(budget: .seconds(5)) { isAbandoned -> Bool in
            let deadline = ContinuousClock.now + .milliseconds(600)
            while ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
            return true
        }
        try await Task.sleep(for: .milliseconds(50))
        let second = await queue.run(budget: .milliseconds(100)) { _ in true }
        guard case .waitedTooLong = second else {
            Issue.record("expected the wait to run out, got \(second)")
            return
        }
        _ = await first
    }

    @Test func workPastItsBudgetIsToldSoAndGivesBackItsSlot() async throws {
        let queue = SolveQueue(concurrency: 1, waitingLimit: 0)
        let outcome = await queue.run(budget: .milliseconds(50)) { isAbandoned -> Bool in
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            while !isAbandoned() && clock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
            return isAbandoned()
        }
        guard case .tookTooLong = outcome else {
            Issue.record("expected the budget to run out, got \(outcome)")
            return
        }
        // The work saw the question answered and stopped: its slot is free
        // well before the ten seconds it would otherwise have taken.
        let clock = ContinuousClock()
        let start = clock.now
        while queue.runningCount > 0 && clock.now - start < .seconds(5) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(queue.runningCount == 0)
        #expect(clock.now - start < .seconds(2))
    }

    @Test func theQueueRunsWaitingWorkInTurn() async {
        let queue = SolveQueue(concurrency: 1, waitingLimit: 2)
        async let first = queue.run(budget: .seconds(5)) { Thread.sleep(forTimeInterval: 0.1); return 1 }
        async let second = queue.run(budget: .seconds(5)) { 2 }
        let results = await [first, second]
        #expect(results.map { if case .finished(let value) = $0 { value } else { 0 } } == [1, 2])
        #expect(queue.runningCount == 0)
    }
}
