import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Whatever an author or a configuration writes, a `<script>` never reaches
/// a page as markup; raw HTML passes only when the site allows it.
@Suite struct SiteEscapingTests {
    private static let script = "<script>alert(1)</script>"

    /// The built pages: no `<script>alert` anywhere, and the escaped text is
    /// there (so it was shown, not dropped).
    private func expectEscaped(_ result: BuildResult, in paths: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.succeeded, "\(result.printed)", sourceLocation: sourceLocation)
        for path in paths {
            let html = result.text(path)
            #expect(!html.isEmpty, "\(path) is missing", sourceLocation: sourceLocation)
            #expect(!html.contains("<script>alert"), "\(path) runs the script", sourceLocation: sourceLocation)
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path) dropped the text", sourceLocation: sourceLocation)
        }
    }

    @Test func aScriptInThePageTextIsShownAsText() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "Hello \(Self.script) world.\n")])
        expectEscaped(site.build(), in: ["a/index.html"])
    }

    @Test func aScriptInTheTitleIsEscapedInTheHeadTheHeadingTheNavigationAndTheHomePage() throws {
        let site = try TemporarySite([
            "a.md": page(["title: \"\(Self.script)\"", "title_ja: \"\(Self.script)\""]),
            "b.md": page(["title: B"]),
        ])
        let result = site.build()
        expectEscaped(result, in: ["a/index.html", "b/index.html", "index.html"])
        #expect(result.text("a/index.html").contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; · "))
    }

    @Test func aScriptInTheSummaryIsEscapedOnThePageAndInItsDescription() throws {
        let site = try TemporarySite(["a.md": page(["title: A", "summary: \"\(Self.script)\"", "summary_ja: \"\(Self.script)\""])])
        let result = site.build()
        expectEscaped(result, in: ["a/index.html", "index.html"])
        #expect(result.text("a/index.html").contains("<meta name=\"description\" content=\"&lt;script&gt;alert(1)&lt;/script&gt;\">"))
    }

    @Test func aScriptInTheSectionIsEscaped() throws {
        let site = try TemporarySite(["a.md": page(["title: A", "section: \"\(Self.script)\"", "section_ja: \"\(Self.script)\""])])
        expectEscaped(site.build(), in: ["a/index.html", "index.html"])
    }

    @Test func aScriptInAHeadingIsEscapedInTheTableOfContents() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "## Tabs `\(Self.script)`\n\n## タブ `\(Self.script)`\n")])
        let result = site.build()
        expectEscaped(result, in: ["a/index.html"])
        #expect(HTMLTree(parsing: result.text("a/index.html")).elements("nav", class: "toc").count == 1)
    }

    @Test func aScriptInTheSiteTitleIsEscapedOnEveryPage() throws {
        let site = try TemporarySite(
            ["a.md": page(["title: A"])],
            config: "title: \"\(Self.script)\"\ntitle_ja: \"\(Self.script)\"\n")
        expectEscaped(site.build(), in: ["a/index.html", "index.html", "404.html"])
    }

    @Test func rawHTMLIsShownAsTextWithAWarningByDefault() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "<div class=\"callout\">Hi</div>\n")])
        let result = site.build()
        #expect(result.succeeded)
        let html = result.text("a/index.html")
        #expect(!html.contains("<div class=\"callout\">"))
        #expect(html.contains("&lt;div class=&quot;callout&quot;&gt;Hi&lt;/div&gt;"))
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: warning: raw HTML is shown as text; set 'raw_html: true' in kumiki.yml to let it through",
        ])
    }

    @Test func rawHTMLPassesThroughWhenTheSiteAllowsIt() throws {
        let site = try TemporarySite(
            ["a.md": page(["title: A"], "<div class=\"callout\">Hi</div>\n\nSome <kbd>⌘</kbd> text.\n\n<kbd>⌘</kbd> の文です。\n")],
            config: "raw_html: true\n")
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.warnings.isEmpty, "\(result.printed)")
        let html = result.text("a/index.html")
        #expect(html.contains("<div class=\"callout\">Hi</div>"))
        #expect(html.contains("<kbd>⌘</kbd>"))
    }

    @Test func htmlCommentsAreNeitherShownNorWarnedAbout() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "<!-- a note for authors -->\n\nWords.\n\n言葉です。\n")])
        let result = site.build()
        #expect(result.warnings.isEmpty, "\(result.printed)")
        #expect(!result.text("a/index.html").contains("a note for authors"))
    }
}
