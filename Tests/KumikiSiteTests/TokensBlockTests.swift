import Foundation
import KumikiSupport
import KumikiTokens
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// A `tokens` block draws one group of the site's tokens from its token
/// files: a row per token in file order, each with an anchor, its value
/// drawn by type, its alias and deprecation, and both descriptions.
///
/// The block's fence is on line 5 of the page and its first option on line 6.
@Suite struct TokensBlockTests {
    static let tokens = """
        {
          "color": {
            "$type": "color",
            "background": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } },
            "system": {
              "black": {
                "$value": { "colorSpace": "srgb", "components": [0, 0, 0] },
                "$description": "Ink <strong>.",
                "$extensions": { "org.kumiki": { "description_ja": "墨。" } }
              },
              "grey": {
                "$value": { "colorSpace": "srgb", "components": [0.4667, 0.4667, 0.4667], "hex": "#777777" },
                "$description": "Quiet text."
              },
              "pale": { "$value": { "colorSpace": "srgb", "components": [0.9, 0.9, 0.9], "hex": "#e6e6e6" } },
              "veil": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5 } },
              "ink": { "$value": "{color.system.black}", "$deprecated": "use color.system.black" },
              "paper": { "$value": "{color.background}" }
            }
          },
          "size": {
            "$type": "dimension",
            "touch": { "$value": { "value": 2.75, "unit": "rem" } },
            "huge": { "$value": { "value": 500, "unit": "px" } }
          },
          "type": {
            "body": {
              "$type": "typography",
              "$value": {
                "fontFamily": "Noto Sans", "fontSize": { "value": 17, "unit": "px" }, "fontWeight": 600,
                "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5
              }
            },
            "fast": { "$type": "duration", "$value": { "value": 200, "unit": "ms" } }
          }
        }

        """

    private func build(_ block: String, config: String? = "tokens:\n  files: [Tokens/t.tokens.json]\n  rem: 10\n")
        throws -> (site: TemporarySite, result: BuildResult, html: String) {
        let site = try TemporarySite(["a.md": page(["title: A"], "```tokens\n\(block)```\n")], config: config)
        let folder = site.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.tokens.utf8).write(to: folder.appendingPathComponent("t.tokens.json"))
        let result = site.build()
        return (site, result, result.text("a/index.html"))
    }

    private func position(of text: String, in html: String) -> String.Index? {
        html.range(of: text)?.lowerBound
    }

    // MARK: - Rows

    @Test func everyTokenOfTheGroupIsARowInFileOrderWithAnAnchor() throws {
        let (_, result, html) = try build("group: color.system\ntitle: System colours | システムカラー\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        let ids = ["black", "grey", "pale", "veil", "ink", "paper"].map { "id=\"token-color-system-\($0)\"" }
        let positions = ids.compactMap { position(of: $0, in: html) }
        #expect(positions.count == ids.count)
        #expect(positions == positions.sorted())
        #expect(!html.contains("token-color-background\""))
        #expect(html.contains("<span lang=\"en\">System colours</span> <span lang=\"ja\">システムカラー</span>"))
    }

    @Test func aColourIsASwatchWithItsHexAndAlpha() throws {
        let (_, _, html) = try build("group: color.system\n")
        #expect(html.contains("<rect class=\"tokens-swatch-fill\" x=\"0.5\" y=\"0.5\" width=\"39\" height=\"39\" rx=\"7.5\" fill=\"#777777\"/>"))
        #expect(html.contains("fill=\"#000000\" fill-opacity=\"0.5\"/>"))
        #expect(html.contains("<code>#000000</code> <span class=\"pair\"><span lang=\"en\">alpha</span> <span lang=\"ja\">不透明度</span></span> 0.5"))
    }

    @Test func theContrastAgainstTheBackgroundIsGivenAndLowContrastMarked() throws {
        let (_, result, html) = try build("group: color.system\nbackground: color.background\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        #expect(html.contains("<span class=\"tokens-contrast\">21.00:1</span>"))
        #expect(html.contains("<span class=\"tokens-contrast tokens-contrast-low\">4.47:1 <span class=\"pair\"><span lang=\"en\">below 4.5:1: large text only</span>"))
        #expect(html.contains("<span class=\"tokens-contrast tokens-contrast-fail\">1.24:1 <span class=\"pair\"><span lang=\"en\">below 3:1</span>"))
        // Half-transparent black over white is #808080 (3.97:1).
        #expect(html.contains("tokens-contrast-low\">3.97:1"))
    }

    @Test func theContrastRatioFollowsWCAG2() {
        func colour(_ hex: String, alpha: Double = 1) -> ColorValue {
            ColorValue(colorSpace: .srgb, components: [0, 0, 0], alpha: alpha, hex: hex)
        }
        #expect(TokensBlock.contrastRatio(colour("#000000"), over: colour("#ffffff")) == 21)
        #expect(abs(TokensBlock.contrastRatio(colour("#777777"), over: colour("#ffffff")) - 4.48) < 0.01)
        #expect(abs(TokensBlock.contrastRatio(colour("#ffffff"), over: colour("#777777")) - 4.48) < 0.01)
        #expect(TokensBlock.contrastRatio(colour("#000000", alpha: 0), over: colour("#ffffff")) == 1)
    }

    @Test func aDimensionIsGivenInPointsWithTheSitesRemAndDrawnToScale() throws {
        let (_, result, html) = try build("group: size\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        #expect(html.contains("<code>2.75rem</code> = 27.5 pt"))
        #expect(html.contains("<svg class=\"tokens-bar\" width=\"27.5\" height=\"12\" viewBox=\"0 0 27.5 12\" aria-hidden=\"true\"><rect y=\"2\" width=\"27.5\" height=\"8\" rx=\"2\"/></svg>"))
        #expect(html.contains("<code>500px</code> = 500 pt"))
        // Too long to draw: cut, and said so.
        #expect(html.contains("<rect y=\"2\" width=\"240\" height=\"8\" rx=\"2\"/>"))
        #expect(html.contains("<span lang=\"en\">bar cut at 240 pt</span>"))
    }

    @Test func typographyIsASampleAtItsSizeAndWeightWithItsFigures() throws {
        let (_, _, html) = try build("group: type\n")
        #expect(html.contains("<text x=\"0\" y=\"17.85\" font-size=\"17\" font-weight=\"600\" font-family=\"&#39;Noto Sans&#39;\">Aa あア亜</text>"))
        #expect(html.contains("size 17 pt, weight 600, line height 25.5 pt"))
        // Any other type: its short text.
        #expect(html.contains("<code>200ms</code>"))
        #expect(html.contains("<div class=\"tokens-head\">\n<div class=\"tokens-facts\">\n<p class=\"tokens-name\"><a class=\"tokens-self\" href=\"#token-type-fast\">"))
    }

    @Test func anAliasLinksToItsTargetsRowOnTheBlockAndADeprecationGivesItsReason() throws {
        let (_, _, html) = try build("group: color.system\n")
        #expect(html.contains("<span lang=\"ja\">参照先</span></span> <a href=\"#token-color-system-black\"><code>color.system.black</code></a>"))
        // The target is not on this block: its name, not a link.
        #expect(html.contains("<span lang=\"ja\">参照先</span></span> <code>color.background</code>"))
        #expect(html.contains("<span lang=\"en\">Deprecated: use color.system.black</span> <span lang=\"ja\">非推奨：use color.system.black</span>"))
        #expect(html.contains("tokens-is-deprecated\" id=\"token-color-system-ink\""))
    }

    @Test func descriptionsAreSideBySideEscapedAndAMissingOneMarkedUntranslated() throws {
        let (_, _, html) = try build("group: color.system\n")
        #expect(html.contains("<div class=\"bi-row tokens-description\">\n<div class=\"bi-col\" lang=\"en\"><p>Ink &lt;strong&gt;.</p></div>\n<div class=\"bi-col\" lang=\"ja\"><p>墨。</p></div>"))
        #expect(html.contains("<div class=\"bi-row tokens-description bi-untranslated bi-only-en\">\n<div class=\"bi-col\" lang=\"en\"><p>Quiet text.</p></div>\n"
            + "<div class=\"bi-col bi-missing\" lang=\"ja\"><p class=\"bi-missing-note\"><span lang=\"en\">Not yet translated</span> / <span lang=\"ja\">未翻訳</span></p></div>"))
        #expect(!html.contains("<strong>."))
    }

    @Test func searchReadsTheCaptionAndEachTokensNameAndDescriptions() throws {
        let (set, problems) = TokenSet.read(files: [("t.tokens.json", Self.tokens)])
        #expect(problems.isEmpty)
        let handler = TokensBlock.handler(tokens: SiteTokens(set: set, diagnostics: [], remSize: 16, digest: "d"))
        let location = SourceLocation(file: "a.md", line: 5, column: 1)
        let block = FencedBlock(info: "tokens", text: "group: color.system\n", start: location,
                                firstLine: location.offset(lines: 1, column: 1), index: 1)
        let text = try #require(handler.prepare(block).searchText)
        #expect(text.english.hasPrefix("Tokens in color.system; color.system.black Ink <strong>.; color.system.grey Quiet text."))
        #expect(text.japanese.hasPrefix("color.system のトークン; color.system.black 墨。; color.system.grey Quiet text."))
        #expect(handler.storeKey == "tokens d rem 16.0")
    }

    // MARK: - Options

    @Test func aMisspeltGroupIsAnErrorAtItsColumnWithADidYouMean() throws {
        let (site, result, _) = try build("group: color.sytem\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:8: error: no token group 'color.sytem'; did you mean 'color.system'?"])
    }

    @Test func aGroupNamingATokenIsAnError() throws {
        let (site, result, _) = try build("group: color.system.black\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:8: error: 'color.system.black' is a token, not a group; the group it is in is 'color.system'"])
    }

    @Test func aMisspeltKeyIsAnErrorAndTheGroupIsRequired() throws {
        let (site, result, _) = try build("gruop: color.system\n")
        #expect(result.printed == [
            "\(site.displayPath("a.md")):5:1: error: a 'tokens' block needs 'group: NAME', the group of tokens to show, such as 'group: color'",
            "\(site.displayPath("a.md")):6:1: error: unknown option 'gruop' in a 'tokens' block; did you mean 'group'?",
        ])
    }

    @Test func theBackgroundMustBeAColourTokenThatExists() throws {
        let (site, result, _) = try build("group: color.system\nbackground: size.touch\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):7:13: error: 'size.touch' is a dimension token; 'background' needs a color token"])
        let (other, misspelt, _) = try build("group: color.system\nbackground: color.backgrund\n")
        #expect(misspelt.printed == ["\(other.displayPath("a.md")):7:13: error: no token 'color.backgrund'; did you mean 'color.background'?"])
    }

    @Test func compareWithoutAResolverSaysTheSiteHasNoModifiers() throws {
        let (site, result, _) = try build("group: color.system\ncompare: theme\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):7:1: error: the site has no modifiers: 'compare' sets a resolver's contexts "
            + "side by side, and kumiki.yml names token files, not a resolver ('tokens: resolver:')"])
    }

    @Test func aSiteWithoutTokensReportsEveryTokensBlock() throws {
        let (site, result, _) = try build("group: color.system\n", config: nil)
        #expect(result.printed == ["\(site.displayPath("a.md")):5:1: error: the site has no tokens; name token files under 'tokens: files:' in kumiki.yml"])
    }
}
