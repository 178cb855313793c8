import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// Layout blocks are solved and drawn once and kept in the build store: a
/// page rendered again for any other reason (its prose edited, a template
/// changed) takes its figures from the cache; a block is solved again only
/// when its own text, its place on the page or the site's devices change.
/// Whatever comes from the cache is byte for byte what solving gives.
@Suite struct BlockStoreTests {
    private static let block = "```layout do\ntitle: A button | ボタン\nbutton go \"Go\" \"行く\"\ngo.center = safe.center\ngo.width = 120\ngo.height = 44\n```\n"

    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。") + Self.block),
        ])
    }

    private func cacheFolder(_ site: TemporarySite) -> URL { site.root.appendingPathComponent(".kumiki-cache") }

    @Test func theFirstBuildSolvesTheBlockAndATemplateChangeTakesItFromTheCache() throws {
        let site = try makeSite()
        let first = site.build(cacheDirectory: cacheFolder(site))
        #expect(first.storedBlocks == (hits: 0, misses: 1))
        let templates = try site.copyTemplates(replacing: [:])
        let page = try String(contentsOf: templates.appendingPathComponent("page.mustache"), encoding: .utf8)
        try Data(page.replacingOccurrences(of: "<article", with: "<!-- marker --><article").utf8)
            .write(to: templates.appendingPathComponent("page.mustache"))
        let after = site.build(templates: templates, cacheDirectory: cacheFolder(site))
        #expect(after.text("b/index.html").contains("<!-- marker -->"))
        #expect(after.storedBlocks == (hits: 1, misses: 0))
        #expect(after.site == site.build(templates: templates).site)
    }

    @Test func editingThePageAroundTheBlockKeepsTheBlock() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        // The same number of lines: the block stays where it was.
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta, edited.", "ベータ。") + Self.block).utf8))
        let after = site.build(cacheDirectory: cacheFolder(site))
        #expect(after.storedBlocks == (hits: 1, misses: 0))
        #expect(after.site == site.build().site)
    }

    @Test func editingTheBlockSolvesItAgain() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let edited = Self.block.replacingOccurrences(of: "go.width = 120", with: "go.width = 160")
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta.", "ベータ。") + edited).utf8))
        let after = site.build(cacheDirectory: cacheFolder(site))
        #expect(after.storedBlocks == (hits: 0, misses: 1))
        #expect(after.site == site.build().site)
    }

    @Test func changingTheDevicesSolvesTheBlockAgain() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        try Data("devices:\n  - id: iphone-wide\n    name: iPhone Wide\n    family: phone\n    width: 420\n    height: 912\n    scale: 3\n".utf8)
            .write(to: site.configFile)
        let after = site.build(cacheDirectory: cacheFolder(site))
        #expect(after.text("b/index.html").contains("iPhone Wide"))
        #expect(after.storedBlocks == (hits: 0, misses: 1))
        #expect(after.site == site.build().site)
    }

    @Test func aDamagedEntryIsSolvedAgainNeverShownWrong() throws {
        let site = try makeSite()
        let cold = site.build()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let blocks = cacheFolder(site).path
        for path in FileManager.default.subpaths(atPath: blocks) ?? [] where path.contains("/blocks/") && !path.contains("/frames") {
            let url = URL(fileURLWithPath: blocks).appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            var data = try Data(contentsOf: url)
            data[data.count - 10] ^= 0x20
            try data.write(to: url)
        }
        // A template change makes every page render again, asking for the block.
        let templates = try site.copyTemplates(replacing: [:])
        let page = try String(contentsOf: templates.appendingPathComponent("page.mustache"), encoding: .utf8)
        try Data(page.replacingOccurrences(of: "<article", with: "<!-- marker --><article").utf8)
            .write(to: templates.appendingPathComponent("page.mustache"))
        let after = site.build(templates: templates, cacheDirectory: cacheFolder(site))
        #expect(after.storedBlocks == (hits: 0, misses: 1))
        #expect(after.site == site.build(templates: templates).site)
        #expect(after.site.paths == cold.site.paths)
    }

    private func blockEntries(_ site: TemporarySite) -> [URL] {
        let folder = cacheFolder(site)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.contains("/blocks/") && !$0.contains("/frames") && $0.split(separator: "/").last?.count == 16 }
            .map { folder.appendingPathComponent($0) }
    }

    /// The store is shared by every command and revision: a build that no
    /// longer has a page leaves its blocks for a build that still has it.
    @Test func theBlocksOfARemovedPageStayForAnotherRevision() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        #expect(blockEntries(site).count == 1)
        let b = try Data(contentsOf: site.content.appendingPathComponent("b.md"))
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("b.md"))
        _ = site.build(cacheDirectory: cacheFolder(site))
        #expect(blockEntries(site).count == 1)
        try b.write(to: site.content.appendingPathComponent("b.md"))
        // Back to the first revision: both pages come from the store whole.
        let restored = site.build(cacheDirectory: cacheFolder(site))
        #expect(restored.explanation.pagesFromStore == 2)
        #expect(restored.explanation.computedPages.isEmpty)
    }

    /// Pruning removes entries unused for longer than the bound's age, then
    /// the least recently used until the rest fit its size.
    @Test func pruningRemovesTheOldestThenTheLeastRecentlyUsed() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。") + Self.block),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。") + Self.block),
        ])
        _ = site.build(cacheDirectory: cacheFolder(site))
        let cache = DiskStore(folder: cacheFolder(site))
        let pages = entryFiles(cache, "pages"), blocks = entryFiles(cache, "blocks")
        #expect((pages.count, blocks.count) == (2, 2))
        // The page and block entries of a.md were used a day ago, b.md's an hour ago.
        let now = Date()
        for (url, age) in [(pages[0], 86_400.0), (blocks[0], 86_400.0), (pages[1], 3_600.0), (blocks[1], 3_600.0)] {
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        let sizes = try (pages + blocks).map { try #require(FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int64) }
        let total = sizes.reduce(0, +)
        // Within the age, one byte over the size: the oldest entry goes.
        let bySize = StorePruning(cache: cache, bound: StoreBound(maximumBytes: total - 1, maximumAge: 7 * 86_400), now: now)
        #expect(bySize.prune() == 1)
        let left = Set(entryFiles(cache, "pages") + entryFiles(cache, "blocks"))
        #expect(left.count == 3)
        // Past two hours' age, everything older than b.md's entries goes.
        let byAge = StorePruning(cache: cache, bound: StoreBound(maximumAge: 7_200), now: now)
        #expect(byAge.prune() == 1)
        #expect(Set(entryFiles(cache, "pages") + entryFiles(cache, "blocks")) == [pages[1], blocks[1]])
    }

    /// The entries under `folder` (`pages`, `blocks`), sorted by path.
    private func entryFiles(_ cache: DiskStore, _ folder: String) -> [URL] {
        let root = cache.generation.appendingPathComponent(folder)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix("frames") && $0.split(separator: "/").count == 2 }.sorted()
            .map { root.appendingPathComponent($0) }
    }
}
