import Foundation
import Testing
import KumikiSupport
@testable import KumikiMarkdown

/// Every node's start is a line and a column in characters, as people
/// count them: a kanji, an emoji of several code points and a letter with a
/// combining accent are one column each. A line of many nodes is counted
/// once along the line, not once per node from its start.
@Suite struct NodeLocationTests {
    /// Each node that has a start, with its kind's name and its column, in
    /// document order.
    private func starts(_ node: MarkdownNode) -> [(String, Int)] {
        var found: [(String, Int)] = []
        var stack = [node]
        while let current = stack.popLast() {
            if let start = current.start { found.append(("\(current.kind)".prefix { $0 != "(" }.description, start.column)) }
            stack += current.children.reversed()
        }
        return found
    }

    @Test func linksStartAtTheirCharacterColumns() {
        // 👩‍👩‍👧 is one character of five code points; é written as e and
        // U+0301 is one character.
        let line = "日本 [a](x) 👩‍👩‍👧 `code` e\u{301} [b](y) 終 [c](z)"
        let document = MarkdownDocument.parse(path: "t.md", text: line + "\n")
        let links = starts(document.root).filter { $0.0 == "link" }
        let expected = ["[a]", "[b]", "[c]"].map { token in
            line.distance(from: line.startIndex, to: line.range(of: token)!.lowerBound) + 1
        }
        #expect(links.map(\.1) == expected)
    }

    /// The cursor answers as counting from the line's start does, for
    /// places asked in any order: forward, back to a container's start,
    /// inside a character of several bytes, and on another line. Every
    /// place is asked right after every other, so each move the cursor can
    /// make between two places of these lines is checked, the same ones on
    /// every run.
    @Test func theCursorAgreesWithCountingFromTheStart() {
        let lines = ["日本 [a](x) 👩‍👩‍👧 `code` e\u{301}🇯🇵 ok", "plain ascii line", "かな カナ 漢字"]
        let source = SourceText(path: "t.md", text: lines.joined(separator: "\n") + "\n")
        let places = lines.indices.flatMap { index in
            (1...(lines[index].utf8.count + 1)).map { (line: index + 1, byteColumn: $0) }
        }
        var cursor = ColumnCursor()
        var previous = (line: 0, byteColumn: 0)
        for from in places {
            for to in places {
                for place in [from, to] {
                    let expected = lines[place.line - 1].characterColumn(ofUTF8Offset: place.byteColumn - 1)
                    let found = cursor.location(in: source, line: place.line, byteColumn: place.byteColumn)
                    #expect(found.line == place.line && found.column == expected,
                            "line \(place.line), byte \(place.byteColumn), asked after line \(previous.line), byte \(previous.byteColumn)")
                    previous = place
                }
            }
        }
    }

    @Test func aLineOfTwentyThousandLinksIsReadInLinearTime() {
        let line = Array(repeating: "[a](x)", count: 20_000).joined(separator: " ")
        let clock = ContinuousClock()
        var document: MarkdownDocument?
        let elapsed = clock.measure { document = MarkdownDocument.parse(path: "t.md", text: line + "\n") }
        let links = starts(document!.root).filter { $0.0 == "link" }
        #expect(links.count == 20_000)
        #expect(links.last?.1 == 19_999 * 7 + 1)
        // Counted from the line's start per node, this took about 50 s in a
        // debug build; along the line, well under a second.
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }
}
