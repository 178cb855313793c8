import Foundation
import Testing
import KumikiSupport
@testable import KumikiMarkdown

/// A page saved with Windows (CRLF) or classic Mac (CR) line endings reads
/// exactly like the same page with LF endings.
@Suite struct LineEndingTests {
    private let page = """
        ---
        title: Buttons
        title_ja: ボタン
        ---
        ## Primary action
        ## 主要なアクション

        Use one primary button
        per screen.

        1 画面に主要なボタンは
        1 つだけ置きます。

        ```layout
        button go "Go" "進む"
        ```

        """

    private func parse(_ text: String) -> MarkdownDocument {
        MarkdownDocument.parse(path: "p.md", data: Data(text.utf8))
    }

    @Test(arguments: ["\r\n", "\r"])
    func aPageReadsTheSameWithAnyLineEnding(ending: String) {
        let lf = parse(page)
        let other = parse(page.replacingOccurrences(of: "\n", with: ending))
        #expect(other.frontMatter == lf.frontMatter)
        #expect(other.frontMatter?.yaml == "title: Buttons\ntitle_ja: ボタン")
        #expect(other.root == lf.root)
        #expect(other.diagnostics.isEmpty)
        #expect(HTMLRenderer().render(other.root) == HTMLRenderer().render(lf.root))
    }

    @Test func aMixOfEndingsCountsOneLinePerEnding() {
        let document = parse("---\r\ntitle: A\r---\n\n```layout\r\nbutton a\r\n")
        #expect(document.frontMatter?.yaml == "title: A")
        #expect(document.diagnostics.map(\.description) == [
            "p.md:5:1: error: this code block is never closed: add a line '```' where it ends",
        ])
    }

    @Test func invalidUTF8AfterCRLinesIsReportedAtItsLineAndCharacterColumn() {
        var bytes = Array("one\rtwo\r\nthree\r日本".utf8)
        bytes.append(0xFF)
        let document = MarkdownDocument.parse(path: "u.md", data: Data(bytes))
        #expect(document.diagnostics.map(\.description) == ["u.md:4:3: error: the file is not valid UTF-8 (byte 0xFF)"])
    }

    @Test func textGivenDecodedIsNormalisedToo() {
        #expect(MarkdownDocument.parse(path: "t.md", text: "# A\r\rB\r\n").root == MarkdownDocument.parse(path: "t.md", text: "# A\n\nB\n").root)
    }
}
