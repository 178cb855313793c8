import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Every kind of bad input is reported as `path:line:column: error: message`
/// at the place it was written; a build with errors returns no files and
/// still reports every problem it found.
///
/// Pages here are written with `page(_:_:)`: line 1 is `---`, the front
/// matter starts on line 2, and the body on the line after the closing
/// `---` and a blank line.
@Suite struct BadInputTests {
    /// Builds a site of `pages` and returns what the command line would print.
    private func diagnostics(_ pages: [String: String], config: String? = nil) throws -> (site: TemporarySite, result: BuildResult) {
        let site = try TemporarySite(pages, config: config)
        return (site, site.build())
    }

    @Test func invalidYAMLInTheFrontMatter() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A: B"])])
        #expect(result.printed == ["\(site.displayPath("a.md")):2:9: error: invalid YAML: mapping values are not allowed in this context"])
        #expect(result.site.count == 0)
    }

    @Test func aKeyGivenTwiceIsAnErrorAtTheSecond() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "summary: S", "title: B"])],
                                             config: "title: Docs\nsections:\n  - name: X\ntitle: Again\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):4:1: error: 'title' appears twice in the front matter (first on line 2); keep one",
            "\(site.configDisplayPath):4:1: error: 'title' appears twice in the site configuration (first on line 1); keep one",
        ])
    }

    /// A section's keys are checked at their own lines, with a
    /// did-you-mean, and its Japanese name must be text.
    @Test func aSectionsWrongKeyOrJapaneseNameIsAnErrorAtItsPlace() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"])], config: """
            title: Docs
            sections:
              - name: Start
                nme_ja: 始め
              - name: Guides
                name_ja: [1, 2]
              - {name: Other, colour: red}

            """)
        #expect(result.printed == [
            "\(site.configDisplayPath):4:5: error: unknown key 'nme_ja' in a section; did you mean 'name_ja'?",
            "\(site.configDisplayPath):6:14: error: 'name_ja' must be text",
            "\(site.configDisplayPath):7:19: error: unknown key 'colour' in a section; use 'name' and 'name_ja'",
        ])
    }

    /// A control character is placed where it stands (in characters after
    /// a kanji) and named, not dumped with the YAML reader's own caret.
    @Test func aControlCharacterInYAMLIsNamedAtItsPlace() throws {
        let (site, result) = try diagnostics(["a.md": "---\ntitle: T\u{0}x\n---\n\nHi.\n\nやあ。\n"], config: "title: 日本\u{1B}x\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):2:9: error: invalid YAML: control characters are not allowed (U+0000)",
            "\(site.configDisplayPath):1:10: error: invalid YAML: control characters are not allowed (U+001B)",
        ])
    }

    /// Columns in kumiki.yml and front matter count characters, as every
    /// other place does: a family emoji, a flag and a letter with a
    /// combining accent are one column each (the YAML reader counts their
    /// code points).
    @Test func yamlColumnsCountCharacters() throws {
        let (site, result) = try diagnostics(["a.md": "---\ntitle: e\u{301}e\u{301}: x\n---\n\nHi.\n\nやあ。\n"],
                                             config: "title: T\nexclude_devices: [👨‍👩‍👧🇯🇵, iphone-xz]\n")
        #expect(result.printed.contains("\(site.displayPath("a.md")):2:10: error: invalid YAML: mapping values are not allowed in this context"))
        #expect(result.printed.contains { $0.hasPrefix("\(site.configDisplayPath):2:23: error: 'exclude_devices' names 'iphone-xz'") })
    }

    /// An alias repeats the node it names: its problem is reported once.
    @Test func aProblemReachedThroughAliasesIsReportedOnce() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "Hi.\n\nやあ。\n")],
                                             config: "title: T\nexclude_devices: [&one [x], *one, *one]\n")
        #expect(result.printed.filter { $0.contains("exclude_devices") }
                == ["\(site.configDisplayPath):2:19: error: each item of 'exclude_devices' is one device id"])
    }

    @Test func frontMatterThatIsNeverClosed() throws {
        let (site, result) = try diagnostics(["a.md": "---\ntitle: A\n\nWords.\n"])
        #expect(result.printed == ["\(site.displayPath("a.md")):1:1: error: the front matter opened here is never closed with '---'"])
    }

    @Test func anUnknownFrontMatterKeySuggestsTheClosestKnownOne() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "sumary: Words"])])
        #expect(result.printed == ["\(site.displayPath("a.md")):3:1: error: unknown front-matter key 'sumary'; did you mean 'summary'?"])
    }

    @Test func anUnknownFrontMatterKeyFarFromAnyKnownOneListsThemAll() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "colour: red"])])
        #expect(result.printed == [
            "\(site.displayPath("a.md")):3:1: error: unknown front-matter key 'colour'; known keys are title, title_ja, section, section_ja, order, summary, summary_ja, slug, draft",
        ])
    }

    @Test func aFrontMatterValueOfTheWrongType() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "order: first", "draft:  maybe"])])
        // At the value, as a slug's problems are.
        #expect(result.printed == [
            "\(site.displayPath("a.md")):3:8: error: 'order' must be a whole number",
            "\(site.displayPath("a.md")):4:9: error: 'draft' must be true or false (or on or off), not 'maybe'",
        ])
    }

    @Test func aFencedBlockWithoutItsClosingFence() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "Words.\n\n言葉です。\n\n```layout\nview x\n")])
        #expect(result.printed == ["\(site.displayPath("a.md")):9:1: error: this code block is never closed: add a line '```' where it ends"])
    }

    @Test func invalidUTF8IsReportedAtItsCharacter() throws {
        let site = try TemporarySite()
        var bytes = Data(page(["title: A"], "Japan.\n\n日本").utf8)
        bytes.append(contentsOf: [0xFF, 0x0A])
        try site.write("a.md", bytes)
        let result = site.build()
        #expect(result.printed == ["\(site.displayPath("a.md")):7:3: error: the file is not valid UTF-8 (byte 0xFF)"])
        #expect(result.site.count == 0)
    }

    @Test func twoPagesWithTheSameSlugPointToBoth() throws {
        let (site, result) = try diagnostics([
            "a.md": page(["title: A", "slug: same"]),
            "b.md": page(["title: B", "slug: same"]),
        ])
        #expect(result.printed == [
            "\(site.displayPath("b.md")):3:1: error: two pages have the slug 'same'\n\(site.displayPath("a.md")):3:1: note: the other page is here",
        ])
    }

    @Test func aSlugThatWouldEscapeTheSite() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "slug: ../x"])])
        #expect(result.printed == [
            "\(site.displayPath("a.md")):3:7: error: the slug '../x' would place the page outside its own folder of the site; use letters, digits and '-'",
        ])
        #expect(result.site.count == 0)
    }

    @Test func aSlugThatWouldOverwriteTheSitesOwnFiles() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "slug: assets"])])
        #expect(result.printed == ["\(site.displayPath("a.md")):3:7: error: the slug 'assets' is reserved for the site's own files"])
    }

    @Test func theSearchFolderIsNotAPageSlug() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A", "slug: search"])])
        #expect(result.printed == ["\(site.displayPath("a.md")):3:7: error: the slug 'search' is reserved for the site's own files"])
    }

    @Test func aLinkToAMissingPage() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "See [x](missing.md).\n\nそのページを見てください。\n")])
        #expect(result.printed == ["\(site.displayPath("a.md")):5:9: error: no page 'missing.md' in the content folder"])
    }

    @Test func aLinkToAMissingHeadingSuggestsTheClosestAnchor() throws {
        let (site, result) = try diagnostics([
            "a.md": page(["title: A"], "See [b](b.md#detials).\n\n詳細を見てください。\n"),
            "b.md": page(["title: B"], "## Details\n\n## 詳細\n"),
        ])
        #expect(result.printed == ["\(site.displayPath("a.md")):5:9: error: 'b.md' has no heading with the anchor '#detials'; did you mean 'details'?"])
    }

    @Test func aLinkToAMissingHeadingOnTheSamePage() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "## Details\n\n## 詳細\n\nSee [above](#detail).\n\n上を見てください。\n")])
        #expect(result.printed == ["\(site.displayPath("a.md")):9:13: error: no heading with the anchor '#detail' on this page; did you mean 'details'?"])
    }

    @Test func aLinkFromTheSiteRootIsRefused() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "See [b](/b/index.html).\n\n別のページを見てください。\n")])
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:9: error: '/b/index.html' starts at the root of the web server, which breaks when the site is published under a sub-path; link relative to this page instead",
        ])
    }

    @Test func aMissingImage() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "![pic](missing.png)\n\nA photo.\n\n写真です。\n")])
        #expect(result.printed == ["\(site.displayPath("a.md")):5:8: error: no file 'missing.png' next to this page"])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "A link.\n\n日本語の[リンク](missing.md)です。\n")])
        #expect(result.printed == ["\(site.displayPath("a.md")):7:11: error: no page 'missing.md' in the content folder"])
    }

    @Test func anUnknownKeyInTheSiteConfiguration() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"])], config: "title: Docs\ntitel_ja: ドキュメント\n")
        #expect(result.printed == ["\(site.configDisplayPath):2:1: error: unknown key 'titel_ja' in the site configuration; did you mean 'title_ja'?"])
        #expect(result.site.count == 0)
    }

    @Test func invalidYAMLInTheSiteConfiguration() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"])], config: "title: A: B\n")
        #expect(result.printed == ["\(site.configDisplayPath):1:9: error: invalid YAML: mapping values are not allowed in this context"])
    }

    @Test func aBuildWithErrorsReturnsNoFilesAndReportsEveryBadFile() throws {
        let site = try TemporarySite([
            "a.md": page(["title: A: B"]),
            "b.md": page(["title: B", "sumary: Words"]),
            "c.md": page(["title: C"], "See [x](missing.md).\n\nそのページを見てください。\n\n```layout\nview x\n"),
            "good.md": page(["title: Good"], bilingualParagraph("Fine.", "大丈夫です。")),
        ], config: "titel: Docs\n")
        try site.write("d.md", Data(page(["title: D"], "Words.\n\n言葉").utf8) + [0xC3, 0x28, 0x0A])
        let result = site.build()
        #expect(!result.succeeded)
        #expect(result.site.count == 0)
        #expect(result.pageCount == 0)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):2:9: error: invalid YAML: mapping values are not allowed in this context",
            "\(site.displayPath("b.md")):3:1: error: unknown front-matter key 'sumary'; did you mean 'summary'?",
            "\(site.displayPath("c.md")):5:9: error: no page 'missing.md' in the content folder",
            "\(site.displayPath("c.md")):9:1: error: this code block is never closed: add a line '```' where it ends",
            "\(site.displayPath("d.md")):7:3: error: the file is not valid UTF-8 (byte 0xC3)",
            "\(site.configDisplayPath):1:1: error: unknown key 'titel' in the site configuration; did you mean 'title'?",
        ])
    }

    @Test func aContentFileAtTheSamePathAsAThemeAssetIsRefused() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Fine.", "大丈夫です。"))])
        try site.write("assets/kumiki.css", Data("body { color: red }\n".utf8))
        let result = site.build()
        #expect(!result.succeeded)
        #expect(result.site.count == 0)
        #expect(result.printed == [
            "\(site.displayPath("assets/kumiki.css")):1:1: error: 'assets/kumiki.css' in the content folder would replace the theme's file of the same path; rename it",
        ])
    }

    @Test func everyContentFileShadowingAThemeAssetIsReported() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Fine.", "大丈夫です。"))])
        try site.write("assets/kumiki.css", Data("body {}\n".utf8))
        try site.write("assets/kumiki.js", Data("// mine\n".utf8))
        let result = site.build()
        #expect(result.printed == [
            "\(site.displayPath("assets/kumiki.css")):1:1: error: 'assets/kumiki.css' in the content folder would replace the theme's file of the same path; rename it",
            "\(site.displayPath("assets/kumiki.js")):1:1: error: 'assets/kumiki.js' in the content folder would replace the theme's file of the same path; rename it",
        ])
    }

    @Test func aContentFileBesideTheThemeAssetsIsCopied() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Fine.", "大丈夫です。"))])
        try site.write("assets/logo.png", Data([4, 5, 6]))
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.printed == [])
        #expect(result.site["assets/logo.png"] == Data([4, 5, 6]))
        #expect(result.site["assets/kumiki.css"] == FileManager.default.contents(atPath: Repository.templates.appendingPathComponent("assets/kumiki.css").path))
    }

    @Test func warningsAloneDoNotFailTheBuild() throws {
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "<b>bold</b> words.\n\n太字の言葉です。\n")])
        #expect(result.succeeded)
        #expect(result.warnings.count == 1)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
        ])
        #expect(result.site["a/index.html"] != nil)
    }

    @Test func rawHTMLInsideAParagraphIsWarnedAtWhereItIsWritten() throws {
        // cmark gives inline HTML no place; the warning still points at it,
        // the column counted in characters.
        let (site, result) = try diagnostics(["a.md": page(["title: A"], "Words first,\nthen <span>this</span>.\n\n最初の言葉、\n次に<b>これ</b>。\n")])
        #expect(result.printed == [
            "\(site.displayPath("a.md")):6:6: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
            "\(site.displayPath("a.md")):9:3: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
        ])
    }
}
