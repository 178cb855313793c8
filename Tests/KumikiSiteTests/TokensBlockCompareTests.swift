import Foundation
import KumikiSupport
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// A `tokens` block's `compare:` sets each context of a resolver's
/// modifiers side by side: every token once per choice of contexts,
/// resolved in that choice, its contrast measured against the background
/// of the same choice.
///
/// The block's fence is on line 5 of the page and its first option on line 6.
@Suite struct TokensBlockCompareTests {
    static let resolver = """
        {
          "version": "2025.10",
          "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
          "modifiers": {
            "theme": {
              "contexts": { "light": [{ "$ref": "light.tokens.json" }], "dark": [{ "$ref": "dark.tokens.json" }] },
              "default": "light"
            },
            "contrast": { "contexts": { "standard": [], "high": [{ "$ref": "high.tokens.json" }] }, "default": "standard" }
          },
          "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/contrast" }]
        }
        """

    static func colors(_ pairs: [(String, String)]) -> String {
        "{\"color\": {\"$type\": \"color\", " + pairs.map { name, hex in
            let digits = Array(hex.dropFirst())
            let components = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0...$0 + 1]), radix: 16) ?? 0) / 255 }
            return "\"\(name)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": \(components), \"hex\": \"\(hex)\"}}"
        }.joined(separator: ", ") + "}}"
    }

    private func build(_ block: String) throws -> (site: TemporarySite, result: BuildResult, html: String) {
        let site = try TemporarySite(["a.md": page(["title: A"], "```tokens\n\(block)```\n")],
                                     config: "tokens:\n  resolver: Tokens/site.resolver.json\n")
        let folder = site.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "site.resolver.json": Self.resolver,
            "core.tokens.json": Self.colors([("accent", "#007aff")]),
            "light.tokens.json": Self.colors([("background", "#ffffff"), ("label", "#000000")]),
            "dark.tokens.json": Self.colors([("background", "#000000"), ("label", "#ffffff")]),
            "high.tokens.json": Self.colors([("accent", "#0040dd")]),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = site.build()
        return (site, result, result.text("a/index.html"))
    }

    /// The contexts of one row, in order: each context's label and the
    /// hex of its swatch.
    private func contexts(of token: String, in html: String) -> [String] {
        guard let start = html.range(of: "id=\"token-\(token)\""), let end = html.range(of: "</li>", range: start.upperBound..<html.endIndex)
        else { return [] }
        let row = String(html[start.upperBound..<end.lowerBound])
        let labels = row.components(separatedBy: "<p class=\"tokens-context-name\"><code>").dropFirst().map { $0.prefix { $0 != "<" } }
        let fills = row.components(separatedBy: "class=\"tokens-swatch-fill\"").dropFirst().map { part -> Substring in
            let after = part.components(separatedBy: "fill=\"").dropFirst().first ?? ""
            return after.prefix { $0 != "\"" }
        }
        return zip(labels, fills).map { "\($0)=\($1)" }
    }

    @Test func eachContextOfTheModifierStandsSideBySide() throws {
        let (_, result, html) = try build("group: color\ncompare: theme\nbackground: color.background\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        #expect(contexts(of: "color-label", in: html) == ["light=#000000", "dark=#ffffff"])
        #expect(contexts(of: "color-background", in: html) == ["light=#ffffff", "dark=#000000"])
        // Each colour's contrast is against the background of its own context.
        let label = try #require(html.range(of: "id=\"token-color-label\"").map { String(html[$0.upperBound...].prefix(2000)) })
        #expect(label.components(separatedBy: "<span class=\"tokens-contrast\">21.00:1</span>").count == 3)
        #expect(html.contains("Each column is the token resolved in one context of theme; the other modifiers take their defaults."))
    }

    @Test func twoModifiersGiveEveryCombinationFirstModifierSlowest() throws {
        let (_, result, html) = try build("group: color\ncompare: theme, contrast\n")
        #expect(result.printed.isEmpty, "\(result.printed)")
        #expect(contexts(of: "color-accent", in: html)
            == ["light · standard=#007aff", "light · high=#0040dd", "dark · standard=#007aff", "dark · high=#0040dd"])
    }

    @Test func aMisspeltModifierIsAnErrorAtItsPlaceWithTheClosest() throws {
        let (site, result, _) = try build("group: color\ncompare: theme, contrst\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):7:17: error: no modifier 'contrst' in the resolver; did you mean 'contrast'?"])
    }
}
