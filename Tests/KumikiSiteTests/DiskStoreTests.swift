import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport
import KumikiSearch
import KumikiSupport

/// A second build reuses the pages the first one rendered, exactly those
/// whose inputs did not change; the result is byte for byte the result of
/// a build without a cache, and a damaged cache is never a wrong page.
@Suite struct DiskStoreTests {
    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。")
                + "```layout do\ntitle: A button | ボタン\nbutton go \"Go\" \"行く\"\ngo.center = safe.center\ngo.width = 120\ngo.height = 44\n```\n"),
            "c.md": page(["title: C"], bilingualParagraph("Gamma.", "ガンマ。")),
        ])
    }

    private func cacheFolder(_ site: TemporarySite) -> URL { site.root.appendingPathComponent(".kumiki-cache") }

    /// The names of the page entries the cache holds.
    private func entries(_ site: TemporarySite) -> Set<String> {
        let folder = cacheFolder(site)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.contains("/pages/") && !$0.hasSuffix("/pages") }.compactMap { $0.split(separator: "/").last.map(String.init) }
            .filter { $0.count == 16 })
    }

    private func entryURLs(_ site: TemporarySite) -> [URL] {
        let folder = cacheFolder(site)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.split(separator: "/").last?.count == 16 && $0.contains("/pages/") }
            .map { folder.appendingPathComponent($0) }
    }

    @Test func aWarmBuildIsByteIdenticalToAColdOne() throws {
        let site = try makeSite()
        let cold = site.build()
        let first = site.build(cacheDirectory: cacheFolder(site))
        let warm = site.build(cacheDirectory: cacheFolder(site))
        #expect(cold.succeeded && first.succeeded && warm.succeeded)
        #expect(first.site == cold.site)
        #expect(warm.site == cold.site)
        #expect(warm.printed == cold.printed)
        #expect(warm.fencedBlockCount == cold.fencedBlockCount)
        #expect(entries(site).count == 3)
    }

    @Test func editingOnePageRendersThatPageAgainAndNoOther() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let before = entries(site)
        try site.write("a.md", Data(page(["title: A"], bilingualParagraph("Alpha, edited.", "アルファ。")).utf8))
        let after = site.build(cacheDirectory: cacheFolder(site))
        #expect(after.text("a/index.html").contains("Alpha, edited."))
        #expect(after.explanation.computedPages.map(\.path) == [site.displayPath("a.md")])
        // One new entry; the old one stays for a revision that still has it.
        #expect(entries(site).subtracting(before).count == 1)
        #expect(before.isSubset(of: entries(site)))
    }

    @Test func aTemplateChangeRendersEveryPageAgain() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let before = entries(site)
        let templates = try site.copyTemplates(replacing: [:])
        let page = try String(contentsOf: templates.appendingPathComponent("page.mustache"), encoding: .utf8)
        try Data(page.replacingOccurrences(of: "<article", with: "<!-- marker --><article").utf8)
            .write(to: templates.appendingPathComponent("page.mustache"))
        let after = site.build(templates: templates, cacheDirectory: cacheFolder(site))
        #expect(after.text("c/index.html").contains("<!-- marker -->"))
        #expect(after.explanation.computedPages.count == 3)
        #expect(entries(site).subtracting(before).count == 3)
    }

    @Test func aDeviceAddedInTheConfigurationRendersEveryPageAgain() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let before = entries(site)
        try Data("devices:\n  - id: iphone-wide\n    name: iPhone Wide\n    family: phone\n    width: 420\n    height: 912\n    scale: 3\n".utf8)
            .write(to: site.configFile)
        let after = site.build(cacheDirectory: cacheFolder(site))
        #expect(after.succeeded, "\(after.printed)")
        #expect(after.text("b/index.html").contains("iPhone Wide"))
        #expect(after.explanation.computedPages.count == 3)
        #expect(entries(site).subtracting(before).count == 3)
    }

    @Test func anotherBuildOfKumikiHasAStoreOfItsOwn() throws {
        let folder = try TemporaryFolder()
        let page = StoredPage(html: Data("<p>x</p>".utf8), diagnostics: [], fencedBlockCount: 0)
        DiskStore(folder: folder.root, fingerprint: "aa").store(page, key: "0123456789abcdef")
        var problems: [Diagnostic] = []
        #expect(DiskStore(folder: folder.root, fingerprint: "aa").page("0123456789abcdef", problems: &problems)?.html == page.html)
        #expect(DiskStore(folder: folder.root, fingerprint: "bb").page("0123456789abcdef", problems: &problems) == nil)
        #expect(problems.isEmpty)
        #expect(BuildFingerprint.current.count >= 16)
    }

    /// A page whose output file is kept is known from what is stored beside
    /// its HTML, read without the HTML: that part has checksums of its own.
    @Test func theMetadataReadWithoutTheHTMLIsCheckedToo() throws {
        let folder = try TemporaryFolder()
        let cache = DiskStore(folder: folder.root, fingerprint: "aa")
        let page = StoredPage(html: Data("<p>x</p>".utf8), diagnostics: [], fencedBlockCount: 2)
        cache.store(page, key: "0123456789abcdef")
        #expect(cache.pageMetadata("0123456789abcdef")?.fencedBlockCount == 2)
        let url = cache.generation.appendingPathComponent("pages/01/0123456789abcdef")
        var data = try Data(contentsOf: url)
        // Still a valid record, one number different: the metadata starts
        // after the header's three lines with no diagnostic (a zero), then
        // the count of fenced blocks (2, written as 4: its sign is the
        // lowest bit).
        let bodyStart = try #require(data.indices.filter { data[$0] == UInt8(ascii: "\n") }.dropFirst(2).first) + 1
        #expect(data[bodyStart...].prefix(2) == Data([0, 4]))
        data[bodyStart + 1] = 6
        try data.write(to: url)
        #expect(cache.pageMetadata("0123456789abcdef") == nil)
    }

    /// The preview server starts from the cache on disk and rebuilds on
    /// every save: a page read from disk once is kept in memory after that.
    @Test func aPreviewKeepsThePagesItReadFromDiskInMemory() throws {
        let site = try makeSite()
        let cold = site.build()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let memory = BuildSession(cacheDirectory: cacheFolder(site), policy: .preview())
        let started = site.build(session: memory)
        #expect(memory.renders == 0)
        for url in entryURLs(site) { try FileManager.default.removeItem(at: url) }
        let rebuilt = site.build(session: memory)
        #expect(memory.renders == 0)
        #expect(started.site == cold.site)
        #expect(rebuilt.site == cold.site)
    }

    @Test(arguments: ["truncated", "garbage"])
    func aDamagedEntryIsIgnoredWithANoteAndThePageRenderedAgain(_ damage: String) throws {
        let site = try makeSite()
        let cold = site.build()
        _ = site.build(cacheDirectory: cacheFolder(site))
        for url in entryURLs(site) {
            let data = try Data(contentsOf: url)
            let damaged = damage == "truncated" ? data.prefix(data.count / 2) : Data(repeating: 0x41, count: data.count)
            try damaged.write(to: url)
        }
        let warm = site.build(cacheDirectory: cacheFolder(site))
        #expect(warm.succeeded)
        #expect(warm.site == cold.site)
        let notes = warm.diagnostics.items.filter { $0.severity == .note }
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.message == "ignored a damaged entry of the build store; the page is rendered again" })
    }

    @Test func aDamagedPageIndexIsIgnoredWithANote() throws {
        let site = try makeSite()
        let cold = site.build()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let index = try #require(FileManager.default.subpathsOfDirectory(atPath: cacheFolder(site).path).first { $0.hasSuffix("pages.index") })
        try Data("not an index".utf8).write(to: cacheFolder(site).appendingPathComponent(index))
        let warm = site.build(cacheDirectory: cacheFolder(site))
        #expect(warm.site == cold.site)
        #expect(warm.diagnostics.items.contains { $0.message == "ignored the damaged page index of the build store; every page is parsed again" })
    }

    @Test func anEntryRoundTripsAndRefusesAnotherKey() {
        let page = StoredPage(html: Data("<p>x</p>".utf8), diagnostics: [.warning("w", at: nil)], fencedBlockCount: 2)
        let data = DiskStore.encode(page, key: "k1")
        #expect(DiskStore.decode(data, key: "k1")?.html == page.html)
        #expect(DiskStore.decode(data, key: "k1")?.diagnostics == page.diagnostics)
        #expect(DiskStore.decode(data, key: "k1")?.search == nil)
        #expect(DiskStore.decode(data, key: "k2") == nil)
    }

    @Test func aPagesSearchEntriesAreStoredInItsOwnEntryAndReadBackWithoutItsHTML() throws {
        let rows = [SearchRow(anchor: "", section: 0, english: "Alpha", japanese: "アルファ", isHeading: true)]
        let search = PageSearchEntries(slug: "a", rows: rows)
        let page = StoredPage(html: Data("<p>x</p>".utf8), diagnostics: [], fencedBlockCount: 0, search: search)
        #expect(DiskStore.decode(DiskStore.encode(page, key: "k1"), key: "k1")?.search == search)
        let cache = DiskStore(folder: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString),
                               fingerprint: "test")
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        cache.store(page, key: "0123456789abcdef")
        #expect(cache.searchEntries("0123456789abcdef") == search)
        #expect(cache.pageMetadata("0123456789abcdef")?.search == search)
    }

    @Test func aBuildWithSearchAddsNoFileOfItsOwnToTheCache() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cacheFolder(site))
        let names = try FileManager.default.subpathsOfDirectory(atPath: cacheFolder(site).path)
        #expect(!names.contains { $0.split(separator: "/").contains("search") })
        let warm = site.build(cacheDirectory: cacheFolder(site))
        #expect(warm.site.files.keys.contains("search/p/a.js"))
    }
}
