import Testing
import KumikiSupport
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// A label's text is taken as written between its quotes, whatever the
/// line holds around it: Japanese, curly quotes, escapes, combining marks.
@Suite struct LabelTextTests {
    @Test func aBackslashKeepsTheCharacterAfterIt() throws {
        let p = try #require(program("""
            label a "say \\"hi\\"" "「こんにちは」"
            label b “curly” "a\\\\b"
            """))
        #expect(p.views.map(\.label) == ["say \"hi\"", "curly"])
        #expect(p.views.map(\.labelJapanese) == ["「こんにちは」", "a\\b"])
    }

    /// A name written with a combining accent (as some editors write é)
    /// is told so, with the mark's code, not quoted as an invisible mark.
    @Test func aCombiningMarkInANameIsNamedByItsCode() {
        #expect(diagnostics("view cafe\u{301}") == [
            "1:9: error: a combining mark (U+0301) cannot stand in a name; write the letter and its accent as one character (é, not e and U+0301)",
        ])
    }

    @Test func columnsAfterACombiningMarkCountCharacters() {
        // "e" and U+0301 are one character: '%' is the 17th.
        #expect(diagnostics("label a \"e\u{301}\" \"x\" %") == ["1:17: error: unexpected character '%'"])
    }

    @Test func anUnclosedQuoteIsReportedWhereItOpens() {
        #expect(diagnostics("label a \"日本語 \\\"x") == ["1:9: error: unterminated string; close it with \""])
    }
}
