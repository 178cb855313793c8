import Testing
import KumikiTestSupport
@testable import KumikiSolver

/// `SolverError.unsatisfiable` names the present required constraints a rejected one conflicts with.
@Suite struct ConflictTests {
    let a = Variable("a"), b = Variable("b"), c = Variable("c")

    @Test func contradictoryEqualitiesNameEachOther() throws {
        var solver = Solver()
        let first = Constraint(a, .equal, 10)
        try solver.addConstraint(first)
        let second = Constraint(a, .equal, 20)
        #expect(throws: SolverError.unsatisfiable(second, conflicts: [first])) { try solver.addConstraint(second) }
    }

    @Test func unrelatedConstraintsAreLeftOut() throws {
        var solver = Solver()
        let width = Constraint(a, .greaterThanOrEqual, 100)
        try solver.addConstraint(width)
        try solver.addConstraint(Constraint(b, .equal, 5))
        try solver.addConstraint(Constraint(c, .greaterThanOrEqual, b))
        try solver.addConstraint(Constraint(a, .equal, 300, strength: .strong))
        let cap = Constraint(a, .lessThanOrEqual, 50)
        #expect(throws: SolverError.unsatisfiable(cap, conflicts: [width])) { try solver.addConstraint(cap) }
    }

    @Test func chainsAreExplainedWhole() throws {
        var solver = Solver()
        let chain = [
            Constraint(b, .equal, a + 10),
            Constraint(c, .equal, b + 10),
            Constraint(a, .greaterThanOrEqual, 0),
        ]
        for constraint in chain { try solver.addConstraint(constraint) }
        try solver.addConstraint(Constraint(a, .lessThanOrEqual, 1000))  // not involved
        let cap = Constraint(c, .lessThanOrEqual, 15)
        #expect(throws: SolverError.unsatisfiable(cap, conflicts: chain)) { try solver.addConstraint(cap) }
    }

    @Test func preferencesNeverConflict() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(a, .equal, 1, strength: .strong))
        try solver.addConstraint(Constraint(a, .equal, 2, strength: .strong, tag: 1))
        try solver.addConstraint(Constraint(a, .equal, 3))
        #expect(solver.value(of: a) == 3)
    }

    @Test func manyConflictsAreExplainedWithinTheBudgetAndStillProved() {
        // 200 widths each fixed and each equal to the next: every equality
        // after the first conflicts with the chain before it. Shrinking each
        // certificate re-solves it once per constraint; past the budget the
        // certificates come as found, each still a proof of its conflict.
        let widths = (0..<200).map { Variable("w\($0)") }
        var constraints: [Constraint] = []
        for (index, width) in widths.enumerated() {
            constraints.append(Constraint(width, .equal, Double(index + 1)))
            if index + 1 < widths.count { constraints.append(Constraint(width, .equal, widths[index + 1])) }
        }
        var solver = Solver()
        let failures = solver.addConstraints(constraints)
        #expect(failures.count == 199)
        for failure in failures {
            guard case .unsatisfiable(let rejected, let conflicts) = failure.error else {
                Issue.record("\(failure.error)")
                continue
            }
            #expect(Solver.isInfeasible(conflicts, with: rejected))
        }
        // The last shrinking may start just under the budget and run past it
        // by one certificate's trials.
        #expect(solver.conflictFilteringWork < 2 * Solver.conflictFilteringWork)
    }

    @Test func theConflictSetIsMinimal() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<60 {
            var solver = Solver()
            let variables = (0..<4).map { Variable("v\($0)") }
            for index in 0..<10 {
                let constraint = RandomSystem.constraint(over: variables, tag: index, requiredOnly: true, using: &generator)
                do {
                    try solver.addConstraint(constraint)
                } catch {
                    guard case .unsatisfiable(let rejected, let conflicts) = error else { continue }
                    #expect(Solver.isInfeasible(conflicts, with: rejected))
                    for index in conflicts.indices {
                        var fewer = conflicts
                        fewer.remove(at: index)
                        #expect(!Solver.isInfeasible(fewer, with: rejected))
                    }
                }
            }
        }
    }
}
