import Foundation
import Testing
import KumikiTestSupport

/// `kumiki check` as an author runs it: the real executable, in a folder
/// holding a small site (`Tests/Fixtures/check/<name>/Content`), with the
/// repository's own templates.
///
/// Every fixture holds one kind of problem, so each test pins the exact
/// diagnostic line an author reads, and the exit status a script sees.
@Suite struct CheckCommandTests {
    /// What checking one fixture site prints and how it exits.
    struct Expectation: CustomTestStringConvertible, Sendable {
        var fixture: String
        /// Standard error, line by line, in the compiler format.
        var diagnostics: [String]
        /// The one-line summary on standard output.
        var summary: String
        var status: Int32
        var strictStatus: Int32

        var testDescription: String { fixture }
    }

    static let expectations: [Expectation] = [
        Expectation(
            fixture: "unknown-front-matter-key",
            diagnostics: [
                "Content/index.md:4:1: error: unknown front-matter key 'subtitle'; known keys are title, title_ja, "
                    + "section, section_ja, order, summary, summary_ja, slug, draft",
            ],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            fixture: "invalid-yaml",
            diagnostics: ["Content/index.md:4:17: error: invalid YAML: mapping values are not allowed in this context"],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            // The link is written in both languages, and each place is reported: each needs its own edit.
            fixture: "broken-link",
            diagnostics: [
                "Content/index.md:6:19: error: no page 'colors.md' in the content folder",
                "Content/index.md:8:5: error: no page 'colors.md' in the content folder",
            ],
            summary: "2 errors, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        // The page linked to is there, but a draft: the error says so, where a guess at another page would mislead.
        Expectation(
            fixture: "link-to-draft",
            diagnostics: [
                "Content/index.md:6:19: error: 'colors.md' is a draft, left out of the site unless it is built with --drafts; "
                    + "link to it once it is published",
                "Content/index.md:8:5: error: 'colors.md' is a draft, left out of the site unless it is built with --drafts; "
                    + "link to it once it is published",
            ],
            summary: "2 errors, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            fixture: "missing-anchor",
            diagnostics: ["Content/index.md:6:19: error: 'spacing.md' has no heading with the anchor '#paddings'"],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            fixture: "missing-image",
            diagnostics: ["Content/index.md:6:30: error: no file 'margins.png' next to this page"],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            fixture: "image-without-alt",
            diagnostics: [
                "Content/index.md:10:1: warning: the image 'margins.svg' has no alternative text; "
                    + "describe it between the brackets: ![description](margins.svg)",
            ],
            summary: "0 errors, 1 warning; 100% translated", status: 0, strictStatus: 2),
        Expectation(
            fixture: "untranslated-block",
            diagnostics: [
                "Content/index.md:10:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            ],
            summary: "0 errors, 1 warning; 50% translated", status: 0, strictStatus: 2),
        Expectation(
            fixture: "duplicate-slug",
            diagnostics: [
                "Content/colour.md:4:1: error: two pages have the slug 'color'",
                "Content/color.md:1:1: note: the other page is here",
            ],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        Expectation(
            fixture: "unclosed-fence",
            diagnostics: ["Content/index.md:10:1: error: this code block is never closed: add a line '```' where it ends"],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
        // A layout block indented under a list's step is not read (its misspelt attribute goes unreported): said so.
        Expectation(
            fixture: "nested-layout-block",
            diagnostics: [
                "Content/index.md:8:3: warning: this 'layout' block is inside a list item, so it is shown as code and not read; "
                    + "a 'layout' block must stand on its own, unindented, between paragraphs",
            ],
            summary: "0 errors, 1 warning; 100% translated", status: 0, strictStatus: 2),
        // GitHub's tables and footnotes are not CommonMark: shown as text, and said so where they are written.
        Expectation(
            fixture: "github-extensions",
            diagnostics: [
                "Content/index.md:6:1: warning: tables are not supported, so this one is shown as text; "
                    + "use a list, or a 'tokens' block for tokens",
                "Content/index.md:10:1: warning: tables are not supported, so this one is shown as text; "
                    + "use a list, or a 'tokens' block for tokens",
                "Content/index.md:18:1: warning: footnotes are not supported, so this one is shown as text; "
                    + "put the note in the paragraph, or in parentheses",
                "Content/index.md:18:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
                // A definition of one word is a link's definition to CommonMark: no paragraph, still found.
                "Content/index.md:20:1: warning: footnotes are not supported, and CommonMark reads this one as a link's "
                    + "definition: the note is not shown, and its mark becomes a link; put the note in the paragraph, "
                    + "or in parentheses",
                // So is one in a quote, or in a list item.
                "Content/index.md:26:3: warning: footnotes are not supported, and CommonMark reads this one as a link's "
                    + "definition: the note is not shown, and its mark becomes a link; put the note in the paragraph, "
                    + "or in parentheses",
                "Content/index.md:28:3: warning: footnotes are not supported, and CommonMark reads this one as a link's "
                    + "definition: the note is not shown, and its mark becomes a link; put the note in the paragraph, "
                    + "or in parentheses",
            ],
            summary: "0 errors, 7 warnings; 66% translated", status: 0, strictStatus: 2),
        // Two section names of one slug (one page numbered, by order), and one section with two Japanese names.
        Expectation(
            fixture: "section-names",
            diagnostics: [
                "Content/b.md:4:10: warning: the sections 'UI Kit' and 'UI-Kit' make the same slug, so this one's page is numbered, "
                    + "and which is numbered depends on their order; write the name as the other pages do to make one section, "
                    + "or tell the names apart",
                "Content/d.md:4:10: warning: the section 'Zeta' is 'ゼータ' in Japanese on another page, and 'ゼータ別名' here; "
                    + "the site shows 'ゼータ': give it one Japanese name (or list it under 'sections' in kumiki.yml)",
            ],
            summary: "0 errors, 2 warnings; 100% translated", status: 0, strictStatus: 2),
        Expectation(
            fixture: "raw-html",
            diagnostics: [
                "Content/index.md:10:1: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
            ],
            summary: "0 errors, 1 warning; 100% translated", status: 0, strictStatus: 2),
        Expectation(
            fixture: "raw-html-allowed",
            diagnostics: [],
            summary: "0 errors, 0 warnings; 100% translated", status: 0, strictStatus: 0),
        Expectation(
            fixture: "clean",
            diagnostics: [],
            summary: "0 errors, 0 warnings; 100% translated", status: 0, strictStatus: 0),
        // A kumiki.yml entry with a bundled id changes that device, and says so.
        Expectation(
            fixture: "device-override",
            diagnostics: [
                "kumiki.yml:2:5: note: device 'iphone-x' overrides the bundled device of that id (iPhone X / XS / 11 Pro); "
                    + "the fields it leaves out keep their bundled values",
            ],
            summary: "0 errors, 0 warnings; 100% translated", status: 0, strictStatus: 0),
        // A block that passed on every device bundled before the iPhone Air fails on it…
        Expectation(
            fixture: "new-device-finding",
            diagnostics: [
                "Content/index.md:13:1: warning: a 'layout do' block should pass every guideline check, but it has findings "
                    + "(outside-safe-area) in 1 of 21 environments (iphone-air/portrait)",
            ],
            summary: "0 errors, 1 warning; 100% translated", status: 0, strictStatus: 2),
        // …until the site adopts it: the same page, with the iPhone Air excluded, checks clean.
        Expectation(
            fixture: "exclude-devices",
            diagnostics: [],
            summary: "0 errors, 0 warnings; 100% translated", status: 0, strictStatus: 0),
        Expectation(
            fixture: "exclude-unknown-device",
            diagnostics: [
                "kumiki.yml:3:5: error: 'exclude_devices' names 'iphone-ari', which is not a bundled device "
                    + "(`kumiki devices` lists them); did you mean 'iphone-air', 'iphone-xr' or 'iphone-8'?",
            ],
            summary: "1 error, 0 warnings; 100% translated", status: 1, strictStatus: 1),
    ]

    @Test(arguments: expectations)
    func printsEachProblemInTheCompilerFormat(_ expected: Expectation) throws {
        let run = try CheckFixture.run(["check"], in: expected.fixture)
        #expect(run.errorLines == expected.diagnostics)
        #expect(run.standardOutput == expected.summary + "\n")
        #expect(run.status == expected.status)
    }

    @Test(arguments: expectations)
    func strictTurnsWarningsIntoExitStatusTwo(_ expected: Expectation) throws {
        let run = try CheckFixture.run(["check", "--strict"], in: expected.fixture)
        #expect(run.errorLines == expected.diagnostics)
        #expect(run.status == expected.strictStatus)
    }

    @Test(arguments: expectations)
    func reportsTheSameProblemsAsJSON(_ expected: Expectation) throws {
        let run = try CheckFixture.run(["check", "--format", "json"], in: expected.fixture)
        #expect(run.standardError.isEmpty, "JSON mode keeps standard error free")
        #expect(run.status == expected.status)
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]],
            "standard output is a JSON list of objects")
        let rendered = items.map { item in
            "\(item["path"] ?? ""):\(item["line"] ?? ""):\(item["column"] ?? ""): \(item["severity"] ?? ""): \(item["message"] ?? "")"
        }
        #expect(rendered == expected.diagnostics)
        for item in items {
            #expect(item.keys.sorted()
                == ["code", "column", "end_column", "end_line", "line", "message", "path", "severity", "suggestions"])
            #expect(item["line"] is Int && item["column"] is Int && item["end_line"] is Int && item["end_column"] is Int)
            #expect(item["code"] is String, "every diagnostic names its rule")
        }
    }

    @Test func aLinkToADraftIsFineWhenDraftsAreBuilt() throws {
        let run = try CheckFixture.run(["check", "--drafts"], in: "link-to-draft")
        #expect(run.errorLines == [])
        #expect(run.standardOutput == "0 errors, 0 warnings; 100% translated\n")
    }

    @Test func printsAnEmptyJSONListForACleanSite() throws {
        let run = try CheckFixture.run(["check", "--format", "json"], in: "clean")
        #expect(run.standardOutput == "[]\n")
        #expect(run.status == 0)
    }

    @Test func reportsEveryProblemOfEveryPageInOneRun() throws {
        let run = try CheckFixture.run(["check", "--strict"], in: "several-problems")
        #expect(run.errorLines == [
            "Content/index.md:6:19: error: no page 'colors.md' in the content folder",
            "Content/index.md:8:5: error: no page 'colors.md' in the content folder",
            "Content/index.md:10:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
            "Content/spacing.md:4:1: error: unknown front-matter key 'tags'; known keys are title, title_ja, "
                + "section, section_ja, order, summary, summary_ja, slug, draft",
            "Content/spacing.md:11:1: warning: the image 'margins.svg' has no alternative text; "
                + "describe it between the brackets: ![description](margins.svg)",
        ])
        #expect(run.status == 1, "errors outrank warnings, even under --strict")
    }

    @Test func countsTranslationCoverageEvenWhenThereAreErrors() throws {
        // Two rows and one untranslated paragraph: 66% (rounded down).
        let run = try CheckFixture.run(["check"], in: "several-problems")
        #expect(run.standardOutput == "3 errors, 2 warnings; 66% translated\n")
    }

    @Test func writesNothing() throws {
        let fixture = CheckFixture.folder.appendingPathComponent("clean")
        let before = try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted()
        _ = try CheckFixture.run(["check"], in: "clean")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path).sorted() == before)
    }

    @Test func theBundledSiteChecksClean() throws {
        // How fast it does so (under a second) is measured by `make bench`,
        // on a release build of a quiet machine, not here among parallel tests.
        let run = try CheckFixture.run(["check", "--strict"], in: Repository.root)
        #expect(run.status == 0, "the bundled site checks clean: \(run.standardError)")
    }
}

/// `kumiki` run in a fixture site of `Tests/Fixtures/check` (or another
/// folder) with the repository's templates.
private enum CheckFixture {
    static let folder = Repository.root.appendingPathComponent("Tests/Fixtures/check")

    static func run(_ arguments: [String], in fixture: String) throws -> KumikiProcess.Outcome {
        try run(arguments, in: folder.appendingPathComponent(fixture))
    }

    static func run(_ arguments: [String], in directory: URL) throws -> KumikiProcess.Outcome {
        try KumikiProcess.run(arguments + ["--templates", Repository.templates.path], in: directory)
    }
}
