import Foundation
import Testing
import KumikiDiagnostics
@testable import KumikiLayout

/// The layout blocks of a Markdown file of the repository, with their kinds.
private func layoutBlocks(_ relativePath: String) -> [LayoutBlockSource] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    guard let text = try? String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var blocks: [LayoutBlockSource] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        if line.hasPrefix("```"), let kind = LayoutBlockKind(infoString: String(line.dropFirst(3))) {
            var end = index + 1
            while end < lines.count && !lines[end].hasPrefix("```") { end += 1 }
            blocks.append(LayoutBlockSource(
                text: lines[(index + 1)..<end].joined(separator: "\n"),
                firstLine: SourceLocation(file: relativePath, line: index + 2), kind: kind))
            index = end + 1
        } else {
            index += 1
        }
    }
    return blocks
}

@Suite struct ReferenceExampleTests {
    /// Every live example of the language reference and of the README
    /// summary parses and solves without an error or a warning, and keeps
    /// its do/don't promise.
    @Test(arguments: ["Content/writing-layout-blocks.md", "README.md"])
    func examplesSolveCleanly(path: String) throws {
        let blocks = layoutBlocks(path)
        #expect(!blocks.isEmpty)
        for block in blocks {
            let (parsed, parseDiagnostics) = parseLayoutBlock(block)
            #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics.map(\.description))")
            let p = try #require(parsed)
            let solution = engine.solve(p)
            #expect(solution.diagnostics.isEmpty, "\(solution.diagnostics.map(\.description))")
            #expect(solution.environments.allSatisfy { $0.broken.allSatisfy { !$0.constraint.isRequired } })
        }
    }
}
