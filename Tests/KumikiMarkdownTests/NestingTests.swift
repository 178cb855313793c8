import Foundation
import Testing
import KumikiSupport
@testable import KumikiMarkdown

/// The nesting bound (`MarkdownLimits.maximumNestingDepth`): deep input is
/// reported at its line and never walked recursively past the bound.
@Suite struct NestingTests {
    private let message = "this block is nested more than 100 levels deep (block quotes, lists and emphasis counted together); "
        + "the part past that depth is left out"

    private func depth(_ node: MarkdownNode) -> Int {
        var deepest = 0
        var stack = [(node, 0)]
        while let (current, level) = stack.popLast() {
            deepest = max(deepest, level)
            stack += current.children.map { ($0, level + 1) }
        }
        return deepest
    }

    @Test func quotesAtTheBoundAreKept() {
        let document = MarkdownDocument.parse(path: "q.md", text: "Intro\n\n" + String(repeating: ">", count: 99) + " deep\n")
        #expect(document.diagnostics.isEmpty)
        // 99 quotes, the paragraph (the 100th level) and its text.
        #expect(depth(document.root) == 101)
    }

    @Test func quotesOnePastTheBoundAreReportedAtTheLine() {
        let document = MarkdownDocument.parse(path: "q.md", text: "Intro\n\n" + String(repeating: ">", count: 100) + " deep\n")
        // The paragraph after the hundredth '>' is the 101st level.
        #expect(document.diagnostics.map(\.description) == ["q.md:3:102: error: \(message)"])
        #expect(depth(document.root) == 100)
    }

    @Test(arguments: [
        ("12,000 quotes", String(repeating: ">", count: 12_000) + " x\n"),
        ("10,000 list markers", String(repeating: "- ", count: 10_000) + "x\n"),
        ("25,000 stars", String(repeating: "*", count: 12_500) + "x" + String(repeating: "*", count: 12_500) + "\n"),
        ("nested links", String(repeating: "*a [", count: 5_000) + "x" + String(repeating: "](u) a*", count: 5_000) + "\n"),
    ])
    func deepInputIsBoundedAndReported(name: String, body: String) {
        let document = MarkdownDocument.parse(path: "d.md", text: "Intro\n\n" + body)
        #expect(document.diagnostics.count == 1, "\(name)")
        #expect(document.diagnostics.first?.message == message)
        #expect(document.diagnostics.first?.location?.line == 3, "\(name)")
        #expect(depth(document.root) <= 101, "\(name)")
        // The later stages walk the tree recursively; they must finish.
        _ = HTMLRenderer().render(document.root)
        _ = document.root.plainText
        _ = BilingualSegmenter.segment(document.root.children)
    }
}
