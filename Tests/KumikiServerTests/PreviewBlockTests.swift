import Foundation
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiSupport
import KumikiTestSupport

/// A layout handler that counts its calls, standing in for the solver.
final class CountingHandler: Sendable {
    private let calls = LockedValue(0)

    var count: Int { calls.current }

    var handler: FencedBlockHandler {
        var handler = FencedBlockHandler(name: "layout") { [calls] block in
            calls.withValue { $0 += 1 }
            return FencedBlockOutput(html: "<figure data-line=\"\(block.firstLine.line)\">\(block.text.count)</figure>\n")
        }
        handler.storeKey = "counting"
        return handler
    }
}

@Suite struct PreviewBlockTests {
    @Test func anUnchangedSiteSolvesNoBlockTwice() async throws {
        try await TemporarySite.with { site in
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: site.options, handlers: [counter.handler])
            let first = builder.build()
            #expect(first.result.succeeded)
            #expect(first.result.storedBlocks.misses == 1)
            // The page itself comes from the store: no block is even looked up.
            let second = builder.build()
            #expect(second.result.storedBlocks == (hits: 0, misses: 0))
            #expect(counter.count == 1)
        }
    }

    @Test func editingProseAroundABlockKeepsItCached() async throws {
        try await TemporarySite.with { site in
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: site.options, handlers: [counter.handler])
            _ = builder.build()
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original paragraph.", with: "Edited paragraph."))
            let report = builder.build()
            #expect(report.result.storedBlocks.misses == 0)
            #expect(counter.count == 1)
            #expect(String(decoding: report.result.site["spacing/index.html"] ?? Data(), as: UTF8.self).contains("Edited paragraph."))
        }
    }

    @Test func aChangedBlockIsSolvedAgainAndTheOldOneForgotten() async throws {
        try await TemporarySite.with { site in
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: site.options, handlers: [counter.handler])
            _ = builder.build()
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "safe.top + 24", with: "safe.top + 32"))
            let report = builder.build()
            #expect(report.result.storedBlocks.misses == 1)
            #expect(counter.count == 2)
            #expect(builder.session.blocksInMemory == 1)
        }
    }

    @Test func aPageTakenFromTheStoreKeepsItsBlocksInMemory() async throws {
        try await TemporarySite.with { site in
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: site.options, handlers: [counter.handler])
            _ = builder.build()
            try site.write("other.md", "---\ntitle: Other\n---\nOther words.\n\nほかの言葉です。\n")
            _ = builder.build()
            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original paragraph.", with: "Edited paragraph."))
            let report = builder.build()
            #expect(report.result.storedBlocks.misses == 0)
            #expect(counter.count == 1)
        }
    }

    @Test func aTemplateChangeReRendersPagesWithoutSolving() async throws {
        try await TemporarySite.with { site in
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: site.options, handlers: [counter.handler])
            _ = builder.build()
            let page = site.templates.appendingPathComponent("page.mustache")
            let text = try String(contentsOf: page, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "{{/main}}", with: "<p>template marker</p>{{/main}}").utf8).write(to: page)
            let report = builder.build()
            #expect(report.result.storedBlocks.misses == 0)
            #expect(counter.count == 1)
            #expect(String(decoding: report.result.site["spacing/index.html"] ?? Data(), as: UTF8.self).contains("template marker"))
        }
    }
}
