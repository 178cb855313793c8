import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// The output folder is either the old site or the new one, never a mix,
/// and nothing is left beside it.
@Suite struct AtomicSiteWriterTests {
    private let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kumiki-writer-tests-\(UUID().uuidString)")
    private var output: URL { folder.appendingPathComponent("Site") }

    private func site(_ files: [String: String]) -> SiteFiles {
        var site = SiteFiles()
        for (path, text) in files { site.add(path, text: text) }
        return site
    }

    /// Every file below `url`, by relative path, with its text.
    private func contents(of url: URL) -> [String: String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
        var files: [String: String] = [:]
        for name in names {
            var isDirectory: ObjCBool = false
            let path = url.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        }
        return files
    }

    private func entries(of url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    private func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func writesEveryFileCreatingTheFoldersItNeeds() throws {
        defer { cleanUp() }
        let deep = folder.appendingPathComponent("a/b/Site")
        try AtomicSiteWriter.write(site(["index.html": "home", "x/index.html": "x", "assets/k.css": "css"]), to: deep)
        #expect(contents(of: deep) == ["index.html": "home", "x/index.html": "x", "assets/k.css": "css"])
    }

    @Test func writingOverAnExistingSiteReplacesItCompletely() throws {
        defer { cleanUp() }
        try AtomicSiteWriter.write(site(["index.html": "old", "gone/index.html": "old page", "assets/old.css": "old"]), to: output)
        try FileManager.default.createDirectory(at: output.appendingPathComponent("stray"), withIntermediateDirectories: true)
        try Data("by hand".utf8).write(to: output.appendingPathComponent("stray/notes.txt"))

        try AtomicSiteWriter.write(site(["index.html": "new", "kept/index.html": "new page"]), to: output)
        #expect(contents(of: output) == ["index.html": "new", "kept/index.html": "new page"])
        #expect(entries(of: output) == ["index.html", "kept"])
    }

    @Test func leavesNoStagingOrRetiredFolderBehind() throws {
        defer { cleanUp() }
        try AtomicSiteWriter.write(site(["index.html": "one"]), to: output)
        try AtomicSiteWriter.write(site(["index.html": "two"]), to: output)
        #expect(entries(of: folder) == ["Site"])
    }

    @Test func aWriteThatFailsLeavesTheOldSiteAndNoStagingFolder() throws {
        defer { cleanUp() }
        try AtomicSiteWriter.write(site(["index.html": "old"]), to: output)
        // `x` cannot be both a file and a folder: the staging write fails.
        #expect(throws: AtomicSiteWriter.WriteError.self) {
            try AtomicSiteWriter.write(site(["x": "file", "x/index.html": "page"]), to: output)
        }
        #expect(contents(of: output) == ["index.html": "old"])
        #expect(entries(of: folder) == ["Site"])
    }

    @Test func writesTheBytesOfABuiltSite() throws {
        defer { cleanUp() }
        let fixture = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Hello.", "こんにちは。"))])
        let built = fixture.build().site
        try AtomicSiteWriter.write(built, to: output)
        let names = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(names.sorted() == built.paths)
        for path in built.paths {
            #expect(FileManager.default.contents(atPath: output.appendingPathComponent(path).path) == built[path], "\(path)")
        }
    }
}
