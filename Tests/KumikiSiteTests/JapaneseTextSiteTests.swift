import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Japanese text through a whole build: the typography warnings and their
/// `kumiki.yml` switch, CJK-friendly emphasis and percent-encoded addresses
/// in a built page.
@Suite struct JapaneseTextSiteTests {
    private let body = bilingualParagraph("Use Auto Layout to place it.", "Auto Layoutを使って置きます。")

    @Test func latinSpacingIsNotCheckedByDefault() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], body)])
        let result = site.build()
        #expect(result.warnings.isEmpty, "\(result.printed)")
    }

    @Test func latinSpacingAlwaysWarnsAtTheLineAndCharacterColumn() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], body)], config: "ja_latin_spacing: always\n")
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.printed == [
            "\(site.displayPath("a.md")):7:12: warning: put a space between 't' and 'を': Japanese and Latin text are separated by spaces on this site (ja_latin_spacing: always)",
        ])
    }

    @Test func anUnknownSpacingValueIsAnError() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], body)], config: "ja_latin_spacing: sometimes\n")
        let result = site.build()
        #expect(result.printed.contains { $0.hasSuffix("error: 'ja_latin_spacing' is 'always', 'never' or 'off', not 'sometimes'") },
                "\(result.printed)")
    }

    @Test func mixedParenthesesAreReported() throws {
        let japanese = "ボタン（押す）とスライダー(動かす)と（引く）。"
        let site = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph("Buttons (press).", japanese))])
        let result = site.build()
        #expect(result.printed.count == 2, "\(result.printed)")
        #expect(result.printed.first?.hasPrefix("\(site.displayPath("a.md")):7:14: warning: the Japanese text of this page writes the opening parenthesis") == true)
    }

    @Test func emphasisAndAddressesInABuiltPage() throws {
        let english = "A **strong** [link](<https://example.com/a b>)."
        let japanese = "これは**「強調」**です。[リンク](<https://example.com/日本>)。"
        let site = try TemporarySite(["a.md": page(["title: A"], bilingualParagraph(english, japanese))])
        let result = site.build()
        #expect(result.succeeded, "\(result.printed)")
        let html = result.text("a/index.html")
        #expect(html.contains("これは<strong>「強調」</strong>です。"))
        #expect(html.contains("<a href=\"https://example.com/a%20b\">link</a>"))
        #expect(html.contains("<a href=\"https://example.com/%E6%97%A5%E6%9C%AC\">リンク</a>"))
    }
}
