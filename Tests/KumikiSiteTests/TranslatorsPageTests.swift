import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// The translators' page lists every untranslated and possibly outdated
/// row, grouped by page, each linking to its row; `translations: off`
/// leaves it and its footer link out. Pages are written with
/// `page(_:_:)`: the body starts after the front matter and a blank line.
@Suite struct TranslatorsPageTests {
    @Test func itListsOutdatedAndUntranslatedRowsWithLinksToThem() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", page(["title: A", "title_ja: エー"], "Hello.\n\nこんにちは。\n\nOnly English.\n"), day: 2)
        try fixture.commit("a.md", page(["title: A", "title_ja: エー"], "Hello there.\n\nこんにちは。\n\nOnly English.\n"), day: 12)
        let result = fixture.site.build()
        let html = result.text("translations/index.html")
        #expect(html.contains("<span lang=\"en\">1 untranslated, 1 possibly out of date</span>"))
        #expect(html.contains("<h2 id=\"page-1\" class=\"pair stack\"><a href=\"../a/index.html\"><span lang=\"en\">A</span> <span lang=\"ja\">エー</span></a></h2>"))
        #expect(html.contains("<td><a href=\"../a/index.html#_1\"><code>\(fixture.site.displayPath("a.md")):8</code></a></td>\n<td lang=\"en\">Hello there.</td>\n<td lang=\"ja\">こんにちは。</td>\n<td><span lang=\"en\">Japanese behind by 10 days (English changed 12 November 2026)</span> <span lang=\"ja\">日本語が 10 日遅れ（英語の変更：2026年11月12日）</span></td>"))
        #expect(html.contains("<td><a href=\"../a/index.html#_2\"><code>\(fixture.site.displayPath("a.md")):10</code></a></td>"))
        #expect(html.contains("Japanese missing since 2 November 2026"))
        #expect(result.text("a/index.html").contains("<a class=\"pair\" href=\"../translations/index.html\">"))
    }

    @Test func translationsOffLeavesThePageAndItsLinkOut() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "Only English.\n")], config: "translations: off\nhistory: off\n")
        let result = site.build()
        #expect(result.site["translations/index.html"] == nil)
        #expect(!result.text("a/index.html").contains("translations/index.html"))
    }

    @Test func editURLLinksEachPageToItsSource() throws {
        let site = try TemporarySite(["guides/a.md": page(["title: A"], "Hello.\n\nこんにちは。\n")],
                                     config: "history: off\nedit_url: https://example.org/edit/main/{path}\n")
        let html = site.build().text("guides-a/index.html")
        #expect(html.contains("<p class=\"page-edit\"><a class=\"pair\" href=\"https://example.org/edit/main/Content/guides/a.md\"><span lang=\"en\">Edit this page</span> <span lang=\"ja\">このページを編集</span></a></p>"))
        #expect(!html.contains("page-updated"))
    }

    @Test func anEditURLWithoutAPathIsAnErrorAtItsLine() throws {
        let site = try TemporarySite(["a.md": page(["title: A"])], config: "history: off\nedit_url: https://example.org/\n")
        #expect(site.build().printed == [
            "\(site.configDisplayPath):2:11: error: 'edit_url' must contain '{path}', where the page's path goes",
        ])
    }

    @Test func anEditURLThatIsNoWebAddressIsAnErrorAndNoLink() throws {
        // Every page links to it: a `javascript:` address would run on a click.
        let site = try TemporarySite(["a.md": page(["title: A"])],
                                     config: "history: off\nedit_url: \"javascript:alert(document.domain)//{path}\"\n")
        let build = site.build()
        #expect(build.printed == [
            "\(site.configDisplayPath):2:11: error: 'edit_url' must be an http(s) address, such as https://example.org/edit/main/{path}",
        ])
    }
}
