import Foundation
import Testing
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage
import KumikiTestSupport

/// The bundled guideline pages of `Content/`, by path from the repository root.
private let bundledPages: [String] = {
    let content = Repository.root.appendingPathComponent("Content")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: content.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "Content/\($0)" }
}()

/// Equal within a millionth of a point.
private func close(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-6 }
}

/// The engine's promise, held to on every layout block the bundled site
/// ships: the solution of an environment does not depend on which other
/// environments were solved with it, nor in which order.
@Suite struct BundledBlockOrderTests {
    @Test func theBundledPagesHaveLayoutBlocks() {
        #expect(bundledPages.count >= 5)
        #expect(bundledPages.map { layoutBlocks($0).count }.reduce(0, +) >= 50)
    }

    @Test(arguments: bundledPages)
    func everyEnvironmentMatchesAFreshSolveOfItAlone(page: String) throws {
        for block in layoutBlocks(page) {
            let p = try #require(LayoutLanguage.parse(block, tokens: bundledTokens).program, "\(page):\(block.firstLine.line)")
            let all = engine.environments(for: p).environments
            let forward = engine.solve(p, environments: all).environments
            let backward = Array(engine.solve(p, environments: all.reversed()).environments.reversed())
            #expect(forward.count == all.count && backward.count == all.count)
            for (index, solved) in forward.enumerated() {
                let place = "\(page):\(block.firstLine.line) \(solved.environment.id)"
                let alone = try #require(engine.solve(p, environments: [solved.environment]).environments.first)
                for other in [backward[index], alone] {
                    #expect(solved.frames.keys.sorted() == other.frames.keys.sorted(), "\(place)")
                    for (name, frame) in solved.frames {
                        #expect(close(frame, other.frames[name]), "\(place) \(name): \(frame) vs \(String(describing: other.frames[name]))")
                    }
                    #expect(solved.ambiguous == other.ambiguous, "\(place)")
                    #expect(solved.broken.map(\.constraint.text) == other.broken.map(\.constraint.text), "\(place)")
                    #expect(solved.findings.map(\.kind) == other.findings.map(\.kind), "\(place)")
                }
            }
        }
    }
}
