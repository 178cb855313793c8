import Testing
@testable import KumikiSolver

/// Each solver operation and each error.
@Suite struct SolverTests {
    let x = Variable("x"), y = Variable("y"), w = Variable("w")

    @Test func anEmptySolverReadsZero() {
        #expect(Solver().value(of: x) == 0)
        #expect(Solver().ambiguousVariables().isEmpty)
    }

    @Test func requiredEqualityFixesAValue() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 42))
        #expect(solver.value(of: x) == 42)
        #expect(solver.hasConstraint(Constraint(x, .equal, 42)))
    }

    @Test func strongerPreferenceWins() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 10, strength: .weak))
        try solver.addConstraint(Constraint(x, .equal, 20, strength: .strong))
        #expect(solver.value(of: x) == 20)
    }

    @Test func inequalityBoundsAPreference() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .lessThanOrEqual, 5))
        try solver.addConstraint(Constraint(x, .equal, 50, strength: .strong))
        #expect(solver.value(of: x) == 5)
    }

    @Test func duplicateConstraintThrowsAndChangesNothing() throws {
        var solver = Solver()
        let constraint = Constraint(x, .equal, 1)
        try solver.addConstraint(constraint)
        let before = solver.tableauDescription
        #expect(throws: SolverError.duplicateConstraint(constraint)) { try solver.addConstraint(constraint) }
        #expect(solver.tableauDescription == before)
    }

    @Test func removingAConstraintRestoresTheRest() throws {
        var solver = Solver()
        let pin = Constraint(x, .equal, 3)
        try solver.addConstraint(Constraint(x, .equal, 10, strength: .weak))
        try solver.addConstraint(pin)
        #expect(solver.value(of: x) == 3)
        try solver.removeConstraint(pin)
        #expect(!solver.hasConstraint(pin))
        #expect(solver.value(of: x) == 10)
    }

    @Test func removingAnUnknownConstraintThrows() {
        var solver = Solver()
        let constraint = Constraint(x, .equal, 1)
        #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.removeConstraint(constraint) }
    }

    @Test func editVariablesFollowSuggestions() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(y, .equal, x + 10))
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x))
        for value in [5.0, -3, 120, 0] {
            try solver.suggestValue(value, for: x)
            #expect(solver.value(of: x) == value)
            #expect(solver.value(of: y) == value + 10)
        }
    }

    @Test func suggestionsGiveWayToRequiredConstraints() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(w, .greaterThanOrEqual, 100))
        try solver.addEditVariable(w, strength: .strong)
        try solver.suggestValue(40, for: w)
        #expect(solver.value(of: w) == 100)
        try solver.suggestValue(400, for: w)
        #expect(solver.value(of: w) == 400)
    }

    @Test func editVariableErrors() throws {
        var solver = Solver()
        #expect(throws: SolverError.badRequiredStrength) { try solver.addEditVariable(x, strength: .required) }
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: .weak) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.suggestValue(1, for: y) }
        #expect(throws: SolverError.unknownEditVariable(y)) { try solver.removeEditVariable(y) }
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
    }

    @Test func removingAnEditVariableKeepsOtherSuggestions() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x + y, .equal, 100))
        try solver.addEditVariable(x, strength: .strong)
        try solver.addEditVariable(y, strength: .medium)
        try solver.suggestValue(30, for: x)
        try solver.suggestValue(10, for: y)
        #expect(solver.value(of: x) == 30)
        try solver.removeEditVariable(x)
        #expect(solver.value(of: y) == 10)
        #expect(solver.value(of: x) == 90)
    }

    @Test func resetForgetsEverything() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 1))
        try solver.addEditVariable(y, strength: .weak)
        solver.reset()
        #expect(!solver.hasConstraint(Constraint(x, .equal, 1)))
        #expect(!solver.hasEditVariable(y))
        #expect(solver.value(of: x) == 0)
    }

    @Test func redundantEqualitiesAreAccepted() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 5))
        try solver.addConstraint(Constraint(Expression(2 * x), .equal, 10))
        #expect(solver.value(of: x) == 5)
        try solver.removeConstraint(Constraint(x, .equal, 5))
        #expect(solver.value(of: x) == 5)
    }

    @Test func solversAreValues() throws {
        var first = Solver()
        try first.addConstraint(Constraint(x, .equal, 1, strength: .weak))
        var second = first
        try second.addConstraint(Constraint(x, .equal, 2))
        #expect(first.value(of: x) == 1)
        #expect(second.value(of: x) == 2)
    }

    @Test func listsConstraintsAndVariablesInOrder() throws {
        var solver = Solver()
        let a = Constraint(y, .equal, 1), b = Constraint(x, .equal, 2)
        try solver.addConstraint(a)
        try solver.addConstraint(b)
        #expect(solver.allConstraints == [a, b])
        #expect(solver.variables == [x, y])
    }
}
