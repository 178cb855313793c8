import Foundation
import Testing
import KumikiTestSupport

/// `kumiki build` as a user runs it: the real executable in a project folder.
@Suite struct BuildCommandTests {
    private static let goodPages = [
        "index.md": page(["title: Home"], "Welcome.\n\nようこそ。\n"),
        "a.md": page(["title: A", "title_ja: エー"], "Hello.\n\nこんにちは。\n\n## Usage\n\n## 使い方\n"),
    ]

    @Test func aSuccessfulBuildWritesTheSiteAndPrintsOneSummaryLine() throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "")
        let summary = #/Built 1 page, 3 bilingual rows, 100% translated, 0 layout blocks, 0 warnings in \d+\.\d\d s → Site/\n/#
        #expect(outcome.standardOutput.wholeMatch(of: summary) != nil, "\(outcome.standardOutput)")
        let files = project.siteSnapshot()
        for path in ["index.html", "a/index.html", "404.html", "assets/kumiki.css", "assets/kumiki.js"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(files["sitemap.xml"] == nil)
        #expect(project.entries == [".kumiki-cache", "Content", "Site"])
    }

    @Test func withoutTheCacheNothingButTheSiteIsWritten() throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--no-cache"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(project.entries == ["Content", "Site"])
    }

    @Test func aSecondBuildWithTheCacheWritesTheSameSite() throws {
        let project = try FixtureProject(Self.goodPages)
        #expect(try project.build(["--no-cache"]).status == 0)
        let cold = project.siteSnapshot()
        #expect(try project.build().status == 0)
        #expect(try project.build().status == 0)
        #expect(project.siteSnapshot() == cold)
    }

    /// Pages are parsed, solved and rendered on every core; which thread
    /// finishes first must never show in the output.
    @Test func theBundledSiteIsByteIdenticalBuiltOnOneCoreOrOnAll() throws {
        let scratch = try TemporaryFolder()
        func build(_ name: String, launcher: [String]) throws -> [String: Data] {
            let output = scratch.url(name)
            let outcome = try KumikiProcess.run(["build", "--no-cache", "--output", output.path],
                                                in: Repository.root, launcher: launcher)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            var files: [String: Data] = [:]
            for path in (try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? [] {
                var isFolder: ObjCBool = false
                let url = output.appendingPathComponent(path)
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[path] = FileManager.default.contents(atPath: url.path)
                }
            }
            return files
        }
        let oneCore = try build("one", launcher: ["/usr/bin/taskset", "-c", "0"])
        let allCores = try build("all", launcher: [])
        #expect(oneCore.count > 10)
        #expect(oneCore.keys.sorted() == allCores.keys.sorted())
        for (path, data) in allCores where oneCore[path] != data {
            Issue.record("\(path) differs between one core and all")
        }
    }

    @Test func anOutputPathThatIsAFileIsRefusedAndKept() throws {
        let project = try FixtureProject(Self.goodPages)
        try Data("my notes".utf8).write(to: project.root.appendingPathComponent("notes.txt"))
        let outcome = try project.build(["--output", "notes.txt"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "kumiki: error: the output path 'notes.txt' is a file, not a folder; choose another --output",
        ])
        #expect(try String(contentsOf: project.root.appendingPathComponent("notes.txt"), encoding: .utf8) == "my notes")
    }

    @Test func aBaseURLAddsTheSitemap() throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--base-url", "https://example.org/docs"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let sitemap = project.siteSnapshot()["sitemap.xml"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(sitemap.contains("<loc>https://example.org/docs/a/</loc>"))
    }

    @Test func theSiteConfigurationIsReadFromTheCurrentFolder() throws {
        let project = try FixtureProject(Self.goodPages, config: "title: Field Guide\ntitle_ja: 現場ガイド\n")
        let outcome = try project.build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let index = project.siteSnapshot()["index.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(index.contains("<span lang=\"en\">Field Guide</span> <span lang=\"ja\">現場ガイド</span>"))
    }

    @Test func aFailedBuildPrintsEveryDiagnosticAndLeavesThePreviousSiteUntouched() throws {
        let project = try FixtureProject(Self.goodPages)
        #expect(try project.build().status == 0)
        let before = project.siteSnapshot()
        #expect(!before.isEmpty)

        try project.write("a.md", page(["title: A", "sumary: Words"], "See [b](b.md).\n\n別のページを見てください。\n"))
        try project.write("c.md", page(["title: C", "slug: ../x"]))
        let outcome = try project.build()
        #expect(outcome.status != 0)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == [
            "Content/a.md:3:1: error: unknown front-matter key 'sumary'; did you mean 'summary'?",
            "Content/a.md:6:9: error: no page 'b.md' in the content folder; did you mean 'a.md'?",
            "Content/c.md:3:7: error: the slug '../x' would place the page outside its own folder of the site; use letters, digits and '-'",
            "kumiki: build failed with 3 errors; Site was left as it was",
        ])
        #expect(project.siteSnapshot() == before)
        #expect(project.entries == [".kumiki-cache", "Content", "Site"])
    }

    @Test func aFailedFirstBuildWritesNothing() throws {
        let project = try FixtureProject(["a.md": page(["title: A: B"])])
        let outcome = try project.build()
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.first == "Content/a.md:2:9: error: invalid YAML: mapping values are not allowed in this context")
        #expect(project.entries == [".kumiki-cache", "Content"])
    }

    @Test func strictTurnsWarningsIntoAFailureThatLeavesTheSiteUntouched() throws {
        let project = try FixtureProject(Self.goodPages)
        #expect(try project.build().status == 0)
        let before = project.siteSnapshot()

        try project.write("a.md", page(["title: A"], "<div>raw</div>\n"))
        let strict = try project.build(["--strict"])
        #expect(strict.status != 0)
        #expect(strict.errorLines == [
            "Content/a.md:5:1: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
            "kumiki: build failed with 1 warning (--strict); Site was left as it was",
        ])
        #expect(project.siteSnapshot() == before)
        #expect(project.entries == [".kumiki-cache", "Content", "Site"])

        let lenient = try project.build()
        #expect(lenient.status == 0)
        #expect(lenient.errorLines == [
            "Content/a.md:5:1: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
        ])
        #expect(lenient.standardOutput.contains(", 1 warning in "))
        #expect(project.siteSnapshot() != before)
    }

    @Test func aBadBaseURLIsAnError() throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--base-url", "example.org/docs"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "kumiki: error: the base URL must be an absolute http(s) address such as https://example.org/docs/, not 'example.org/docs'",
            "kumiki: build failed with 1 error; Site was left as it was",
        ])
        #expect(project.entries == [".kumiki-cache", "Content"])
    }

    @Test(arguments: ["https://example.org/docs/#top", "https://example.org/?lang=en"])
    func aBaseURLWithAQueryOrAFragmentIsAnError(_ url: String) throws {
        // Page paths follow the base URL; they would land after the `?` or `#`.
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--base-url", url])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.first == "kumiki: error: the base URL must have no query ('?') or fragment ('#'), "
                + "since page paths follow it: write it as https://example.org/docs/, not '\(url)'")
    }

    /// The sitemap and the links need a URL: a space or a letter outside
    /// ASCII in the base URL's path is percent-encoded, an escape already
    /// written stays, and a host must be ASCII.
    @Test(arguments: [("https://example.org/my docs", "https://example.org/my%20docs/"),
                      ("https://example.org/ガイド/", "https://example.org/%E3%82%AC%E3%82%A4%E3%83%89/"),
                      ("https://example.org/a%20b/", "https://example.org/a%20b/")])
    func aBaseURLsPathIsPercentEncoded(url: String, written: String) throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--base-url", url])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let sitemap = try String(contentsOf: project.site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>\(written)</loc>"), "\(sitemap)")
    }

    /// A page's slug outside ASCII is percent-encoded in its address too,
    /// in the sitemap and the canonical link alike.
    @Test func aSlugOutsideASCIIIsPercentEncodedInItsAddress() throws {
        let project = try FixtureProject(["g.md": page(["title: G", "title_ja: ガイド", "slug: ガイド"], "Text.\n\n本文。\n")])
        let outcome = try project.build(["--base-url", "https://example.org/docs/"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let address = "https://example.org/docs/%E3%82%AC%E3%82%A4%E3%83%89/"
        let sitemap = try String(contentsOf: project.site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>\(address)</loc>"), "\(sitemap)")
        let html = try String(contentsOf: project.site.appendingPathComponent("ガイド/index.html"), encoding: .utf8)
        #expect(html.contains("rel=\"canonical\" href=\"\(address)\""), "\(html)")
    }

    @Test func aBaseURLWithAHostOutsideASCIIIsAnError() throws {
        let project = try FixtureProject(Self.goodPages)
        let outcome = try project.build(["--base-url", "https://例え.jp/docs/"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.first
                == "kumiki: error: the base URL's host must be ASCII (an internationalised domain in its xn-- form), not 'https://例え.jp/docs/'")
    }

    @Test func aMissingContentFolderIsAnError() throws {
        let project = try FixtureProject([:])
        let templates = Repository.templates.path
        let outcome = try KumikiProcess.run(["build", "--content", "Pages", "--templates", templates], in: project.root)
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.first == "kumiki: error: no content folder at 'Pages'")
    }

    @Test func draftsAreBuiltOnlyWithTheDraftsFlag() throws {
        let project = try FixtureProject(["a.md": page(["title: A"]), "wip.md": page(["title: WIP", "draft: true"])])
        #expect(try project.build().status == 0)
        #expect(project.siteSnapshot()["wip/index.html"] == nil)
        #expect(try project.build(["--drafts"]).status == 0)
        #expect(project.siteSnapshot()["wip/index.html"] != nil)
    }

    @Test func helpListsTheBuildCommand() throws {
        let project = try FixtureProject([:])
        let outcome = try KumikiProcess.run(["--help"], in: project.root)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("SUBCOMMANDS:"))
        #expect(outcome.standardOutput.contains(#/\n\s+build\s+Build the site into a folder of plain files\./#))
    }

    @Test func buildHelpListsItsOptions() throws {
        let project = try FixtureProject([:])
        let outcome = try KumikiProcess.run(["build", "--help"], in: project.root)
        #expect(outcome.status == 0)
        for option in ["--content", "--templates", "--output", "--base-url", "--strict", "--drafts"] {
            #expect(outcome.standardOutput.contains(option), "\(option)")
        }
    }
}

/// The output folder is replaced as a whole, so it must never be a folder
/// the build reads from.
@Suite struct OutputFolderSafetyTests {
    private static let templates = Repository.templates.path
    private static let pageText = page(["title: A"], "Hello.\n\nこんにちは。\n")

    @Test func anOutputFolderThatIsTheContentFolderIsRefusedAndTheContentKept() throws {
        let project = try FixtureProject(["a.md": Self.pageText])
        let outcome = try KumikiProcess.run(["build", "--content", "Content", "--templates", Self.templates, "--output", "Content"], in: project.root)
        #expect(outcome.status != 0)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == [
            "kumiki: error: the output folder 'Content' would replace the content folder; choose another --output",
            "kumiki: build failed with 1 error; Content was left as it was",
        ])
        #expect(FileManager.default.contents(atPath: project.root.appendingPathComponent("Content/a.md").path) == Data(Self.pageText.utf8))
        #expect(project.entries == ["Content"])
    }

    @Test func theCurrentFolderAsOutputIsRefused() throws {
        let project = try FixtureProject(["a.md": Self.pageText])
        let outcome = try KumikiProcess.run(["build", "--content", "Content", "--templates", Self.templates, "--output", "."], in: project.root)
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "kumiki: error: the output folder '.' would replace the content folder; choose another --output",
            "kumiki: build failed with 1 error; . was left as it was",
        ])
        #expect(project.entries == ["Content"])
    }

    @Test func theCurrentFolderIsRefusedEvenWhenTheContentIsElsewhere() throws {
        let project = try FixtureProject(["a.md": Self.pageText])
        let work = project.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let content = project.root.appendingPathComponent("Content").path
        let outcome = try KumikiProcess.run(["build", "--content", content, "--templates", Self.templates, "--output", "."], in: work)
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "kumiki: error: the output folder '.' would replace the current folder; choose another --output",
            "kumiki: build failed with 1 error; . was left as it was",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == [])
    }

    @Test func theTemplatesFolderAsOutputIsRefusedAndTheTemplatesKept() throws {
        let project = try FixtureProject(["a.md": Self.pageText])
        let copy = project.root.appendingPathComponent("Theme")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.templates), to: copy)
        let before = try FileManager.default.subpathsOfDirectory(atPath: copy.path).sorted()
        let outcome = try KumikiProcess.run(["build", "--content", "Content", "--templates", "Theme", "--output", "Theme"], in: project.root)
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "kumiki: error: the output folder 'Theme' would replace the templates folder; choose another --output",
            "kumiki: build failed with 1 error; Theme was left as it was",
        ])
        #expect(try FileManager.default.subpathsOfDirectory(atPath: copy.path).sorted() == before)
    }

    @Test func aContentFolderHoldingTheOutputFolderDoesNotCopyTheOldSiteIntoTheNewOne() throws {
        let project = try FixtureProject([:])
        try Data(Self.pageText.utf8).write(to: project.root.appendingPathComponent("a.md"))
        let arguments = ["build", "--content", ".", "--templates", Self.templates, "--output", "Site"]
        let first = try KumikiProcess.run(arguments, in: project.root)
        #expect(first.status == 0, "\(first.standardError)")
        let before = project.siteSnapshot()
        let second = try KumikiProcess.run(arguments, in: project.root)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError == "")
        #expect(!FileManager.default.fileExists(atPath: project.site.appendingPathComponent("Site").path),
                "the second build copied the first site into Site/Site")
        #expect(project.siteSnapshot() == before)
    }

    @Test func aContentFileShadowingAThemeAssetFailsTheBuild() throws {
        let project = try FixtureProject(["a.md": Self.pageText, "assets/kumiki.css": "body {}\n"])
        let outcome = try project.build()
        #expect(outcome.status != 0)
        #expect(outcome.errorLines == [
            "Content/assets/kumiki.css:1:1: error: 'assets/kumiki.css' in the content folder would replace the theme's file of the same path; rename it",
            "kumiki: build failed with 1 error; Site was left as it was",
        ])
        #expect(project.entries == [".kumiki-cache", "Content"])
    }

    /// A theme's template that does not parse is said to, in words, and
    /// not also called missing; a template that is a symbolic link is not
    /// followed (it is rendered into every page).
    @Test func aTemplateThatDoesNotParseIsSaidToInWords() throws {
        let folder = try TemporaryFolder()
        #expect(try KumikiProcess.run(["init", "site"], in: folder.root).status == 0)
        let site = folder.url("site")
        let page = site.appendingPathComponent("Templates/page.mustache")
        try (try String(contentsOf: page, encoding: .utf8) + "\n{{#unclosed}}\n").write(to: page, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("Templates/extra.mustache").path,
                                                   withDestinationPath: "/etc/hostname")
        let outcome = try KumikiProcess.run(["check"], in: site)
        #expect(outcome.status == 1)
        let errors = outcome.errorLines.filter { $0.contains("error:") }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first == "Templates/extra.mustache:1:1: error: 'extra.mustache' in the templates folder is a symbolic link, "
                + "which Kumiki does not follow (it could lead outside the site); put the file itself there")
        // At the place swift-mustache gives, near the end of the file.
        #expect(errors.last?.hasPrefix("Templates/page.mustache:") == true)
        #expect(errors.last?.hasSuffix(":1: error: the template does not parse: a section ({{#name}} or {{^name}}) is never closed with {{/name}}") == true)
    }

    /// A content file is copied to the same path of the site: where the
    /// build writes a file of its own there, one of the two would win
    /// silently (and not always the same one), so both `check` and `build`
    /// refuse it.
    @Test(arguments: ["check", "build"])
    func aContentFileWhereTheBuildWritesAFileOfItsOwnIsAnError(command: String) throws {
        let picture = "---\ntitle: P\nslug: pic.png\n---\n\nHi.\n\nやあ。\n"
        let project = try FixtureProject([
            "a.md": Self.pageText, "p.md": picture, "a/index.html": "mine\n", "404.html": "mine\n",
            "search/index.js": "mine\n", "sitemap.xml": "<urlset/>\n", "pic.png": "png\n", "a/picture.png": "png\n",
        ])
        let outcome = try KumikiProcess.run([command], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.filter { $0.contains(": error: ") } == [
            "Content/404.html:1:1: error: '404.html' in the content folder would replace the site's own '404.html'; rename it",
            "Content/a/index.html:1:1: error: 'a/index.html' in the content folder would replace the page 'Content/a.md'; rename it",
            "Content/pic.png:1:1: error: 'pic.png' in the content folder is where the page 'Content/p.md' is written (its folder 'pic.png/'); rename it",
            "Content/search/index.js:1:1: error: 'search/index.js' in the content folder is in the site's own folder 'search/'; rename it",
            "Content/sitemap.xml:1:1: error: 'sitemap.xml' in the content folder would replace the site's own 'sitemap.xml'; rename it",
        ])
    }
}

/// The warnings of a page reach the command line with the file's relative
/// path, and `--strict` treats them as failures.
@Suite struct BuildWarningTests {
    @Test func anUntranslatedBlockIsAWarningThatStrictTurnsIntoAFailure() throws {
        let project = try FixtureProject(["a.md": page(["title: A"], "Hello.\n\nこんにちは。\n\nOnly in English.\n")])
        let strict = try project.build(["--strict"])
        #expect(strict.status != 0)
        #expect(strict.errorLines == [
            "Content/a.md:9:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            "kumiki: build failed with 1 warning (--strict); Site was left as it was",
        ])
        let lenient = try project.build()
        #expect(lenient.status == 0)
        #expect(lenient.errorLines == [
            "Content/a.md:9:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
        ])
        #expect(lenient.standardOutput.contains("Built 1 page, 1 bilingual rows, 50% translated, 0 layout blocks, 1 warning in "))
    }

    @Test func anImageWithoutAlternativeTextIsAWarning() throws {
        let project = try FixtureProject(["a.md": page(["title: A"], "![](p.png)\n"), "p.png": "png"])
        let outcome = try project.build()
        #expect(outcome.status == 0)
        #expect(outcome.errorLines == [
            "Content/a.md:5:1: warning: the image 'p.png' has no alternative text; describe it between the brackets: ![description](p.png)",
        ])
    }
}
