import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// The sidebar costs the size of a section, never the size of the site: it
/// names every section, lists the pages of the current one only (a window
/// of them when the section is long), and links each section to its own
/// page, where all its pages are listed.
@Suite struct SidebarTests {
    private static let config = """
        sections:
          - name: Foundations
            name_ja: 基本
          - name: Patterns
            name_ja: パターン
        """

    private func makeSite(patterns: Int = 2) throws -> TemporarySite {
        var pages = [
            "f1.md": page(["title: Foundations One", "section: Foundations", "order: 1"], bilingualParagraph("One.", "一。")),
            "f2.md": page(["title: Foundations Two", "section: Foundations", "order: 2"], bilingualParagraph("Two.", "二。")),
        ]
        for number in 1...patterns {
            pages["p\(number).md"] = page(["title: Pattern \(number)", "section: Patterns", "order: \(number)"],
                                          bilingualParagraph("Pattern.", "パターン。"))
        }
        return try TemporarySite(pages, config: Self.config)
    }

    /// The sidebar's markup of a built page.
    private func sidebar(_ html: String) -> String {
        guard let start = html.range(of: "<nav class=\"site-nav\""), let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aPageSidebarListsItsOwnSectionAndNotThePagesOfAnother() throws {
        let result = try makeSite().build()
        #expect(result.succeeded, "\(result.printed)")
        let nav = sidebar(result.text("f1/index.html"))
        #expect(nav.contains("href=\"../f2/index.html\""))
        #expect(!nav.contains("href=\"../p1/index.html\""))
        #expect(!nav.contains("href=\"../p2/index.html\""))
    }

    @Test func everySectionIsNamedAndLinksToItsOwnPage() throws {
        let result = try makeSite().build()
        let nav = sidebar(result.text("f1/index.html"))
        #expect(nav.contains("href=\"../sections/foundations/index.html\""))
        #expect(nav.contains("href=\"../sections/patterns/index.html\"><span lang=\"en\">Patterns</span> <span lang=\"ja\">パターン</span>"))
    }

    @Test func titlesAreEscapedInTheSidebarAndThePagerExactlyAsMustacheEscapesThem() throws {
        let site = try TemporarySite([
            "a.md": page(["title: 'Tabs <b> & \"bars\" it''s'", "title_ja: タブ＆<バー>", "order: 1"], bilingualParagraph("A.", "あ。")),
            "b.md": page(["title: 'Braces {{kept}}'", "order: 2"], bilingualParagraph("B.", "い。")),
        ])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        let nav = sidebar(result.text("b/index.html"))
        #expect(nav.contains("<span lang=\"en\">Tabs &lt;b&gt; &amp; &quot;bars&quot; it&#39;s</span> <span lang=\"ja\">タブ＆&lt;バー&gt;</span>"))
        #expect(sidebar(result.text("a/index.html")).contains("<span lang=\"en\">Braces {{kept}}</span>"))
        #expect(result.text("b/index.html").contains("<span lang=\"en\">Tabs &lt;b&gt; &amp; &quot;bars&quot; it&#39;s</span>"))
    }

    @Test func theCurrentPageIsMarkedAndItsSectionIsOpen() throws {
        let result = try makeSite().build()
        let nav = sidebar(result.text("p2/index.html"))
        #expect(nav.contains("href=\"../p2/index.html\" aria-current=\"page\""))
        #expect(nav.contains("<section class=\"nav-section is-open\">"))
        #expect(nav.components(separatedBy: "aria-current").count == 2)
    }

    @Test func aSectionPageListsEveryPageOfItsSectionAndMarksItselfInTheSidebar() throws {
        let result = try makeSite(patterns: 40).build()
        #expect(result.succeeded, "\(result.printed)")
        let html = result.text("sections/patterns/index.html")
        for number in 1...40 { #expect(html.contains("href=\"../../p\(number)/index.html\""), "p\(number)") }
        #expect(sidebar(html).contains("href=\"../../sections/patterns/index.html\" aria-current=\"page\""))
        #expect(!sidebar(html).contains("href=\"../../p1/index.html\""))
    }

    @Test func everyPageIsReachableFromTheHomePage() throws {
        let result = try makeSite(patterns: 40).build()
        let home = result.text("index.html")
        for slug in ["f1", "f2"] + (1...40).map({ "p\($0)" }) {
            #expect(home.contains("href=\"\(slug)/index.html\""), "\(slug)")
        }
        #expect(home.contains("href=\"sections/patterns/index.html\""))
    }

    @Test func aLongSectionShowsTwentyFivePagesAroundTheCurrentOneAndLinksToTheRest() throws {
        let result = try makeSite(patterns: 60).build()
        // Pages sort by order: p30 is the 30th of 60.
        let nav = sidebar(result.text("p30/index.html"))
        let listed = (1...60).filter { nav.contains("href=\"../p\($0)/index.html\"") }
        #expect(listed == Array(18...42))
        #expect(nav.contains("<span lang=\"en\">17 earlier pages</span>"))
        #expect(nav.contains("<span lang=\"en\">18 more pages</span>"))
    }

    @Test func theWindowKeepsItsSizeAtTheEndsOfASection() {
        #expect(Sidebar.shownRange(count: 10, around: 3) == 0..<10)
        #expect(Sidebar.shownRange(count: 100, around: 0) == 0..<25)
        #expect(Sidebar.shownRange(count: 100, around: 99) == 75..<100)
        #expect(Sidebar.shownRange(count: 100, around: 50) == 38..<63)
    }

    @Test func aPageCannotTakeTheSlugOfTheSectionsFolder() throws {
        let site = try TemporarySite(["a.md": page(["title: A", "slug: sections"])])
        let result = site.build()
        #expect(result.printed == ["\(site.displayPath("a.md")):3:7: error: the slug 'sections' is reserved for the site's own files"])
    }

    @Test func aPageDoesNotGrowWithThePagesOfOtherSections() throws {
        let small = try makeSite(patterns: 10).build().text("f1/index.html").utf8.count
        let large = try makeSite(patterns: 400).build().text("f1/index.html").utf8.count
        #expect(large == small)
    }
}
