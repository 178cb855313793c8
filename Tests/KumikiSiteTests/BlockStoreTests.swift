import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// Layout blocks are solved and drawn once and kept in the build cache: a
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
        for path in FileManager.default.subpaths(atPath: blocks) ?? [] where path.contains("/blocks/page-") {
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

    @Test func theBlocksOfARemovedPageAreRemoved() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let blocks = cacheFolder(site).path
        let pageFolders = { (FileManager.default.subpaths(atPath: blocks) ?? []).filter { $0.hasSuffix("/blocks") == false && $0.split(separator: "/").last?.hasPrefix("page-") == true } }
        #expect(pageFolders().count == 1)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("b.md"))
        _ = site.build(cacheDirectory: cacheFolder(site))
        #expect(pageFolders().isEmpty)
    }
}
