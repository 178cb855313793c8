import Foundation
import KumikiSite
import Testing

/// Where a build writes: never over a file, through a link to a folder
/// without replacing the link, never beside another build of the same
/// output, and never leaving the debris of an interrupted build behind.
@Suite struct StagedOutputTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-staged-tests-\(UUID().uuidString)")
    private var output: URL { folder.appendingPathComponent("Site") }

    private func entries(of url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    private func prepareFolder() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func anOutputPathThatIsAFileIsRefusedAndTheFileKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepareFolder()
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        #expect(throws: SiteWriteError.self) { try StagedOutput.prepare(notes) }
        do { _ = try StagedOutput.prepare(notes) } catch {
            #expect(error.description == "the output path '\(notes.path)' is a file, not a folder; choose another --output")
        }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine")
        #expect(entries(of: folder) == ["notes.txt"])
    }

    @Test func aSymbolicLinkToAFolderIsFollowedAndKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepareFolder()
        let real = folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: real.appendingPathComponent("old.html"))
        try FileManager.default.createSymbolicLink(at: output, withDestinationURL: real)

        let staged = try StagedOutput.prepare(output)
        try staged.write(Data("new".utf8), to: "index.html")
        try staged.commit()

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output.path) == real.path)
        #expect(entries(of: real) == ["index.html"])
        #expect(entries(of: folder) == ["Site", "published"])
    }

    @Test func aRepositoryItsGitFolderAndALinkToEitherAreRefusedAndKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepareFolder()
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git/refs"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: repository.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(at: output, withDestinationURL: repository)
        for (path, reason) in [
            (repository, "holds a git repository (.git)"),
            (output, "holds a git repository (.git)"),
            (repository.appendingPathComponent(".git"), "is a git repository's own folder (.git)"),
            (repository.appendingPathComponent(".git/refs"), "is inside a git repository's own folder (.git)"),
        ] {
            do {
                _ = try StagedOutput.prepare(path)
                Issue.record("\(path.path) was accepted")
            } catch {
                #expect(error.description == "the output folder '\(path.path)' \(reason), and writing the site would replace it whole; "
                        + "choose another --output")
            }
        }
        #expect(entries(of: repository) == [".git", "notes.txt"])
        #expect(entries(of: folder) == ["Site", "repository"])
    }

    @Test func aLinkThatLeadsNowhereIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepareFolder()
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: folder.appendingPathComponent("missing").path)
        #expect(throws: SiteWriteError.self) { try StagedOutput.prepare(output) }
    }

    @Test func foldersLeftByInterruptedBuildsAreRemoved() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try prepareFolder()
        for name in [".Site.building-123-456", ".Site.old-123-456", ".Other.building-1-2"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name + "/deep"), withIntermediateDirectories: true)
        }
        let staged = try StagedOutput.prepare(output)
        try staged.write(Data("home".utf8), to: "index.html")
        try staged.commit()
        #expect(entries(of: folder) == [".Other.building-1-2", "Site"])
    }

    @Test func aSecondBuildOfTheSameOutputAtOnceIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try StagedOutput.prepare(output)
        do {
            _ = try StagedOutput.prepare(output)
            Issue.record("the second build was let in")
        } catch {
            #expect(error.description.hasPrefix("another build is writing '\(output.path)' (process \(ProcessInfo.processInfo.processIdentifier))"))
        }
        // The first build's work is intact and completes.
        try first.write(Data("home".utf8), to: "index.html")
        try first.commit()
        #expect(entries(of: output) == ["index.html"])
        // Once it is done, the next build is let in.
        let next = try StagedOutput.prepare(output)
        next.abandon()
    }

    @Test func anAbandonedBuildLeavesTheOldSiteAndNothingElse() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try StagedOutput.prepare(output)
        try first.write(Data("old".utf8), to: "index.html")
        try first.commit()
        let second = try StagedOutput.prepare(output)
        try second.write(Data("new".utf8), to: "index.html")
        try second.write(Data("page".utf8), to: "a/b/index.html")
        second.abandon()
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        #expect(entries(of: folder) == ["Site"])
    }

    @Test func aPathThatClimbsOutOfTheSiteIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let staged = try StagedOutput.prepare(output)
        defer { staged.abandon() }
        #expect(throws: SiteWriteError.self) { try staged.write(Data(), to: "../escape.html") }
        #expect(throws: SiteWriteError.self) { try staged.write(Data(), to: "a//b.html") }
    }
}
