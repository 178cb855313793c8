import Foundation
@testable import KumikiSite
import Testing

/// The content folder as a build sees it: every file below it, hidden
/// entries left out, symbolic links named but never followed, and the
/// site's own output folder skipped when it lies inside.
@Suite struct FolderListingTests {
    @Test func listsFilesAndLinksSkipsHiddenEntriesAndTheExcludedFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        for folder in ["guides/deep", ".hidden", "Site/inner", "outside"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["a.md", "guides/b.md", "guides/deep/c.png", ".secret.md", ".hidden/d.md", "Site/index.html",
                     "Site/inner/e.md", "outside/f.md"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(file))
        }
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("linked").path,
                                       withDestinationPath: root.appendingPathComponent("outside").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("guides/alias.md").path,
                                       withDestinationPath: "b.md")
        let entries = FolderListing.entries(of: root.path, excluding: root.appendingPathComponent("Site").path)
        let files = Set(entries.filter { $0.kind == .file }.map(\.path))
        let links = Set(entries.filter { $0.kind == .symbolicLink }.map(\.path))
        #expect(files == ["a.md", "guides/b.md", "guides/deep/c.png", "outside/f.md"])
        #expect(links == ["linked", "guides/alias.md"])
    }
}
