import Foundation
import Testing
import KumikiTestSupport

/// `Tests/Regressions/`: every input that once crashed, hung or mis-built
/// Kumiki, run through the real executable (see the folder's README).
@Suite struct RegressionCorpusTests {
    static let folder = Repository.root.appendingPathComponent("Tests/Regressions")

    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") && $0 != "README.md" || $0.hasSuffix(".json") }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 14)
    }

    @Test(arguments: cases)
    func eachInputEndsNormallyWithItsExactDiagnostics(name: String) throws {
        let input = Self.folder.appendingPathComponent(name)
        let stem = input.deletingPathExtension()
        let expected = try String(contentsOf: stem.appendingPathExtension("expected"), encoding: .utf8)
        let outcome: KumikiProcess.Outcome
        let failure: Int32
        if name.hasSuffix(".json") {
            let project = try FixtureProject([:])
            try FileManager.default.copyItem(at: input, to: project.root.appendingPathComponent(name))
            outcome = try KumikiProcess.run(["solve-system", name], in: project.root)
            failure = 2
        } else {
            let config = try? String(contentsOf: stem.appendingPathExtension("yml"), encoding: .utf8)
            let project = try FixtureProject([:], config: config)
            try FileManager.default.copyItem(at: input, to: project.root.appendingPathComponent("Content/\(name)"))
            outcome = try project.build()
            failure = 1
        }
        #expect(outcome.terminatedNormally, "\(name) ended by a signal")
        #expect(outcome.standardError == expected, "\(name)")
        #expect(outcome.status == (expected.contains(": error: ") ? failure : 0), "\(name)")
    }
}
