import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport
import KumikiSearch

/// With the build store, a build of an output folder the last build left
/// untouched updates it in place: only files that changed are written, files
/// the site no longer has are removed, and the folder ends up byte for byte
/// what a build from nothing writes. Whenever the folder cannot be trusted
/// (no manifest, a folder replaced by another build, a file edited by hand),
/// the build falls back to writing what it cannot vouch for.
@Suite struct IncrementalOutputTests {
    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。")),
            "c.md": page(["title: C"], bilingualParagraph("Gamma.", "ガンマ。")),
        ], config: "title: Incremental\nbase_url: https://example.org/docs/\n")
    }

    private func output(_ site: TemporarySite) -> URL { site.root.appendingPathComponent("Site") }
    private func cache(_ site: TemporarySite) -> URL { site.root.appendingPathComponent(".kumiki-cache") }

    /// Builds `site` into its `Site/` folder the way `kumiki build` does.
    @discardableResult
    private func build(_ site: TemporarySite, cached: Bool = true, into folder: URL? = nil) throws -> (BuildResult, any SiteOutput) {
        let destination = folder ?? output(site)
        let options = BuildOptions(contentDirectory: site.content, templatesDirectory: Repository.templates,
                                   configDirectory: site.root, outputDirectory: destination,
                                   cacheDirectory: cached ? cache(site) : nil)
        let manifests = cached ? DiskStore(folder: cache(site)).outputManifests : nil
        let sink = try OutputFolder.prepare(destination, manifests: manifests)
        let result = SiteBuilder(options: options).build(into: sink)
        if result.succeeded { try sink.commit() } else { sink.abandon() }
        return (result, sink)
    }

    /// Every file of a folder with its inode: an inode that stays the same
    /// is a file that was not written again.
    private func inodes(_ folder: URL) -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
            if let stamp = FileStamp(path: folder.path + "/" + path) { found[path] = stamp.inode }
        }
        return found
    }

    /// Every file of a folder with its bytes.
    private func contents(_ folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
            if FileStamp(path: folder.path + "/" + path) != nil {
                found[path] = FileManager.default.contents(atPath: folder.path + "/" + path)
            }
        }
        return found
    }

    /// What a build without any cache writes for the site as it is now.
    private func fresh(_ site: TemporarySite) throws -> [String: Data] {
        let folder = site.root.appendingPathComponent("Fresh")
        try build(site, cached: false, into: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        return contents(folder)
    }

    @Test func theFirstCachedBuildReplacesTheFolderAndTheSecondUpdatesItInPlace() throws {
        let site = try makeSite()
        let (_, first) = try build(site)
        #expect(first is StagedOutput)
        let (_, second) = try build(site)
        #expect(second is IncrementalOutput)
    }

    @Test func afterEditingOnePageOnlyThatPageIsWritten() throws {
        let site = try makeSite()
        try build(site)
        let before = inodes(output(site))
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta, edited.", "ベータ。")).utf8))
        try build(site)
        let after = inodes(output(site))
        #expect(Set(after.keys) == Set(before.keys))
        let written = Set(after.keys.filter { after[$0] != before[$0] })
        // The page, its search script and the index's shared files its words
        // touch (shards, word lists, the manifest); no other page's file.
        #expect(written.filter { !$0.hasPrefix("search/") } == ["b/index.html"])
        #expect(written.contains("search/p/b.js") && !written.contains("search/p/a.js"))
        #expect(written.filter { $0.hasPrefix("search/p/") } == ["search/p/b.js"])
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func anEditOfOnePageWritesOnlyTheIndexFilesOfTheTermsItChanged() throws {
        // Many distinct words, so the index has many shards.
        func text(_ page: Int, _ word: String) -> String {
            (0..<80).map { $0 == 30 ? word : "w\(page)x\($0)" }.joined(separator: " ") + "."
        }
        var pages: [String: String] = [:]
        for number in 0..<60 {
            pages["p\(number).md"] = page(["title: P\(number)"], bilingualParagraph(text(number, "w\(number)x30"), "本文です。"))
        }
        let site = try TemporarySite(pages, config: "title: Wordy\n")
        try build(site)
        let before = inodes(output(site))
        let shards = before.keys.filter { $0.hasPrefix("search/s/") }
        #expect(shards.count > 10)
        try site.write("p7.md", Data(page(["title: P7"], bilingualParagraph(text(7, "edited"), "本文です。")).utf8))
        try build(site)
        let after = inodes(output(site))
        let written = shards.filter { after[$0] != before[$0] }
        // The word gone, the word come and their pairs: six terms at most.
        #expect(!written.isEmpty && written.count <= 6)
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func aBuildWithNothingChangedWritesNothing() throws {
        let site = try makeSite()
        try build(site)
        let before = inodes(output(site))
        try build(site)
        #expect(inodes(output(site)) == before)
    }

    @Test func aRemovedPageLeavesNoFileAndNoEmptyFolder() throws {
        let site = try makeSite()
        try build(site)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("c.md"))
        try build(site)
        #expect(!FileManager.default.fileExists(atPath: output(site).appendingPathComponent("c").path))
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func aFileEditedByHandInTheOutputIsWrittenAgain() throws {
        let site = try makeSite()
        try build(site)
        let file = output(site).appendingPathComponent("a/index.html")
        try Data("changed by hand".utf8).write(to: file)
        try build(site)
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func aFailedBuildLeavesTheFolderAsItWasAndTheNextOneStillUpdatesInPlace() throws {
        let site = try makeSite()
        try build(site)
        let before = contents(output(site))
        try site.write("b.md", Data(page(["title: B"], "[broken](missing.md)\n").utf8))
        let (failed, _) = try build(site)
        #expect(!failed.succeeded)
        #expect(contents(output(site)) == before)
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta again.", "ベータ。")).utf8))
        let (_, next) = try build(site)
        #expect(next is IncrementalOutput)
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func aFolderReplacedByABuildWithoutTheCacheIsReplacedWholeNextTime() throws {
        let site = try makeSite()
        try build(site)
        // A build that bypasses the cache writes a new folder (with a page
        // the manifest never heard of); the manifest no longer describes it.
        try site.write("d.md", Data(page(["title: D"], bilingualParagraph("Delta.", "デルタ。")).utf8))
        try build(site, cached: false)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("d.md"))
        let (_, next) = try build(site)
        #expect(next is StagedOutput)
        #expect(!FileManager.default.fileExists(atPath: output(site).appendingPathComponent("d").path))
        #expect(contents(output(site)) == (try fresh(site)))
    }

    @Test func anInterruptedUpdateLeavesNoManifestSoTheNextBuildReplacesTheFolderWhole() throws {
        let site = try makeSite()
        try build(site)
        let manifests = DiskStore(folder: cache(site)).outputManifests
        let manifest = OutputManifest.location(of: output(site).standardizedFileURL, in: manifests)
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        // An update deletes the manifest before its first move; one that
        // stops half-way leaves it deleted.
        try FileManager.default.removeItem(at: manifest)
        let (_, next) = try build(site)
        #expect(next is StagedOutput)
        #expect(FileManager.default.fileExists(atPath: manifest.path))
    }

    @Test func aManifestRoundTripsAndRefusesAnotherFolder() throws {
        var manifest = OutputManifest(destination: "/site", folderInode: 7)
        manifest.entries["a b/index.html"] = .init(
            fingerprint: "0123456789abcdef", stamp: FileStamp(size: 10, seconds: 1, nanoseconds: 2, inode: 3))
        let data = manifest.encoded()
        #expect(OutputManifest.decode(data, destination: "/site", folderInode: 7) == manifest)
        #expect(OutputManifest.decode(data, destination: "/other", folderInode: 7) == nil)
        #expect(OutputManifest.decode(data, destination: "/site", folderInode: 8) == nil)
        #expect(OutputManifest.decode(data.dropLast(), destination: "/site", folderInode: 7) == nil)
    }

    @Test(arguments: ["0123456789abcdef 10 1 2 x a", "0123456789abcdef 10 1 2 3", "0123456789abcdef 10 1 2 99999999999999999999 a",
                      " 10 1 2 3 a", "0123456789abcdef -10 1 2 3 a"])
    func aManifestWithADamagedLineIsRefused(_ line: String) {
        let data = Data("KUMIKI-OUTPUT 1\n/site\n7\n\(line)\n".utf8)
        #expect(OutputManifest.decode(data, destination: "/site", folderInode: 7) == nil)
    }
}

/// The search index of a warm build is carried over from the last build's
/// postings (`SearchIndexState`) with only the changed pages read again;
/// whatever changed, the index is the one a build from nothing writes.
@Suite struct CarriedSearchIndexTests {
    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha spacing.", "アルファの余白。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta buttons.", "ベータのボタン。")),
            "c.md": page(["title: C"], bilingualParagraph("Gamma margins.", "ガンマの余白。")),
        ])
    }

    private func cache(_ site: TemporarySite) -> URL { site.root.appendingPathComponent(".kumiki-cache") }

    private func searchFiles(_ result: BuildResult) -> [String: Data] {
        result.site.files.filter { $0.key.hasPrefix("search/") }
    }

    private func stateURL(_ site: TemporarySite) -> URL {
        DiskStore(folder: cache(site)).generation.appendingPathComponent("search-index")
    }

    @Test func theLastBuildsPostingsAreKeptWithTheKeyOfEveryPage() throws {
        let site = try makeSite()
        let result = site.build(cacheDirectory: cache(site))
        let state = try #require(DiskStore(folder: cache(site)).searchIndexState())
        #expect(state.keys.count == 3)
        #expect(state.postings.pages.map(\.slug) == ["a", "b", "c"])
        #expect(SearchIndexWriter.files(state.postings).allSatisfy { result.site.files[$0.path] == Data($0.text.utf8) })
    }

    @Test(arguments: ["edited", "grown", "added", "removed"])
    func aWarmBuildWritesTheIndexOfABuildFromNothing(_ change: String) throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cache(site))
        switch change {
        case "edited": try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta taps.", "ベータのタップ。")).utf8))
        case "grown":
            try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta.", "ベータ。")
                + bilingualParagraph("More rows.", "行が増える。")).utf8))
        case "added": try site.write("ab.md", Data(page(["title: AB"], bilingualParagraph("Between.", "あいだ。")).utf8))
        default: try FileManager.default.removeItem(at: site.content.appendingPathComponent("a.md"))
        }
        let warm = site.build(cacheDirectory: cache(site))
        let cold = site.build()
        #expect(warm.succeeded)
        #expect(searchFiles(warm) == searchFiles(cold))
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.content.path).filter { $0.hasSuffix(".md") }
        #expect(DiskStore(folder: cache(site)).searchIndexState()?.postings.pages.count == pages.count)
    }

    private func changesURL(_ site: TemporarySite) -> URL {
        DiskStore(folder: cache(site)).generation.appendingPathComponent("search-index-changes")
    }

    @Test func aBuildThatChangedFewPagesStoresOnlyTheirKeysBesideTheWholeState() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cache(site))
        let whole = try Data(contentsOf: stateURL(site))
        for text in ["Beta taps.", "Beta taps twice."] {
            try site.write("b.md", Data(page(["title: B"], bilingualParagraph(text, "ベータのタップ。")).utf8))
            let warm = site.build(cacheDirectory: cache(site))
            #expect(searchFiles(warm) == searchFiles(site.build()))
            // The whole state is as the first build stored it; the keys of
            // the build after the edit are beside it.
            #expect(try Data(contentsOf: stateURL(site)) == whole)
            #expect(FileManager.default.fileExists(atPath: changesURL(site).path))
            let state = try #require(DiskStore(folder: cache(site)).searchIndexState())
            let twice = try #require(SearchTokenizer.terms("twice").first)
            #expect(state.postings.contains(twice) == text.contains("twice"))
            #expect(state.postings.contains("tap"))
        }
    }

    @Test func aBuildThatChangedManyPagesStoresTheStateWholeAgain() throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cache(site))
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta taps.", "ベータのタップ。")).utf8))
        _ = site.build(cacheDirectory: cache(site))
        #expect(FileManager.default.fileExists(atPath: changesURL(site).path))
        // Two of three pages changed since the whole state was stored.
        try site.write("c.md", Data(page(["title: C"], bilingualParagraph("Gamma taps.", "ガンマのタップ。")).utf8))
        let warm = site.build(cacheDirectory: cache(site))
        #expect(searchFiles(warm) == searchFiles(site.build()))
        #expect(!FileManager.default.fileExists(atPath: changesURL(site).path))
        #expect(DiskStore(folder: cache(site)).searchIndexState()?.postings.contains("gamma") == true)
    }

    @Test(arguments: ["another state", "garbage", "a missing page entry"])
    func aChangesFileThatCannotBeUsedLeavesTheWholeState(_ damage: String) throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cache(site))
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta taps.", "ベータのタップ。")).utf8))
        _ = site.build(cacheDirectory: cache(site))
        let changes = try String(contentsOf: changesURL(site), encoding: .utf8)
        var lines = changes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch damage {
        case "another state": lines[1] = "0123456789abcdef"
        case "garbage": lines = ["garbage"]
        default:
            // The changed page's key names no entry of the store.
            let stored = Set(try #require(DiskStore(folder: cache(site)).searchIndexState()).storedKeys ?? [])
            let index = try #require(lines.indices.dropFirst(3).first { !lines[$0].isEmpty && !stored.contains(lines[$0]) })
            lines[index] = "ffffffffffffffff"
        }
        try lines.joined(separator: "\n").write(to: changesURL(site), atomically: true, encoding: .utf8)
        let state = try #require(DiskStore(folder: cache(site)).searchIndexState())
        // The whole state as the first build stored it: no "tap" in it yet.
        #expect(!state.postings.contains("tap"))
        try site.write("c.md", Data(page(["title: C"], bilingualParagraph("Gamma, edited.", "ガンマ。")).utf8))
        let warm = site.build(cacheDirectory: cache(site))
        #expect(searchFiles(warm) == searchFiles(site.build()))
    }

    @Test(arguments: ["truncated", "garbage"])
    func aDamagedStateIsIgnoredAndTheIndexMergedFromEveryPage(_ damage: String) throws {
        let site = try makeSite()
        _ = site.build(cacheDirectory: cache(site))
        let data = try Data(contentsOf: stateURL(site))
        try (damage == "truncated" ? data.prefix(data.count - 3) : Data(repeating: 0x41, count: data.count)).write(to: stateURL(site))
        try site.write("c.md", Data(page(["title: C"], bilingualParagraph("Gamma, edited.", "ガンマ。")).utf8))
        let warm = site.build(cacheDirectory: cache(site))
        #expect(searchFiles(warm) == searchFiles(site.build()))
        #expect(DiskStore(folder: cache(site)).searchIndexState() != nil)
    }
}
