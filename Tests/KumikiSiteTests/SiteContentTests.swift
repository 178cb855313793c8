import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// What goes into a site: drafts only when asked, a sitemap only with a
/// base URL, translation coverage counted per page and for the whole site,
/// and the same bytes on every build.
@Suite struct SiteContentTests {
    // MARK: Drafts

    private func siteWithADraft() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"]),
            "wip.md": page(["title: Work in progress", "draft: true"]),
        ])
    }

    @Test func draftsAreLeftOutByDefault() throws {
        let result = try siteWithADraft().build()
        #expect(result.succeeded)
        #expect(result.pageCount == 1)
        #expect(result.site["wip/index.html"] == nil)
        #expect(!result.text("index.html").contains("wip/index.html"))
        #expect(!result.text("a/index.html").contains("wip/index.html"))
    }

    @Test func draftsAreBuiltAndMarkedWhenIncluded() throws {
        let result = try siteWithADraft().build(includeDrafts: true)
        #expect(result.pageCount == 2)
        #expect(result.text("wip/index.html").contains("<article class=\"page is-draft\">"))
        #expect(result.text("index.html").contains("href=\"wip/index.html\""))
        #expect(!result.text("a/index.html").contains("is-draft"))
    }

    // MARK: Sitemap and base URL

    @Test func noSitemapIsWrittenWithoutABaseURL() throws {
        let result = try TemporarySite(["a.md": page(["title: A"])]).build()
        #expect(result.site["sitemap.xml"] == nil)
    }

    @Test func theSitemapListsEveryPageWithAbsoluteURLs() throws {
        let site = try TemporarySite(
            ["a.md": page(["title: A", "order: 1"]), "b.md": page(["title: B", "order: 2"])],
            config: "base_url: https://example.org/docs\n")
        let result = site.build()
        #expect(result.text("sitemap.xml") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/docs/</loc></url>
              <url><loc>https://example.org/docs/a/</loc></url>
              <url><loc>https://example.org/docs/b/</loc></url>
              <url><loc>https://example.org/docs/sections/guidelines/</loc></url>
            </urlset>

            """)
    }

    @Test func theBaseURLOptionOverridesTheConfiguration() throws {
        let site = try TemporarySite(["a.md": page(["title: A"])], config: "base_url: https://old.example.org/\n")
        let result = site.build(baseURL: "https://new.example.org/guide/")
        #expect(result.text("sitemap.xml").contains("<loc>https://new.example.org/guide/a/</loc>"))
        #expect(!result.text("sitemap.xml").contains("old.example.org"))
        #expect(result.text("a/index.html").contains("<link rel=\"canonical\" href=\"https://new.example.org/guide/a/\">"))
    }

    @Test func the404PageLinksThroughTheBaseURL() throws {
        let result = try TemporarySite(["a.md": page(["title: A"])]).build(baseURL: "https://example.org/docs/")
        let html = result.text("404.html")
        #expect(html.contains("href=\"https://example.org/docs/assets/kumiki.css?v="))
        #expect(html.contains("href=\"https://example.org/docs/\""))
        #expect(!html.contains("href=\"../") && !html.contains("href=\"assets/"))
    }

    @Test func the404PageLinksThroughTheServerRootWithoutABaseURL() throws {
        let html = try TemporarySite(["a.md": page(["title: A"])]).build().text("404.html")
        #expect(html.contains("href=\"/assets/kumiki.css?v="))
    }

    /// `kumiki serve` gives the 404 page the preview's root instead of its
    /// own address, so the pages are the ones `kumiki build` makes and
    /// caches, whatever port the preview listens on.
    @Test func aPreviewRootChangesThe404PageAndNoOtherPage() throws {
        let site = try TemporarySite(["a.md": page(["title: A"])], config: "base_url: https://example.org/docs/\n")
        var options = site.buildOptions()
        options.notFoundRoot = "/preview/"
        let previewed = SiteBuilder(options: options).build()
        let built = site.build()
        #expect(previewed.text("404.html").contains("href=\"/preview/assets/kumiki.css?v="))
        #expect(!previewed.text("404.html").contains("example.org"))
        #expect(previewed.text("a/index.html") == built.text("a/index.html"))
        #expect(previewed.text("index.html") == built.text("index.html"))
    }

    @Test func aBadBaseURLIsAnError() throws {
        let result = try TemporarySite(["a.md": page(["title: A"])]).build(baseURL: "example.org/docs")
        #expect(!result.succeeded)
        #expect(result.printed == [
            "kumiki: error: the base URL must be an absolute http(s) address such as https://example.org/docs/, not 'example.org/docs'",
        ])
    }

    // MARK: Translation coverage

    /// Two rows (a paragraph pair, a heading pair) and one English-only paragraph.
    private static let partlyTranslatedBody = """
        One English paragraph.

        英語の段落です。

        ## Usage

        ## 使い方

        Only in English here.

        """
    private static let partlyTranslated = page(["title: Partial"], partlyTranslatedBody)

    @Test func coverageIsCountedPerPage() throws {
        let result = try TemporarySite(["partial.md": Self.partlyTranslated]).build()
        #expect(result.coverage == Coverage(rows: 2, untranslated: 1))
        #expect(result.coverage.percent == 66)
        let html = result.text("partial/index.html")
        #expect(html.contains("<span class=\"coverage-value\">66%</span>"))
        #expect(html.contains("<div class=\"bi-row bi-untranslated bi-only-en\" id="))
        #expect(html.contains("<span lang=\"en\">Not yet translated</span> / <span lang=\"ja\">未翻訳</span>"))
    }

    @Test func theCoverageNoteCountsEveryBlockWithWords() throws {
        // Three blocks have words, one of them untranslated: "1 of 3", not "1 of 2".
        let html = try TemporarySite(["partial.md": Self.partlyTranslated]).build().text("partial/index.html")
        #expect(html.contains("<span lang=\"en\">1 of 3 blocks untranslated</span>"))
        #expect(html.contains("<span lang=\"ja\">3 ブロック中 1 ブロックが未翻訳</span>"))
    }

    @Test func theCoverageValuesGiveTheTemplatesEveryRowTheTranslatedOnesAndTheRest() throws {
        let site = try TemporarySite(["partial.md": Self.partlyTranslated])
        let templates = try site.copyTemplates(replacing: [
            "coverage.mustache": "<p class=\"coverage\">rows={{rows}} translated={{translated}} untranslated={{untranslated}} percent={{percent}}</p>\n",
        ])
        let result = site.build(templates: templates)
        #expect(result.succeeded, "\(result.printed)")
        #expect(result.text("partial/index.html").contains("<p class=\"coverage\">rows=3 translated=2 untranslated=1 percent=66</p>"))
        #expect(result.text("index.html").contains("<p class=\"coverage\">rows=3 translated=2 untranslated=1 percent=66</p>"))
    }

    @Test func theUntranslatedBlockOfThePartlyTranslatedPageIsAWarning() throws {
        let site = try TemporarySite(["partial.md": Self.partlyTranslated])
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("partial.md")):13:1: warning: this English paragraph has no Japanese partner; it is shown untranslated",
        ])
    }

    @Test func coverageIsSummedOverTheWholeSite() throws {
        let site = try TemporarySite([
            "index.md": page(["title: Home"], bilingualParagraph("Welcome.", "ようこそ。")),
            "partial.md": Self.partlyTranslated,
            "full.md": page(["title: Full"], bilingualParagraph("Hello.", "こんにちは。")),
        ])
        let result = site.build()
        #expect(result.coverage == Coverage(rows: 4, untranslated: 1))
        #expect(result.text("index.html").contains("<span class=\"coverage-value\">80%</span>"))
        #expect(result.text("full/index.html").contains("<span class=\"coverage-value\">100%</span>"))
    }

    @Test func languageNeutralBlocksAreNotCounted() throws {
        let site = try TemporarySite(["code.md": page(["title: Code"], "```swift\nlet x = 1\n```\n\n---\n")])
        let result = site.build()
        #expect(result.coverage == Coverage(rows: 0, untranslated: 0))
        #expect(result.coverage.percent == 100)
    }

    // MARK: Layout blocks

    @Test func layoutBlocksBecomeFiguresShowingTheirSource() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "```layout do\ntitle: Cards | カード\nview card\n```\n")])
        let result = site.build()
        #expect(result.fencedBlockCount == 1)
        let html = result.text("a/index.html")
        #expect(html.contains("<figure class=\"bi-span layout-block layout-do\" id=\"_1\">"))
        #expect(html.contains("<span lang=\"en\">Cards</span> <span lang=\"ja\">カード</span>"))
        #expect(html.contains("<pre class=\"layout-source\"><code>title: Cards | カード\nview card\n</code></pre>"))
    }

    // MARK: Determinism

    @Test func buildingTwiceGivesByteIdenticalFiles() throws {
        let site = try TemporarySite([
            "index.md": page(["title: Home"], bilingualParagraph("Welcome.", "ようこそ。")),
            "a.md": page(["title: A", "section: One", "order: 2"], Self.partlyTranslatedBody),
            "b.md": page(["title: B", "section: Two"], "See [a](a.md#usage).\n\n![x](x.png)\n"),
            "c.md": page(["title: C", "section: One", "order: 1"], "```layout\nview x\n```\n"),
        ], config: "base_url: https://example.org/\nsections: [Two, One]\n")
        try site.write("x.png", Data([7, 7, 7]))
        let first = site.build()
        let second = site.build()
        #expect(first.succeeded, "\(first.printed)")
        #expect(first.site.count > 5)
        #expect(first.site == second.site)
    }
}
