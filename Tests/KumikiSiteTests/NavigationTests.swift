import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Pages are ordered by section (as `kumiki.yml` lists them, then the
/// others) and by `order` within a section; previous/next links follow
/// that order, and every page gets a table of contents.
@Suite struct NavigationTests {
    private static let config = """
        sections:
          - name: Foundations
            name_ja: 基本
          - Patterns
        """

    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "patterns-one.md": page(["title: Patterns One", "section: Patterns", "order: 1"]),
            "foundations-two.md": page(["title: Foundations Two", "section: Foundations", "order: 2"]),
            "foundations-one.md": page(["title: Foundations One", "section: Foundations", "order: 1"]),
            "loose.md": page(["title: Loose"]),
        ], config: Self.config)
    }

    /// The position of each page's link in `html`, in the order they appear.
    private func order(of slugs: [String], in html: String, prefix: String) -> [String] {
        slugs.compactMap { slug in html.range(of: "href=\"\(prefix)\(slug)/index.html\"").map { (slug, $0.lowerBound) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    @Test func pagesFollowTheConfiguredSectionsThenTheirOrder() throws {
        let site = try makeSite()
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        let slugs = ["loose", "patterns-one", "foundations-two", "foundations-one"]
        #expect(order(of: slugs, in: result.text("index.html"), prefix: "")
            == ["foundations-one", "foundations-two", "patterns-one", "loose"])
    }

    @Test func sectionsShowTheirJapaneseNamesAndPagesWithoutASectionGoToGuidelines() throws {
        let result = try makeSite().build()
        let index = result.text("index.html")
        #expect(index.contains("<span lang=\"en\">Foundations</span> <span lang=\"ja\">基本</span>"))
        #expect(index.contains("<span lang=\"en\">Guidelines</span> <span lang=\"ja\">ガイドライン</span>"))
    }

    @Test func previousAndNextLinksFollowTheNavigationOrder() throws {
        let result = try makeSite().build()
        let first = result.text("foundations-one/index.html")
        let second = result.text("foundations-two/index.html")
        let last = result.text("loose/index.html")
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("rel=\"next\" href=\"../foundations-two/index.html\""))
        #expect(second.contains("rel=\"prev\" href=\"../foundations-one/index.html\""))
        #expect(second.contains("rel=\"next\" href=\"../patterns-one/index.html\""))
        #expect(last.contains("rel=\"prev\" href=\"../patterns-one/index.html\""))
        #expect(!last.contains("rel=\"next\""))
    }

    @Test func theCurrentPageIsMarkedInTheNavigation() throws {
        let result = try makeSite().build()
        #expect(result.text("patterns-one/index.html").contains("href=\"../patterns-one/index.html\" aria-current=\"page\""))
    }

    @Test func everyPageGetsATableOfContentsOfItsSecondAndThirdLevelHeadings() throws {
        let body = """
            Intro in English.

            英語の導入です。

            ## Overview

            ## 概要

            ### Tap targets

            ### タップ領域

            #### Too deep

            #### 深すぎる

            """
        let site = try TemporarySite(["a.md": page(["title: A"], body)])
        let result = site.build()
        let tree = HTMLTree(parsing: result.text("a/index.html"))
        let toc = tree.elements("nav", class: "toc")
        #expect(toc.count == 1)
        let entries = toc.first?.all.filter { $0.name == "li" } ?? []
        #expect(entries.map { $0.attributes["class"] ?? "" } == ["toc-level-2", "toc-level-3"])
        let html = result.text("a/index.html")
        #expect(html.contains("<a class=\"pair\" href=\"#overview\"><span lang=\"en\">Overview</span> <span lang=\"ja\">概要</span></a>"))
        #expect(html.contains("<a class=\"pair\" href=\"#tap-targets\"><span lang=\"en\">Tap targets</span> <span lang=\"ja\">タップ領域</span></a>"))
        #expect(html.contains("<div class=\"bi-row bi-heading\" id=\"overview\">"))
        #expect(html.contains("<div class=\"bi-row bi-heading\" id=\"tap-targets\">"))
    }

    @Test func aPageWithoutHeadingsHasNoTableOfContents() throws {
        let result = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Words.", "言葉です。"))]).build()
        #expect(!result.text("a/index.html").contains("class=\"toc\""))
    }
}
