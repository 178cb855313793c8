import Foundation
import KumikiSupport
import KumikiTokens
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// What a `tokens` block owes the rest of its page: anchors no other
/// block's rows repeat, links that go to a token's first row, and a
/// translucent background measured over the page it lies on.
@Suite struct TokensBlockPageTests {
    private func build(_ body: String) throws -> (result: BuildResult, html: String) {
        let site = try TemporarySite(["a.md": page(["title: A"], body)], config: "tokens:\n  files: [Tokens/t.tokens.json]\n")
        let folder = site.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TokensBlockTests.tokens.utf8).write(to: folder.appendingPathComponent("t.tokens.json"))
        let result = site.build()
        return (result, result.text("a/index.html"))
    }

    /// Every `id="…"` of the page, in order.
    private func ids(_ html: String) -> [String] {
        html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func aTokenShownTwiceOnAPageGetsAnotherAnchorTheSecondTime() throws {
        let (result, html) = try build("```tokens\ngroup: color.system\n```\n\n```tokens\ngroup: color\n```\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        let ids = ids(html)
        #expect(Set(ids).count == ids.count, "repeated ids: \(ids.filter { id in ids.count(where: { $0 == id }) > 1 })")
        // The first block keeps the plain anchors; the second, which shows
        // the same tokens again under `color`, numbers its own.
        let rows = ids.filter { $0.hasPrefix("token-") }
        #expect(rows == [
            "token-color-system-black", "token-color-system-grey", "token-color-system-pale", "token-color-system-veil",
            "token-color-system-ink", "token-color-system-paper",
            "token-color-background",
            "token-color-system-black-2", "token-color-system-grey-2", "token-color-system-pale-2", "token-color-system-veil-2",
            "token-color-system-ink-2", "token-color-system-paper-2",
        ])
    }

    @Test func aLinkToATokenGoesToItsFirstRowOnThePage() throws {
        let (_, html) = try build("```tokens\ngroup: color.system\n```\n\n```tokens\ngroup: color\n```\n")
        // Both blocks' `ink` rows name `color.system.black`, and both link
        // to the first block's row; the second `ink` row links to itself
        // by its own anchor.
        let link = "<a href=\"#token-color-system-black\"><code>color.system.black</code></a>"
        #expect(html.components(separatedBy: link).count - 1 == 2)
        #expect(!html.contains("<a href=\"#token-color-system-black-2\">"))
        #expect(html.contains("<a class=\"tokens-self\" href=\"#token-color-system-ink-2\">"))
        // `paper` in the second block aliases `color.background`, whose
        // first row is in that block.
        #expect(html.contains("<a href=\"#token-color-background\"><code>color.background</code></a>"))
    }

    @Test func theAnchorsDoNotDependOnAnythingButThePage() throws {
        let body = "```tokens\ngroup: color\n```\n\n```tokens\ngroup: color.system\n```\n"
        let (_, first) = try build(body)
        let (_, second) = try build(body)
        #expect(ids(first) == ids(second))
        // Here the wider group comes first and keeps the plain anchors.
        #expect(ids(first).filter { $0.hasPrefix("token-color-system-black") } == ["token-color-system-black", "token-color-system-black-2"])
    }

    @Test func aTranslucentBackgroundIsCompositedOverThePageInEachAppearance() throws {
        let (result, html) = try build("```tokens\ngroup: color.system\nbackground: color.system.veil\n```\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        // Black at 0.5 over the light page (#ffffff) is #808080; over the
        // dark page (#121214) it is #09090a. Black on each: 5.2808:1 and
        // 1.0551:1; #e6e6e6 on each: 3.1862:1 and 15.9477:1, shown cut to
        // two decimals, as every ratio is.
        #expect(html.contains("<span class=\"tokens-on-light\"><span class=\"tokens-contrast\">5.28:1</span></span>"
            + "<span class=\"tokens-on-dark\"><span class=\"tokens-contrast tokens-contrast-fail\">1.05:1 "))
        #expect(html.contains("<span class=\"tokens-on-light\"><span class=\"tokens-contrast tokens-contrast-low\">3.18:1 "))
        #expect(html.contains("<span class=\"tokens-on-dark\"><span class=\"tokens-contrast\">15.94:1</span></span>"))
        #expect(html.contains("#ffffff in light appearance, #121214 in dark"))
    }

    @Test func theCompositedRatiosAreExact() {
        func colour(_ hex: String, alpha: Double = 1) -> ColorValue {
            ColorValue(colorSpace: .srgb, components: [0, 0, 0], alpha: alpha, hex: hex)
        }
        let veil = colour("#000000", alpha: 0.5)
        #expect(abs(TokensBlock.contrastRatio(colour("#000000"), over: veil, page: TokensBlock.lightPage) - 5.2808) < 0.0001)
        #expect(abs(TokensBlock.contrastRatio(colour("#000000"), over: veil, page: TokensBlock.darkPage) - 1.0551) < 0.0001)
        #expect(abs(TokensBlock.contrastRatio(colour("#e6e6e6"), over: veil, page: TokensBlock.lightPage) - 3.1862) < 0.0001)
        #expect(abs(TokensBlock.contrastRatio(colour("#e6e6e6"), over: veil, page: TokensBlock.darkPage) - 15.9477) < 0.0001)
        // An opaque ground hides the page: the same ratio over either.
        #expect(TokensBlock.contrastRatio(colour("#000000"), over: colour("#ffffff"), page: TokensBlock.darkPage) == 21)
    }
}
