import Foundation
import KumikiSupport
import KumikiSearch
import KumikiSite
import KumikiTestSupport
import Testing

/// `search_glossary:` in `kumiki.yml`, and the `search/glossary.js` a build
/// writes from it and the bundled glossary.
@Suite struct SearchGlossaryConfigTests {
    func parse(_ yaml: String) -> (entries: [[String]], diagnostics: [String]) {
        let (config, problems) = SiteConfig.parse(yaml, file: "kumiki.yml")
        return (config.searchGlossary.entries, problems.map(\.description))
    }

    @Test func aListOfListsOfFormsIsTheSiteGlossary() {
        let result = parse("search_glossary:\n  - [組版, くみはん, typesetting]\n  - [ルビ, ruby]\n")
        #expect(result.diagnostics == [])
        #expect(result.entries == [["組版", "くみはん", "typesetting"], ["ルビ", "ruby"]])
    }

    @Test func eachBadEntryIsAnErrorAtItsPlace() {
        #expect(parse("search_glossary: 組版\n").diagnostics == [
            "kumiki.yml:1:1: error: 'search_glossary' must be a list of entries such as [余白, よはく, padding]",
        ])
        let result = parse("search_glossary:\n  - 組版\n  - [ルビ]\n  - [ルビ, \"!!\"]\n  - [ルビ, ruby]\n")
        #expect(result.diagnostics == [
            "kumiki.yml:2:5: error: each entry of 'search_glossary' is a list of forms, such as [余白, よはく, padding]",
            "kumiki.yml:3:5: error: an entry of 'search_glossary' needs two forms or more",
            "kumiki.yml:4:10: error: a form in 'search_glossary' is a word or words that search can find",
            "kumiki.yml:4:5: error: an entry of 'search_glossary' needs two forms or more",
        ])
        #expect(result.entries == [["ルビ", "ruby"]])
    }

    @Test func theBuildWritesTheEntriesTheSiteUses() throws {
        let site = try TemporarySite(
            ["a.md": page(["title: Typesetting", "title_ja: 組版"], bilingualParagraph("Constraints and ruby.", "制約とルビ。"))],
            config: "history: off\nsearch_glossary:\n  - [ルビ, ruby]\n  - [割注, warichu]\n")
        let result = site.build()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let script = String(decoding: try #require(result.site[SearchGlossary.path]), as: UTF8.self)
        // The forms the text holds come first, then null and the others.
        #expect(script.contains("[\"制約\",\"constraint\",null,\"せいやく\"]"))
        #expect(script.contains("[\"ルビ\",\"ruby\"]"))
        #expect(!script.contains("warichu"))
        #expect(!script.contains("スプリットビュー"))
    }
}
