import Foundation
import Testing
import KumikiTestSupport

/// `kumiki init DIR` writes a site that builds at once, with the default
/// theme copied byte for byte from the binary; it never writes into a
/// folder that holds anything.
@Suite struct InitCommandTests {
    @Test func initWritesTheConfigurationTheThemeAndTheExamplePages() throws {
        let scratch = try TemporaryFolder()
        let outcome = try KumikiProcess.run(["init", "my-guidelines"], in: scratch.root)
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let files = scratch.files(under: "my-guidelines")
        for expected in [".gitignore", "kumiki.yml", "Content/index.md", "Content/primary-actions.md",
                         "Templates/page.mustache", "Templates/assets/kumiki.css", "Templates/assets/kumiki.js"] {
            #expect(files.contains(expected), "missing \(expected)")
        }
        let example = try String(contentsOf: scratch.url("my-guidelines/Content/primary-actions.md"), encoding: .utf8)
        #expect(example.contains("```layout do\n"))
        #expect(example.contains("```layout dont\n"))
        let config = try String(contentsOf: scratch.url("my-guidelines/kumiki.yml"), encoding: .utf8)
        #expect(config.hasPrefix("# Kumiki site configuration."))
    }

    @Test func theThemeCopyIsTemplatesByteForByte() throws {
        let scratch = try TemporaryFolder()
        _ = try KumikiProcess.run(["init", "site"], in: scratch.root)
        let templates = Repository.templates
        let expected = ((try? FileManager.default.subpathsOfDirectory(atPath: templates.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.split(separator: "/").contains { $0.hasPrefix(".") }
                && FileManager.default.fileExists(atPath: templates.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
        #expect(scratch.files(under: "site/Templates") == expected,
                "the embedded theme lists other files than Templates/: run Scripts/embed-theme")
        for name in expected {
            let copied = FileManager.default.contents(atPath: scratch.url("site/Templates/\(name)").path)
            let original = FileManager.default.contents(atPath: templates.appendingPathComponent(name).path)
            #expect(copied == original, "Templates/\(name) differs from the embedded copy: run Scripts/embed-theme")
        }
    }

    @Test func theNewSiteBuildsWithoutWarnings() throws {
        let scratch = try TemporaryFolder()
        _ = try KumikiProcess.run(["init", "site"], in: scratch.root)
        let build = try KumikiProcess.run(["build", "--strict"], in: scratch.url("site"))
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.isEmpty)
        let page = try String(contentsOf: scratch.url("site/Site/primary-actions/index.html"), encoding: .utf8)
        #expect(page.contains("<div class=\"bi-col\" lang=\"ja\">"))
        #expect(page.contains("layout-do"))
        #expect(page.contains("layout-dont"))
    }

    /// The iPhone Air is bundled now, so the configuration no longer shows
    /// how to add it by hand; its commented device examples (leaving a
    /// bundled device out, adding one) work once uncommented.
    @Test func theConfigurationsDeviceExamplesWorkWhenUncommented() throws {
        let scratch = try TemporaryFolder()
        _ = try KumikiProcess.run(["init", "site"], in: scratch.root)
        let config = try String(contentsOf: scratch.url("site/kumiki.yml"), encoding: .utf8)
        #expect(!config.contains("name: iPhone Air"), "iPhone Air is bundled; the scaffold must not suggest adding it")
        #expect(config.contains("# exclude_devices: [iphone-air]\n"))
        let examples = ["# exclude_devices:", "# devices:", "#   "]
        let uncommented = config.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            examples.contains { line.hasPrefix($0) } ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        #expect(uncommented.contains("\nexclude_devices: [iphone-air]\n"))
        #expect(uncommented.contains("\n  - id: studio-tablet\n"))
        try Data(uncommented.utf8).write(to: scratch.url("site/kumiki.yml"))
        let check = try KumikiProcess.run(["check", "--strict"], in: scratch.url("site"))
        #expect(check.status == 0, "\(check.standardError)")
        // The new site is not in a git repository yet: one note says that
        // it has no history, and nothing else is printed.
        let lines = check.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("kumiki: note: the content folder is not in a git repository") == true)
        let devices = try KumikiProcess.run(["devices"], in: scratch.url("site"))
        #expect(devices.status == 0)
        #expect(devices.standardOutput.contains("\nstudio-tablet "))
        #expect(!devices.standardOutput.contains("\niphone-air "))
    }

    @Test func initPrintsTheNextSteps() throws {
        let scratch = try TemporaryFolder()
        let outcome = try KumikiProcess.run(["init", "docs"], in: scratch.root)
        #expect(outcome.standardOutput.hasPrefix("Created a Kumiki site in docs/\n"))
        #expect(outcome.standardOutput.contains("cd docs && kumiki serve"))
    }

    @Test func initRefusesAFolderThatHoldsAnything() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(at: scratch.url("busy"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: scratch.url("busy/notes.txt"))
        let outcome = try KumikiProcess.run(["init", "busy"], in: scratch.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["kumiki: error: 'busy' is not empty (it holds 'notes.txt'); kumiki init only writes into a new or empty folder"])
        #expect(scratch.files(under: "busy") == ["notes.txt"])
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func initRefusesAFile() throws {
        let scratch = try TemporaryFolder()
        try Data("x".utf8).write(to: scratch.url("file"))
        let outcome = try KumikiProcess.run(["init", "file"], in: scratch.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["kumiki: error: 'file' is a file, not a folder"])
    }

    /// A folder cannot be made under a file, nor where a symbolic link
    /// leads nowhere: each is said as it is.
    @Test func initSaysWhichFileOrLinkStandsInTheWay() throws {
        let scratch = try TemporaryFolder()
        try Data("x".utf8).write(to: scratch.url("file"))
        let underFile = try KumikiProcess.run(["init", "file/site/docs"], in: scratch.root)
        #expect(underFile.status == 1)
        #expect(underFile.errorLines == ["kumiki: error: 'file' is a file, not a folder"])
        try FileManager.default.createSymbolicLink(atPath: scratch.url("dangling").path, withDestinationPath: "nowhere")
        let link = try KumikiProcess.run(["init", "dangling"], in: scratch.root)
        #expect(link.status == 1)
        #expect(link.errorLines == ["kumiki: error: 'dangling' is a symbolic link to 'nowhere', which does not exist"])
    }

    @Test func initAcceptsAFolderWithOnlyHiddenEntriesSuchAsGit() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.createDirectory(at: scratch.url("repo/.git"), withIntermediateDirectories: true)
        let outcome = try KumikiProcess.run(["init", "repo"], in: scratch.root)
        #expect(outcome.status == 0)
        #expect(scratch.files(under: "repo").contains("kumiki.yml"))
    }

    @Test func aBuildWithoutTemplatesUsesTheBuiltInTheme() throws {
        let scratch = try TemporaryFolder()
        _ = try KumikiProcess.run(["init", "site"], in: scratch.root)
        try FileManager.default.removeItem(at: scratch.url("site/Templates"))
        let build = try KumikiProcess.run(["build", "--strict"], in: scratch.url("site"))
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.errorLines == ["kumiki: note: no Templates folder here; using the built-in theme (kumiki init makes a copy you can change)"])
        let css = FileManager.default.contents(atPath: scratch.url("site/Site/assets/kumiki.css").path)
        #expect(css == FileManager.default.contents(atPath: Repository.root.appendingPathComponent("Templates/assets/kumiki.css").path))
    }

    @Test func aMissingTemplatesFolderNamedExplicitlyIsAnError() throws {
        let scratch = try TemporaryFolder()
        _ = try KumikiProcess.run(["init", "site"], in: scratch.root)
        let build = try KumikiProcess.run(["build", "--templates", "Theme"], in: scratch.url("site"))
        #expect(build.status == 1)
        #expect(build.errorLines.first == "kumiki: error: no templates folder at 'Theme'")
    }
}
