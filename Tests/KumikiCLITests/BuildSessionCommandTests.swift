import Foundation
import Testing
import KumikiTestSupport

/// Every command reads the site through one build session and its store:
/// what one command computed, the next takes from the store, and a page is
/// computed again exactly when something it reads changed. Told through
/// `kumiki build --explain`, as a user would ask.
@Suite struct BuildSessionCommandTests {
    private static let block = "```layout do\ntitle: A button | ボタン\nbutton go \"Go\" \"行く\"\ngo.center = safe.center\ngo.width = 120\ngo.height = 44\n```\n"

    /// Two sections: Guides (g1, g2, g3) then Patterns (p1, p2); g3's next
    /// page is p1, across the sections.
    private static func pages() -> [String: String] {
        var pages: [String: String] = [:]
        for (name, section, order) in [("g1", "Guides", 1), ("g2", "Guides", 2), ("g3", "Guides", 3),
                                       ("p1", "Patterns", 1), ("p2", "Patterns", 2)] {
            pages["\(name).md"] = page(["title: \(name.uppercased())", "section: \(section)", "order: \(order)"],
                                       bilingualParagraph("Text of \(name).", "\(name)の本文です。"))
        }
        pages["p2.md"]! += "\n[Guide one](g1.md)\n\n[ガイド1](g1.md)\n\n" + block
        return pages
    }

    private static let config = "sections:\n  - Guides\n  - Patterns\n"

    private func project() throws -> FixtureProject {
        let project = try FixtureProject(Self.pages(), config: Self.config)
        let first = try project.build(["--explain"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("pages: 0 from the store, 5 computed"), "\(first.standardOutput)")
        return project
    }

    /// The paths of the pages the build computed, from `--explain`.
    private func computed(_ outcome: KumikiProcess.Outcome) -> [String] {
        outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
            .map { String($0.dropFirst(2).prefix { $0 != ":" }) }
    }

    private func rebuild(_ project: FixtureProject) throws -> KumikiProcess.Outcome {
        let outcome = try project.build(["--explain"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome
    }

    @Test func anUnchangedSiteComputesNothing() throws {
        let project = try project()
        let outcome = try rebuild(project)
        #expect(outcome.standardOutput.contains("pages: 5 from the store, 0 computed\nblocks: 0 from the store, 0 computed\n"))
    }

    @Test func editingAPageComputesThatPageOnly() throws {
        let project = try project()
        try project.write("g2.md", Self.pages()["g2.md"]!.replacingOccurrences(of: "Text of g2.", with: "New text of g2."))
        let outcome = try rebuild(project)
        #expect(computed(outcome) == ["Content/g2.md"])
        #expect(outcome.standardOutput.contains("  Content/g2.md: its text changed\n"))
    }

    /// A title shows in its section's sidebars and its neighbours' pagers:
    /// those pages are computed again, the other section's are not.
    @Test func aTitleChangeComputesItsSectionAndItsNeighbours() throws {
        let project = try project()
        try project.write("g3.md", Self.pages()["g3.md"]!.replacingOccurrences(of: "title: G3", with: "title: G3 renamed"))
        let outcome = try rebuild(project)
        #expect(computed(outcome) == ["Content/g1.md", "Content/g2.md", "Content/g3.md", "Content/p1.md"])
        #expect(outcome.standardOutput.contains("  Content/g1.md: its sidebar changed (a section, or a page it lists)\n"))
        #expect(outcome.standardOutput.contains("  Content/p1.md: its previous or next page changed\n"))
        #expect(outcome.standardOutput.contains("Content/g3.md: its text changed; its sidebar changed"))
        #expect(try String(contentsOf: project.site.appendingPathComponent("p1/index.html"), encoding: .utf8).contains("G3 renamed"))
    }

    /// A page reads what its own links resolve to, nothing else of the
    /// other pages' headings.
    @Test func aNewHeadingComputesOnlyItsPageWhenNoPageLinksToIt() throws {
        let project = try project()
        try project.write("g2.md", Self.pages()["g2.md"]! + "\n## Usage\n\n## 使い方\n")
        let outcome = try rebuild(project)
        #expect(computed(outcome) == ["Content/g2.md"])
    }

    /// p2 links to g1: a new slug for g1 changes where that link goes, as
    /// well as g1's sidebar entry and its neighbour's pager.
    @Test func aNewSlugComputesThePagesThatLinkToIt() throws {
        let project = try project()
        try project.write("g1.md", Self.pages()["g1.md"]!.replacingOccurrences(of: "title: G1", with: "title: G1\nslug: guide-one"))
        let outcome = try rebuild(project)
        #expect(computed(outcome) == ["Content/g1.md", "Content/g2.md", "Content/g3.md", "Content/p2.md"])
        #expect(outcome.standardOutput.contains("  Content/p2.md: a page or file it links to changed\n"))
        #expect(try String(contentsOf: project.site.appendingPathComponent("p2/index.html"), encoding: .utf8)
            .contains("href=\"../guide-one/index.html\""))
    }

    @Test func aConfigurationChangeComputesEveryPageAndKeepsTheBlocks() throws {
        let project = try project()
        try Data((Self.config + "title: Renamed guidelines\n").utf8).write(to: project.folder.configFile)
        let outcome = try rebuild(project)
        #expect(computed(outcome).count == 5)
        #expect(outcome.standardOutput.contains("  Content/g1.md: kumiki.yml or the build's options changed\n"))
        #expect(outcome.standardOutput.contains("blocks: 1 from the store, 0 computed\n"))
    }

    /// A page reads of the token files only the tokens its blocks show:
    /// g2 shows the colours, p1 the sizes; a colour changed computes g2
    /// alone, and no page without a tokens block.
    @Test func editingATokenComputesOnlyThePagesThatShowIt() throws {
        let tokens = { (hex: String) in
            "{\"color\": {\"$type\": \"color\", \"ink\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"hex\": \"\(hex)\"}}},"
                + " \"size\": {\"$type\": \"dimension\", \"touch\": {\"$value\": {\"value\": 44, \"unit\": \"px\"}}}}"
        }
        var pages = Self.pages()
        pages["g2.md"]! += "\n```tokens\ngroup: color\n```\n"
        pages["p1.md"]! += "\n```tokens\ngroup: size\n```\n"
        let project = try FixtureProject(pages, config: Self.config + "tokens:\n  files: [core.tokens.json]\n")
        let file = project.root.appendingPathComponent("core.tokens.json")
        try Data(tokens("#000000").utf8).write(to: file)
        let first = try project.build(["--explain"])
        #expect(first.status == 0, "\(first.standardError)")
        try Data(tokens("#111111").utf8).write(to: file)
        let outcome = try rebuild(project)
        #expect(computed(outcome) == ["Content/g2.md"])
        #expect(outcome.standardOutput.contains("  Content/g2.md: a design token it shows changed\n"))
        #expect(try String(contentsOf: project.site.appendingPathComponent("g2/index.html"), encoding: .utf8)
            .contains("fill=\"#111111\""))
    }

    /// With a resolver, every file it names is read: editing a file only a
    /// context other than the default names computes again the page whose
    /// block compares the contexts, and no other; editing the default
    /// context's file computes the page that shows the changed token.
    @Test func editingAFileTheResolverNamesComputesThePagesThatShowIt() throws {
        let color = { (hex: String) in
            "{\"color\": {\"$type\": \"color\", \"ink\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"hex\": \"\(hex)\"}}}}"
        }
        let resolver = """
            {"version": "2025.10",
             "sets": {"core": {"sources": [{"$ref": "core.tokens.json"}]}},
             "modifiers": {"theme": {"contexts": {"light": [{"$ref": "light.tokens.json"}], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/core"}, {"$ref": "#/modifiers/theme"}]}
            """
        var pages = Self.pages()
        pages["g2.md"]! += "\n```tokens\ngroup: color\n```\n"
        pages["p1.md"]! += "\n```tokens\ngroup: color\ncompare: theme\n```\n"
        pages["g3.md"]! += "\n```tokens\ngroup: size\n```\n"
        let project = try FixtureProject(pages, config: Self.config + "tokens:\n  resolver: Tokens/site.resolver.json\n")
        let folder = project.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(resolver.utf8).write(to: folder.appendingPathComponent("site.resolver.json"))
        try Data("{\"size\": {\"$type\": \"dimension\", \"touch\": {\"$value\": {\"value\": 44, \"unit\": \"px\"}}}}".utf8)
            .write(to: folder.appendingPathComponent("core.tokens.json"))
        try Data(color("#000000").utf8).write(to: folder.appendingPathComponent("light.tokens.json"))
        try Data(color("#ffffff").utf8).write(to: folder.appendingPathComponent("dark.tokens.json"))
        let first = try project.build(["--explain"])
        #expect(first.status == 0, "\(first.standardError)")

        try Data(color("#eeeeee").utf8).write(to: folder.appendingPathComponent("dark.tokens.json"))
        let dark = try rebuild(project)
        #expect(computed(dark) == ["Content/p1.md"])
        #expect(dark.standardOutput.contains("  Content/p1.md: a design token it shows changed\n"))
        #expect(try String(contentsOf: project.site.appendingPathComponent("p1/index.html"), encoding: .utf8)
            .contains("fill=\"#eeeeee\""))

        try Data(color("#111111").utf8).write(to: folder.appendingPathComponent("light.tokens.json"))
        let light = try rebuild(project)
        #expect(computed(light) == ["Content/g2.md", "Content/p1.md"])
        #expect(try String(contentsOf: project.site.appendingPathComponent("g2/index.html"), encoding: .utf8)
            .contains("fill=\"#111111\""))
    }

    /// The home page's body is the index page's: a tokens block there
    /// follows its tokens too, though the home page is not in the
    /// navigation and is written whole by every build.
    @Test func aTokensBlockOnTheHomePageFollowsItsTokens() throws {
        let tokens = { (hex: String) in
            "{\"color\": {\"$type\": \"color\", \"ink\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [0, 0, 0], \"hex\": \"\(hex)\"}}}}"
        }
        var pages = Self.pages()
        pages["index.md"] = page(["title: Home"], bilingualParagraph("Welcome.", "ようこそ。") + "\n```tokens\ngroup: color\n```\n")
        let project = try FixtureProject(pages, config: Self.config + "tokens:\n  files: [core.tokens.json]\n")
        let file = project.root.appendingPathComponent("core.tokens.json")
        try Data(tokens("#000000").utf8).write(to: file)
        #expect(try project.build().status == 0)
        try Data(tokens("#111111").utf8).write(to: file)
        #expect(try rebuild(project).status == 0)
        let home = try String(contentsOf: project.site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("fill=\"#111111\""))
        #expect(!home.contains("fill=\"#000000\""))
    }

    @Test func excludingADeviceSolvesTheBlockAgain() throws {
        let project = try project()
        try Data((Self.config + "exclude_devices: [iphone-8]\n").utf8).write(to: project.folder.configFile)
        let outcome = try rebuild(project)
        #expect(outcome.standardOutput.contains("blocks: 0 from the store, 1 computed\n"), "\(outcome.standardOutput)")
    }

    @Test func theBuildOptionsArePartOfTheKey() throws {
        let project = try project()
        let outcome = try project.build(["--explain", "--base-url", "https://example.org/docs/"])
        #expect(computed(outcome).count == 5)
        let back = try rebuild(project)
        #expect(back.standardOutput.contains("pages: 5 from the store, 0 computed"))
    }

    /// `kumiki check` reads the store and writes nothing to it.
    @Test func checkTakesPagesFromTheStoreAndAddsNothing() throws {
        let project = try project()
        let cache = project.root.appendingPathComponent(".kumiki-cache")
        let before = (try? FileManager.default.subpathsOfDirectory(atPath: cache.path))?.sorted()
        try project.write("g2.md", Self.pages()["g2.md"]!.replacingOccurrences(of: "Text of g2.", with: "Checked text."))
        let check = try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root)
        #expect(check.status == 0, "\(check.standardError)")
        #expect((try? FileManager.default.subpathsOfDirectory(atPath: cache.path))?.sorted() == before)
    }

    /// The preview and the build share the store: a preview after a build
    /// computes no page, and a build after that preview computes none.
    @Test func buildThenServeThenBuildComputesNothingAgain() throws {
        let project = try project()
        let serve = try PreviewProcess(in: project.root, arguments: ["--templates", Repository.templates.path])
        defer { serve.stop() }
        let output = try serve.waitFor("Stored the build in .kumiki-cache")
        #expect(output.contains("Built 5 pages in"), "\(output)")
        #expect(output.contains("(5 from the store, 0 computed)"), "\(output)")
        serve.stop()
        let after = try rebuild(project)
        #expect(after.standardOutput.contains("pages: 5 from the store, 0 computed\n"), "\(after.standardOutput)")
    }

    /// A preview on an empty store computes every page, answers, then
    /// writes them to the store: the build after it computes none.
    @Test func serveThenBuildComputesNothingAgain() throws {
        let project = try FixtureProject(Self.pages(), config: Self.config)
        let serve = try PreviewProcess(in: project.root, arguments: ["--templates", Repository.templates.path])
        defer { serve.stop() }
        let output = try serve.waitFor("Stored the build in .kumiki-cache")
        #expect(output.contains("(0 from the store, 5 computed)"), "\(output)")
        serve.stop()
        let after = try rebuild(project)
        #expect(after.standardOutput.contains("pages: 5 from the store, 0 computed\n"), "\(after.standardOutput)")
        #expect(after.standardOutput.contains("blocks: 0 from the store, 0 computed\n"), "\(after.standardOutput)")
    }
}

/// `kumiki serve` on a free port, read as it writes, stopped with an
/// interrupt as a user stops it.
final class PreviewProcess {
    private let process = Process()
    private let outURL: URL

    /// - Parameter environment: Variables set for the process over the
    ///   test's own.
    init(in directory: URL, arguments: [String], environment: [String: String] = [:]) throws {
        guard let executable = KumikiProcess.executable else { throw KumikiProcess.MissingExecutable() }
        outURL = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-serve-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var output: String { String(decoding: FileManager.default.contents(atPath: outURL.path) ?? Data(), as: UTF8.self) }

    /// Standard output once it holds `text`; fails after 60 seconds.
    func waitFor(_ text: String) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let seen = output
            if seen.contains(text) { return seen }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Timeout(text: text, output: output)
    }

    func stop() {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outURL)
    }

    struct Timeout: Error, CustomStringConvertible {
        var text: String
        var output: String
        var description: String { "kumiki serve never printed '\(text)'; it printed:\n\(output)" }
    }
}
