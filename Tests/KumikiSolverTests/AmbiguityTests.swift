import Testing
@testable import KumikiSolver

/// `ambiguousVariables()` names the variables the constraints leave undetermined.
@Suite struct AmbiguityTests {
    let p = Variable("p"), q = Variable("q"), r = Variable("r")

    @Test func aSumAloneDeterminesNeitherTerm() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p + q, .equal, 100))
        #expect(solver.ambiguousVariables() == [p, q])
    }

    @Test func aPreferenceSettlesIt() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p + q, .equal, 100))
        try solver.addConstraint(Constraint(q, .equal, 30, strength: .weak))
        #expect(solver.ambiguousVariables().isEmpty)
        #expect(solver.value(of: p) == 70)
    }

    @Test func aLoneLowerBoundLeavesTheVariableFree() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .greaterThanOrEqual, 10))
        try solver.addConstraint(Constraint(q, .equal, p + 5))
        try solver.addConstraint(Constraint(r, .equal, 3))
        #expect(solver.ambiguousVariables() == [p, q])
    }

    @Test func tiedPreferencesAreAmbiguous() throws {
        // |p − 0| + |p − 10| is 10 anywhere in [0, 10].
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .equal, 0, strength: .weak))
        try solver.addConstraint(Constraint(p, .equal, 10, strength: .weak))
        #expect(solver.ambiguousVariables() == [p])
        try solver.addConstraint(Constraint(p, .equal, 4, strength: .weak))
        #expect(solver.ambiguousVariables().isEmpty)
        #expect(solver.value(of: p) == 4)
    }

    @Test func squeezedBetweenBoundsIsDetermined() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .greaterThanOrEqual, 5))
        try solver.addConstraint(Constraint(p, .lessThanOrEqual, 5))
        #expect(solver.ambiguousVariables().isEmpty)
        #expect(solver.value(of: p) == 5)
    }

    @Test func equalSlacksThatMustStayEqualCancel() throws {
        // p and q can each grow, but only together: r = p − q stays 0.
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .greaterThanOrEqual, 0))
        try solver.addConstraint(Constraint(q, .equal, p))
        try solver.addConstraint(Constraint(r, .equal, p - q))
        #expect(solver.ambiguousVariables() == [p, q])
    }

    @Test func editedVariablesAreDetermined() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(q, .equal, p * 2))
        try solver.addEditVariable(p, strength: .strong)
        try solver.suggestValue(21, for: p)
        #expect(solver.ambiguousVariables().isEmpty)
        #expect(solver.value(of: q) == 42)
    }
}
