import Foundation
import Testing
@testable import KumikiLayout
import KumikiLayoutLanguage

/// A solve asked to stop leaves the environments after that point
/// unsolved: the preview's playground stops a block that ran past its time
/// budget instead of letting it finish unseen.
@Suite struct StoppingTests {
    static let block = """
        devices: iphone-se-1, iphone-14-pro
        button go "Go" "進む"
        go.top = safe.top + 8
        go.centerX = safe.centerX
        """

    /// Counts the questions it is asked and says yes from the `limit`th on.
    final class Stopper: @unchecked Sendable {
        private let lock = NSLock()
        private var asked = 0
        let limit: Int

        init(after limit: Int) { self.limit = limit }

        var questions: Int { lock.withLock { asked } }

        func shouldStop() -> Bool {
            lock.withLock {
                asked += 1
                return asked > limit
            }
        }
    }

    @Test func aSolveToldToStopAtOnceSolvesNoEnvironment() throws {
        let parsed = try #require(program(Self.block))
        let solution = engine.solve(parsed, until: { true })
        #expect(solution.environments.isEmpty)
    }

    @Test func aSolveStopsBetweenEnvironments() throws {
        let parsed = try #require(program(Self.block))
        let all = engine.solve(parsed).environments.count
        #expect(all == 6)
        var serial = engine
        serial.solvesConcurrently = false
        let stopper = Stopper(after: 2)
        let solution = serial.solve(parsed, until: stopper.shouldStop)
        #expect(solution.environments.count == 2)
        #expect(stopper.questions == 3)
    }

    @Test func aSolveNeverToldToStopSolvesEveryEnvironment() throws {
        let parsed = try #require(program(Self.block))
        let stopper = Stopper(after: .max)
        #expect(engine.solve(parsed, until: stopper.shouldStop).environments.count == 6)
        #expect(stopper.questions == 6)
    }
}
