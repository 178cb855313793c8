import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// A rebuild in the preview's session does only the work an edit calls for, and
/// gives exactly what a fresh build gives.
@Suite struct PreviewSessionTests {
    private func bilingual(_ title: String, _ text: String, order: Int) -> String {
        page(["title: \(title)", "order: \(order)"], "\(text)\n\n日本語の\(text)です。\n")
    }

    private func site() throws -> TemporarySite {
        try TemporarySite([
            "a.md": bilingual("A", "Alpha text.", order: 1),
            "b.md": bilingual("B", "Beta text.", order: 2),
            "c.md": bilingual("C", "Gamma text. See [b](b.md).", order: 3),
        ])
    }

    @Test func anUnchangedRebuildParsesAndRendersNothing() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        let first = site.build(session: cache)
        #expect((cache.parses, cache.renders) == (3, 3))
        let second = site.build(session: cache)
        #expect((cache.parses, cache.renders) == (3, 3))
        #expect(second.site == first.site)
    }

    /// Unchanged files are known by their size, modification time and
    /// inode; an edit that keeps the size still changes the time.
    @Test func anEditThatKeepsTheFileSizeIsSeen() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        try site.write("b.md", Data(bilingual("B", "Beta TEXT.", order: 2).utf8))
        let rebuilt = site.build(session: cache)
        #expect(rebuilt.text("b/index.html").contains("Beta TEXT."))
        #expect((cache.parses, cache.renders) == (4, 4))
    }

    @Test func aProseEditReparsesAndRerendersOnlyThatPage() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        try site.write("b.md", Data(bilingual("B", "Beta text, edited.", order: 2).utf8))
        let rebuilt = site.build(session: cache)
        #expect((cache.parses, cache.renders) == (4, 4))
        #expect(rebuilt.site == site.build().site)
        #expect(rebuilt.text("b/index.html").contains("Beta text, edited."))
    }

    @Test func theHomeAndSectionPagesFollowACoverageChangeAndAnIndexEdit() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        // An English paragraph without its Japanese: the page's coverage,
        // which the home and section pages list, changes; no title does.
        try site.write("b.md", Data(bilingual("B", "Beta text.", order: 2).appending("\nOnly in English.\n").utf8))
        let rebuilt = site.build(session: cache)
        #expect(rebuilt.site == site.build().site)
        try site.write("index.md", Data(page(["title: Home"], "Welcome.\n\nようこそ。\n").utf8))
        let withIndex = site.build(session: cache)
        #expect(withIndex.site == site.build().site)
        #expect(withIndex.text("index.html").contains("ようこそ"))
    }

    @Test func aTitleEditRerendersEveryPageBecauseEveryPageShowsTheNavigation() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        try site.write("a.md", Data(bilingual("A renamed", "Alpha text.", order: 1).utf8))
        let rebuilt = site.build(session: cache)
        #expect((cache.parses, cache.renders) == (4, 6))
        #expect(rebuilt.site == site.build().site)
        #expect(rebuilt.text("c/index.html").contains("A renamed"))
    }

    @Test func removingALinkedPageRerendersTheLinkAsAnError() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("b.md"))
        let rebuilt = site.build(session: cache)
        #expect(!rebuilt.succeeded)
        // The link is written in both languages: each place is an error.
        #expect(rebuilt.errors.map(\.message) == Array(repeating: "no page 'b.md' in the content folder; did you mean 'a.md'?", count: 2))
        #expect(Set(rebuilt.errors.compactMap(\.location?.line)).count == 2)
    }

    /// A rebuild carries the last build's search postings over from memory
    /// and replaces the runs of the pages that changed: after a prose edit,
    /// an edit that adds rows, a new page and a removed one, the index is
    /// the one a fresh build writes.
    @Test func theSearchIndexCarriedBetweenRebuildsIsTheOneAFreshBuildWrites() throws {
        let site = try site()
        let cache = BuildSession(cacheDirectory: nil, policy: .preview())
        _ = site.build(session: cache)
        let edits: [() throws -> Void] = [
            { try site.write("a.md", Data(self.bilingual("A", "Alpha words, edited.", order: 1).utf8)) },
            { try site.write("b.md", Data(page(["title: B", "order: 2"], "Beta text.\n\nベータ。\n\nA second row.\n\n二つ目の行。\n").utf8)) },
            { try site.write("d.md", Data(self.bilingual("D", "Delta text.", order: 4).utf8)) },
            { try FileManager.default.removeItem(at: site.content.appendingPathComponent("a.md")) },
        ]
        for edit in edits {
            try edit()
            let rebuilt = site.build(session: cache)
            let fresh = site.build()
            let index = fresh.site.paths.filter { $0.hasPrefix("search/") }
            #expect(index.count > 3)
            for path in index { #expect(rebuilt.text(path) == fresh.text(path), "\(path)") }
            #expect(rebuilt.site == fresh.site)
        }
    }
}
