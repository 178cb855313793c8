import Foundation
import Testing
@testable import KumikiMarkdown
import KumikiSupport

@Suite struct ParsingTests {
    @Test func frontMatterKeepsLineNumbersOfTheBody() throws {
        let doc = MarkdownDocument.parse(path: "a.md", text: "---\ntitle: A\n---\n\n# Hello\n")
        #expect(doc.frontMatter?.yaml == "title: A")
        #expect(doc.frontMatter?.firstLine == 2)
        let heading = try #require(doc.root.children.first)
        #expect(heading.kind == .heading(level: 1))
        #expect(heading.start == SourceLocation(file: "a.md", line: 5, column: 1))
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func unclosedFrontMatterIsAnErrorOnLineOne() {
        let doc = MarkdownDocument.parse(path: "a.md", text: "---\ntitle: A\n\nBody\n")
        #expect(doc.diagnostics.map(\.description) == ["a.md:1:1: error: the front matter opened here is never closed with '---'"])
    }

    @Test func aFenceThatNeverClosesIsAnErrorAtItsOpening() {
        let doc = MarkdownDocument.parse(path: "p.md", text: "Intro\n\n```layout\nbutton a\n\nMore text\n")
        #expect(doc.diagnostics.map(\.description) == ["p.md:3:1: error: this code block is never closed: add a line '```' where it ends"])
    }

    @Test func closedFencesAreFine() {
        let doc = MarkdownDocument.parse(path: "p.md", text: "```layout\nbutton a\n```\n\n~~~~\nx\n~~~~~\n")
        #expect(doc.diagnostics.isEmpty)
        guard case .codeBlock(let info, let literal, let fence) = doc.root.children[0].kind else {
            Issue.record("expected a code block"); return
        }
        #expect(info == "layout")
        #expect(literal == "button a\n")
        #expect(fence == "```")
    }

    @Test func invalidUTF8IsReportedAtItsLineAndColumn() {
        var bytes = Array("Good line\nab".utf8)
        bytes.append(0xFF)
        bytes += Array("c\n".utf8)
        let doc = MarkdownDocument.parse(path: "u.md", data: Data(bytes))
        #expect(doc.diagnostics.map(\.description) == ["u.md:2:3: error: the file is not valid UTF-8 (byte 0xFF)"])
    }

    @Test func blockColumnsCountCharacters() throws {
        let doc = MarkdownDocument.parse(path: "c.md", text: "> 日本語\n>\n> - item\n")
        let quote = try #require(doc.root.children.first)
        let list = try #require(quote.children.last)
        #expect(list.start == SourceLocation(file: "c.md", line: 3, column: 3))
    }
}
