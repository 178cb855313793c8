import Foundation
@testable import KumikiSite
import Testing
import KumikiSupport
import KumikiTestSupport

/// Each page's rows go out as the page's own script, `search/p/SLUG.js`,
/// which a query loads for the pages it shows.
@Suite struct PageSearchScriptTests {
    private func makeSite() throws -> TemporarySite {
        try TemporarySite([
            "a.md": page(["title: A"], bilingualParagraph("Alpha.", "アルファ。")),
            "b.md": page(["title: B"], bilingualParagraph("Beta.", "ベータ。")),
        ])
    }

    @Test func aColdBuildWritesOneScriptPerPageHoldingItsRowsInBothLanguages() throws {
        let result = try makeSite().build()
        #expect(result.succeeded)
        #expect(result.site.files.keys.filter { $0.hasPrefix("search/p/") }.sorted() == ["search/p/a.js", "search/p/b.js"])
        let script = result.text("search/p/a.js")
        #expect(script.hasPrefix("kumikiSearch.page(\"a\",["))
        #expect(script.contains("\"Alpha.\",\"アルファ。\"]"))
        #expect(!script.contains("Beta."))
    }

    @Test func rawHTMLShownAsTextIsSearchedAsTheReaderSeesIt() throws {
        // Without raw_html the page shows `<there>` as text: so does the
        // row search indexes. With raw_html the tag is markup, not text.
        let text = "Hello <there> & you.\n\nこんにちは<b>皆さん</b>。\n"
        for (config, english, japanese) in [("history: off\n", "Hello <there> & you.", "こんにちは<b>皆さん</b>。"),
                                            ("history: off\nraw_html: true\n", "Hello  & you.", "こんにちは皆さん。")] {
            let site = try TemporarySite(["a.md": page(["title: A"], text)], config: config)
            let script = site.build().text("search/p/a.js")
            var expected: [UInt8] = []
            english.appendJSONStringLiteral(to: &expected)
            expected.append(UInt8(ascii: ","))
            japanese.appendJSONStringLiteral(to: &expected)
            #expect(script.contains(String(decoding: expected, as: UTF8.self)), "\(config): \(script)")
        }
    }

    @Test func aBuildWithoutSearchWritesNoScript() throws {
        let site = try makeSite()
        var options = site.buildOptions()
        options.indexesSearch = false
        let result = SiteBuilder(options: options).build()
        #expect(result.succeeded)
        #expect(!result.site.files.keys.contains { $0.hasPrefix("search/") })
    }

    @Test func aWarmBuildAfterAnEditGivesTheEditedPageTheScriptAColdBuildGives() throws {
        let site = try makeSite()
        let cache = site.root.appendingPathComponent(".kumiki-cache")
        _ = site.build(cacheDirectory: cache)
        try site.write("b.md", Data(page(["title: B"], bilingualParagraph("Beta, edited.", "ベータ。")).utf8))
        let warm = site.build(cacheDirectory: cache)
        let cold = site.build()
        #expect(warm.text("search/p/b.js").contains("Beta, edited."))
        #expect(warm.site == cold.site)
    }
}
