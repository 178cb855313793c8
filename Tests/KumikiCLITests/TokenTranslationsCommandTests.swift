import Foundation
import Testing
import KumikiTestSupport

/// A token's description shown by a `tokens` block is a row to translate:
/// described in one language only, it is listed by `kumiki translations`
/// at its block with its row's anchor and lowers the page's coverage like
/// any untranslated row; described in both, it counts as a translated row.
///
/// The page's first block is on line 9, its second on line 13.
@Suite struct TokenTranslationsCommandTests {
    private static let body = "Hello.\n\nこんにちは。\n\n```tokens\ngroup: color\n```\n\n```tokens\ngroup: size\n```\n"
    private static let tokens = """
        {
          "color": {
            "$type": "color",
            "accent": {
              "$value": { "colorSpace": "srgb", "components": [0, 0.478, 1] },
              "$description": "The tint.",
              "$extensions": { "org.kumiki": { "description_ja": "色合い。" } }
            },
            "plain": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } }
          },
          "size": {
            "$type": "dimension",
            "touch": { "$value": { "value": 44, "unit": "px" }, "$description": "The touch target." },
            "gap": {
              "$value": { "value": 8, "unit": "px" },
              "$extensions": { "org.kumiki": { "description_ja": "要素の間隔。" } }
            }
          }
        }

        """

    private func project() throws -> FixtureProject {
        let project = try FixtureProject(["a.md": page(["title: A"], Self.body)], config: "tokens:\n  files: [Tokens/t.tokens.json]\n")
        let folder = project.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.tokens.utf8).write(to: folder.appendingPathComponent("t.tokens.json"))
        return project
    }

    @Test func anUntranslatedDescriptionIsListedAtItsBlockWithItsRowsAnchor() throws {
        let project = try project()
        let outcome = try KumikiProcess.run(["translations", "--format", "json"], in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        let rows = try #require(pages.first?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["anchor"] as? String } == ["token-size-touch", "token-size-gap"])
        #expect(rows.map { $0["behind"] as? String } == ["ja", "en"])
        #expect(rows.map { $0["kind"] as? String } == ["untranslated", "untranslated"])
        #expect(rows.map { $0["line"] as? Int } == [13, 13])
        #expect(rows.map { $0["english"] as? String } == ["The touch target.", ""])
        #expect(rows.map { $0["japanese"] as? String } == ["", "要素の間隔。"])
    }

    @Test func theTableCountsThemWithTheOtherUntranslatedRows() throws {
        let project = try project()
        let outcome = try KumikiProcess.run(["translations"], in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("  13:1\tuntranslated\tJapanese missing\n    en: The touch target.\n    ja: —\n"))
        #expect(outcome.standardOutput.hasSuffix("2 untranslated, 0 possibly out of date\n"))
    }

    @Test func theyLowerThePagesCoverageAndATranslatedOneCountsAsARow() throws {
        let project = try project()
        // One paragraph pair and `color.accent` are translated rows; the two
        // `size` descriptions are untranslated; `color.plain` has no words.
        let outcome = try KumikiProcess.run(["build"], in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(", 2 bilingual rows, 50% translated,"), "\(outcome.standardOutput)")
        let translations = try String(contentsOf: project.site.appendingPathComponent("translations/index.html"), encoding: .utf8)
        #expect(translations.contains("#token-size-touch"))
    }
}
