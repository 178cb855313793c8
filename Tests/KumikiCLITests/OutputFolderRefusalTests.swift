import Foundation
import Testing
import KumikiTestSupport

/// Writing a site replaces its output folder whole, so `build --output` and
/// `diff --format html --output` refuse a folder whose loss could not be
/// undone: the site's own inputs (its token files and build store among
/// them), the current folder or one above it, and a git repository or its
/// `.git`. Each refusal leaves the folder as it was.
@Suite(.serialized) struct OutputFolderRefusalTests {
    private static let config = "tokens:\n  files: [Tokens/core.tokens.json]\n"
    private static let tokens = #"{"gap": {"$type": "dimension", "$value": {"value": 8, "unit": "px"}}}"# + "\n"

    /// A site at the top of a repository, with two commits.
    private func repository() throws -> GitFixture {
        let fixture = try GitFixture(["a.md": page(["title: A", "title_ja: エー"], "Hello.\n\nこんにちは。\n")], config: Self.config)
        try fixture.site.folder.write("Tokens/core.tokens.json", Self.tokens)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("a.md", page(["title: A", "title_ja: エー"], "Hello there.\n\nこんにちは。\n"))
        try fixture.git("commit", "-q", "-a", "-m", "Edit", day: 2)
        return fixture
    }

    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".kumiki-cache") }.sorted()
    }

    @Test func buildRefusesTheRepositorysOwnFolderTheTokenFilesAndTheStore() throws {
        let fixture = try repository()
        let root = fixture.site.root
        _ = try KumikiProcess.run(["build"], in: root)
        try fixture.site.folder.write("Content/images/photo.txt", "a photo\n")
        let before = try listing(root)
        for (output, reason) in [
            (".git", "is a git repository's own folder (.git), and writing the site would replace it whole"),
            (".git/refs", "is inside a git repository's own folder (.git), and writing the site would replace it whole"),
            ("Tokens", "would replace the token file 'Tokens/core.tokens.json'"),
            (".kumiki-cache", "would replace the build store"),
            (".kumiki-cache/site", "is inside the build store"),
        ] {
            let outcome = try KumikiProcess.run(["build", "--output", output], in: root)
            #expect(outcome.status == 1)
            #expect(outcome.errorLines.filter { $0.hasPrefix("kumiki: error:") }
                    == ["kumiki: error: the output folder '\(output)' \(reason); choose another --output"])
        }
        let images = try KumikiProcess.run(["build", "--output", "Content/images"], in: root)
        #expect(images.status == 1)
        #expect(images.errorLines.filter { $0.hasPrefix("kumiki: error:") } == [
            "kumiki: error: the output folder 'Content/images' holds files that are not a site built by Kumiki ('photo.txt'), "
                + "and a build replaces the whole folder; choose another --output or empty it (a file to publish with the "
                + "site, such as CNAME, goes in the content folder, which copies it)",
        ])
        #expect(try listing(root) == before)
        #expect(try fixture.git("log", "--format=%s") == "Edit\nStart\n")
    }

    /// A folder of the user's own (GitHub Pages' `docs/` with a hand-made
    /// `CNAME`) is not replaced; an empty one, or an earlier build, is.
    @Test func buildRefusesAFolderHoldingFilesThatAreNotASite() throws {
        let project = try FixtureProject(["a.md": page(["title: A", "title_ja: エー"], "Hello.\n\nこんにちは。\n")])
        let docs = project.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try Data("docs.example.org\n".utf8).write(to: docs.appendingPathComponent("CNAME"))
        try Data("mine\n".utf8).write(to: docs.appendingPathComponent("notes.txt"))
        let refused = try KumikiProcess.run(["build", "--templates", Repository.templates.path, "--output", "docs"], in: project.root)
        #expect(refused.status == 1)
        #expect(refused.errorLines.first?.hasPrefix(
            "kumiki: error: the output folder 'docs' holds files that are not a site built by Kumiki ('CNAME', 'notes.txt')") == true,
                "\(refused.standardError)")
        #expect(try listing(docs) == ["CNAME", "notes.txt"])

        // The CNAME goes in the content folder instead, and the folder is emptied.
        try FileManager.default.moveItem(at: docs.appendingPathComponent("CNAME"), to: project.root.appendingPathComponent("Content/CNAME"))
        try FileManager.default.removeItem(at: docs.appendingPathComponent("notes.txt"))
        for _ in 0..<2 {
            let built = try KumikiProcess.run(["build", "--templates", Repository.templates.path, "--output", "docs"], in: project.root)
            #expect(built.status == 0, "\(built.standardError)")
        }
        #expect(try String(contentsOf: docs.appendingPathComponent("CNAME"), encoding: .utf8) == "docs.example.org\n")
    }

    @Test func theHTMLReportRefusesTheSiteTheFolderAboveAndTheRepository() throws {
        let fixture = try repository()
        let root = fixture.site.root
        let before = try listing(root)
        for (output, error) in [
            (".", "the output folder '.' would replace the content folder"),
            ("Content", "the output folder 'Content' would replace the content folder"),
            ("Tokens", "the output folder 'Tokens' would replace the token file 'Tokens/core.tokens.json'"),
            ("..", "the output folder '\(root.deletingLastPathComponent().path)' would replace the content folder"),
            (".git", "the output folder '.git' is a git repository's own folder (.git), "
                + "and writing the site would replace it whole"),
        ] {
            let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", output], in: root)
            #expect(outcome.status == 2, "\(output)")
            #expect(outcome.errorLines == ["kumiki: error: \(error); choose another --output"], "\(output)")
        }
        #expect(try listing(root) == before)
        // A folder of its own is written.
        let report = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", "Review"], in: root)
        #expect(report.status == 0, "\(report.standardError)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Review/index.html").path))
        // Written again over itself; not over a folder holding anything else.
        let again = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", "Review"], in: root)
        #expect(again.status == 0, "\(again.standardError)")
        try Data("mine\n".utf8).write(to: root.appendingPathComponent("Review/notes.txt"))
        let refused = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", "Review"], in: root)
        #expect(refused.status == 2)
        #expect(refused.errorLines == ["kumiki: error: the output folder 'Review' holds files that are not a review report "
            + "('index.html', 'notes.txt'), and the report replaces the whole folder; choose another --output or empty it"])
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Review/notes.txt").path))
    }
}
