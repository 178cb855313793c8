import Testing
@testable import KumikiSolver

@Suite struct SolverScenarioTests {
    @Test func rejectedConstraintLeavesNoTrace() throws {
        // kiwi issue #52.
        let a = Variable("a"), b = Variable("b")
        var solver = Solver()
        let c1 = Constraint(a, .greaterThanOrEqual, b + 10)
        let c2 = Constraint(Expression(b), .greaterThanOrEqual)
        try solver.addConstraint(c1)
        try solver.addConstraint(c2)
        try solver.addConstraint(Constraint(a, .equal, 50, strength: .weak))
        let bad = Constraint(a, .lessThanOrEqual, 5)
        #expect(throws: SolverError.unsatisfiable(bad, conflicts: [c1, c2])) { try solver.addConstraint(bad) }
        try solver.addConstraint(Constraint(b, .equal, 3, strength: .strong))
        #expect(solver.value(of: b) == 3)
        #expect(solver.value(of: a) == 50)
    }
}
