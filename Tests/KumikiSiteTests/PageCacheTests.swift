import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// A rebuild with a page cache does only the work an edit calls for, and
/// gives exactly what a fresh build gives.
@Suite struct PageCacheTests {
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
        let cache = PageCache()
        let first = site.build(cache: cache)
        #expect((cache.parses, cache.renders) == (3, 3))
        let second = site.build(cache: cache)
        #expect((cache.parses, cache.renders) == (3, 3))
        #expect(second.site == first.site)
    }

    /// Unchanged files are known by their size, modification time and
    /// inode; an edit that keeps the size still changes the time.
    @Test func anEditThatKeepsTheFileSizeIsSeen() throws {
        let site = try site()
        let cache = PageCache()
        _ = site.build(cache: cache)
        try site.write("b.md", Data(bilingual("B", "Beta TEXT.", order: 2).utf8))
        let rebuilt = site.build(cache: cache)
        #expect(rebuilt.text("b/index.html").contains("Beta TEXT."))
        #expect((cache.parses, cache.renders) == (4, 4))
    }

    @Test func aProseEditReparsesAndRerendersOnlyThatPage() throws {
        let site = try site()
        let cache = PageCache()
        _ = site.build(cache: cache)
        try site.write("b.md", Data(bilingual("B", "Beta text, edited.", order: 2).utf8))
        let rebuilt = site.build(cache: cache)
        #expect((cache.parses, cache.renders) == (4, 4))
        #expect(rebuilt.site == site.build().site)
        #expect(rebuilt.text("b/index.html").contains("Beta text, edited."))
    }

    @Test func theHomeAndSectionPagesFollowACoverageChangeAndAnIndexEdit() throws {
        let site = try site()
        let cache = PageCache()
        _ = site.build(cache: cache)
        // An English paragraph without its Japanese: the page's coverage,
        // which the home and section pages list, changes; no title does.
        try site.write("b.md", Data(bilingual("B", "Beta text.", order: 2).appending("\nOnly in English.\n").utf8))
        let rebuilt = site.build(cache: cache)
        #expect(rebuilt.site == site.build().site)
        try site.write("index.md", Data(page(["title: Home"], "Welcome.\n\nようこそ。\n").utf8))
        let withIndex = site.build(cache: cache)
        #expect(withIndex.site == site.build().site)
        #expect(withIndex.text("index.html").contains("ようこそ"))
    }

    @Test func aTitleEditRerendersEveryPageBecauseEveryPageShowsTheNavigation() throws {
        let site = try site()
        let cache = PageCache()
        _ = site.build(cache: cache)
        try site.write("a.md", Data(bilingual("A renamed", "Alpha text.", order: 1).utf8))
        let rebuilt = site.build(cache: cache)
        #expect((cache.parses, cache.renders) == (4, 6))
        #expect(rebuilt.site == site.build().site)
        #expect(rebuilt.text("c/index.html").contains("A renamed"))
    }

    @Test func removingALinkedPageRerendersTheLinkAsAnError() throws {
        let site = try site()
        let cache = PageCache()
        _ = site.build(cache: cache)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("b.md"))
        let rebuilt = site.build(cache: cache)
        #expect(!rebuilt.succeeded)
        #expect(rebuilt.errors.map(\.message) == ["no page 'b.md' in the content folder; did you mean 'a.md'?"])
    }
}
