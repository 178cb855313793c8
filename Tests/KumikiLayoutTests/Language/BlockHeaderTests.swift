import Testing
import KumikiSupport
import KumikiLayoutLanguage

/// What a block says about itself (its kind, title and settings) is read
/// by the front end, also from a block with errors: the site's figure, the
/// command line and the playground take it from there.
@Suite struct BlockHeaderTests {
    private func parse(_ text: String, info: String = "layout") -> ParsedLayoutBlock {
        let kind = LayoutBlockKind(infoString: info) ?? .layout
        return LayoutLanguage.parse(LayoutBlockSource(text: text, firstLine: SourceLocation(file: "t.md", line: 1), kind: kind))
    }

    @Test func aBlockWithAnErrorStillHasItsTitleAndKind() {
        let parsed = parse("title: Sign in | サインイン\nbutton go\ngo.top = nowhere.top", info: "layout dont")
        #expect(parsed.program == nil)
        #expect(parsed.header.title == LocalizedText(english: "Sign in", japanese: "サインイン"))
        #expect(parsed.header.kind == .dont)
    }

    @Test func theKindIgnoresCaseAndTakesEitherApostrophe() {
        #expect(parse("view a", info: "layout Do").header.kind == .do)
        #expect(parse("view a", info: "layout don’t").header.kind == .dont)
        #expect(parse("view a", info: "layout").header.kind == .layout)
    }

    @Test func theSettingsAreKeptAsWritten() {
        let parsed = parse("devices: phones\nshow: iphone-x/portrait\nview a")
        #expect(parsed.header.environmentLines.map(\.key) == ["devices"])
        #expect(parsed.header.environmentLines.first?.value == "phones")
        #expect(parsed.header.shownEnvironment?.value == "iphone-x/portrait")
    }

    @Test func aTitleInsideAVariantIsNotTheBlocksTitle() {
        let parsed = parse("view a\nwhen landscape {\ntitle: Wide | 横長\n}")
        #expect(parsed.header.title == nil)
        #expect(parsed.diagnostics.map(\.message) == ["a title belongs outside 'when' blocks"])
    }

    @Test func theStatementsThatReadAreKeptWithTheirLines() {
        let parsed = parse("view a\n# a comment\na.top = safe.top")
        #expect(parsed.statements.map(\.line) == [0, 2])
        #expect(parsed.statements.last?.columns == 0..<16)
    }
}
