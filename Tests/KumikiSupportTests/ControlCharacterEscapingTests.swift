import Testing
import KumikiSupport

/// Diagnostics never carry a raw control character to the terminal.
@Suite struct ControlCharacterEscapingTests {
    @Test func controlCharactersAreWrittenAsEscapes() {
        #expect("a\u{1B}[31mb\rc\nd\te\u{7F}\u{85}".escapingControlCharacters == "a\\u{1B}[31mb\\u{D}c\\u{A}d\\u{9}e\\u{7F}\\u{85}")
        #expect("日本語 \\ 'x'".escapingControlCharacters == "日本語 \\ 'x'")
    }

    @Test func aDiagnosticStaysOneLineWhateverItQuotes() {
        let diagnostic = Diagnostic.error("unexpected character '\u{1B}'", at: SourceLocation(file: "a\nb.md", line: 3, column: 7))
        #expect(diagnostic.description == "a\\u{A}b.md:3:7: error: unexpected character '\\u{1B}'")
        let withNote = Diagnostic.error("x\ry", at: nil, notes: [.note("n\u{7}", at: SourceLocation(file: "f.md", line: 1))])
        #expect(withNote.description == "kumiki: error: x\\u{D}y\nf.md:1:1: note: n\\u{7}")
    }
}
