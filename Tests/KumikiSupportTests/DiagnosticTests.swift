import Testing
import KumikiSupport

@Suite struct DiagnosticTests {
    @Test func printsInTheCompilerFormat() {
        let d = Diagnostic.error("unknown anchor 'centre'", at: SourceLocation(file: "Content/a.md", line: 42, column: 7))
        #expect(d.description == "Content/a.md:42:7: error: unknown anchor 'centre'")
    }

    @Test func notesFollowOnTheirOwnLines() {
        let d = Diagnostic.error(
            "conflict", at: SourceLocation(file: "a.md", line: 3, column: 1),
            notes: [.note("this one", at: SourceLocation(file: "a.md", line: 5, column: 2))])
        #expect(d.description == "a.md:3:1: error: conflict\na.md:5:2: note: this one")
    }

    @Test func columnsCountCharactersNotBytes() {
        let line = "日本語 x"
        // "x" starts at byte 10 (3 × 3 bytes + a space) and is the 5th character.
        #expect(line.characterColumn(ofUTF8Offset: 10) == 5)
        #expect("abc".characterColumn(ofUTF8Offset: 0) == 1)
        #expect("a👍🏽b".characterColumn(ofUTF8Offset: 9) == 3)
    }

    @Test func sortedOrdersByPlaceThenDiscovery() {
        var list = DiagnosticList()
        list.append(.error("b", at: SourceLocation(file: "b.md", line: 1)))
        list.append(.warning("a2", at: SourceLocation(file: "a.md", line: 2)))
        list.append(.error("a1", at: SourceLocation(file: "a.md", line: 1)))
        #expect(list.sorted.map(\.message) == ["a1", "a2", "b"])
        #expect(list.errorCount == 2)
        #expect(list.hasErrors)
    }
}
