import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import Testing

@Suite struct TitleLineTests {
    private func title(_ line: String) -> (LocalizedText?, [String]) {
        let source = LayoutBlockSource(
            text: "\(line)\nview a \"A\" \"エー\"\na.edges = safe.edges\n",
            firstLine: SourceLocation(file: "t.md", line: 10, column: 1))
        let parsed = LayoutLanguage.parse(source)
        return (parsed.program?.title, parsed.diagnostics.map(\.description))
    }

    @Test func aTitleIsTakenAsWrittenWithPunctuationOfBothLanguages() {
        let (text, diagnostics) = title("title: Don't crowd the #1 action | 「主な操作」を、詰め込まない")
        #expect(diagnostics.isEmpty)
        #expect(text?.english == "Don't crowd the #1 action")
        #expect(text?.japanese == "「主な操作」を、詰め込まない")
    }

    @Test func aTitleInOneLanguageIsAWarningAtItsKeyword() {
        let (text, diagnostics) = title("  title: Only English")
        #expect(text?.english == "Only English")
        #expect(diagnostics == ["t.md:10:3: warning: the title has one language; write 'title: English | 日本語'"])
    }
}
