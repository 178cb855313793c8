import Foundation
import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

@Suite struct ReferenceExampleTests {
    /// Every live example of the language reference and of the README
    /// summary parses and solves without an error or a warning, and keeps
    /// its do/don't promise.
    @Test(arguments: ["Content/writing-layout-blocks.md", "README.md"])
    func examplesSolveCleanly(path: String) throws {
        let blocks = layoutBlocks(path)
        #expect(!blocks.isEmpty)
        for block in blocks {
            let front = LayoutLanguage.parse(block, tokens: bundledTokens)
            let (parsed, parseDiagnostics) = (front.program, front.diagnostics)
            #expect(parseDiagnostics.isEmpty, "\(parseDiagnostics.map(\.description))")
            let p = try #require(parsed)
            // Solved as the site solves it: with its colours and type.
            let style = BlockStyle(p, tokens: bundledTokens)
            let solution = engine.solve(p, styles: BlockStyles { _ in style })
            #expect(solution.diagnostics.isEmpty, "\(solution.diagnostics.map(\.description))")
            #expect(solution.environments.allSatisfy { $0.broken.allSatisfy { !$0.constraint.isRequired } })
        }
    }
}
