import Foundation
import Testing
import KumikiTestSupport

/// Where `kumiki check` points when a value in front matter or `kumiki.yml`
/// is wrong: at the value, where the edit goes, not at its key; when the
/// YAML itself ends before something it opened is closed, at the place it
/// was opened, not past the end of the text.
@Suite struct ValuePlacesCommandTests {
    private func check(_ pages: [String: String], config: String? = nil) throws -> [String] {
        let project = try FixtureProject(pages, config: config)
        return try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root).errorLines
    }

    @Test func aFrontMatterValueOfTheWrongKindIsReportedAtTheValue() throws {
        let lines = try check(["a.md": page(["title: [E, F]", "slug: \"../x\""])])
        #expect(lines == [
            "Content/a.md:2:8: error: 'title' must be text",
            "Content/a.md:3:7: error: the slug '../x' would place the page outside its own folder of the site; use letters, digits and '-'",
        ])
    }

    @Test func aSiteConfigurationValueIsReportedAtTheValueAndSaysWhatIsAccepted() throws {
        let lines = try check(["a.md": page(["title: A"])], config: "title: T\nhistory: maybe\nraw_html: [a]\n")
        #expect(lines == [
            "kumiki.yml:2:10: error: 'history' must be true or false (or on or off), not 'maybe'",
            "kumiki.yml:3:11: error: 'raw_html' must be true or false",
        ])
    }

    @Test func aQuoteLeftOpenIsReportedWhereItOpens() throws {
        let lines = try check(["a.md": "---\ntitle: \"unterminated\ntitle_ja: え\n---\n\nWords.\n\n言葉。\n"])
        #expect(lines == ["Content/a.md:2:8: error: invalid YAML: found unexpected end of stream while scanning a quoted scalar"])
    }

    @Test func frontMatterBelowABlankLineIsSaidToBeMisplaced() throws {
        let lines = try check(["a.md": "\n---\ntitle: A\ntitle_ja: エー\n---\n\nWords.\n\n言葉。\n"])
        #expect(lines.first == "Content/a.md:2:1: warning: this looks like front matter, but front matter must start on "
            + "the file's first line; it is read as text: remove the blank lines above it")
    }

    @Test func aRuleAfterABlankLineIsNotTakenForFrontMatter() throws {
        let lines = try check(["a.md": "\n---\n\nWords.\n\n言葉。\n\n---\n"])
        #expect(!lines.contains { $0.contains("front matter") })
    }
}
