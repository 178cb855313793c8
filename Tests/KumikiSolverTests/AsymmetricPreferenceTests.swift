import Testing
@testable import KumikiSolver

/// `Constraint.asymmetric`: one preference equality whose violations cost
/// one weight above zero and another below, as content hugging and
/// compression resistance do around a view's intrinsic size.
@Suite struct AsymmetricPreferenceTests {
    let width = Variable("width"), content = Variable("content")

    /// `width` prefers 100: growing costs 1 per point, shrinking 1000.
    func hugging(_ solver: inout Solver) throws {
        try solver.addConstraint(Constraint(content, .equal, 100))
        try solver.addConstraint(.asymmetric(width - content, above: Strength(1), below: Strength(1000)))
    }

    @Test func aCheapSideGivesWay() throws {
        var solver = Solver()
        try hugging(&solver)
        // Pulling to 150 at 10 per point outweighs growing at 1 per point.
        try solver.addConstraint(Constraint(width, .equal, 150, strength: Strength(10)))
        #expect(solver.value(of: width) == 150)
    }

    @Test func anExpensiveSideHolds() throws {
        var solver = Solver()
        try hugging(&solver)
        // Pulling to 50 at 10 per point does not outweigh shrinking at 1000.
        try solver.addConstraint(Constraint(width, .equal, 50, strength: Strength(10)))
        #expect(solver.value(of: width) == 100)
    }

    @Test func itSolvesAsThePairOfOppositeInequalitiesDoes() throws {
        for target in [0.0, 60, 100, 140, 400] {
            for pull in [0.5, 5, 50, 5000] {
                var one = Solver(), two = Solver()
                try one.addConstraint(Constraint(content, .equal, 100))
                try two.addConstraint(Constraint(content, .equal, 100))
                try one.addConstraint(.asymmetric(width - content, above: Strength(1), below: Strength(1000)))
                try two.addConstraint(Constraint(width - content, .lessThanOrEqual, 0, strength: Strength(1)))
                try two.addConstraint(Constraint(width - content, .greaterThanOrEqual, 0, strength: Strength(1000)))
                try one.addConstraint(Constraint(width, .equal, target, strength: Strength(pull)))
                try two.addConstraint(Constraint(width, .equal, target, strength: Strength(pull)))
                #expect(abs(one.value(of: width) - two.value(of: width)) < 1e-9, "target \(target), pull \(pull)")
            }
        }
    }

    @Test func atTheContentSizeNothingIsAmbiguous() throws {
        var solver = Solver()
        try hugging(&solver)
        #expect(solver.value(of: width) == 100)
        #expect(solver.ambiguousVariables().isEmpty)
    }

    @Test func neitherSideMayBeRequired() {
        var solver = Solver()
        #expect(throws: SolverError.badRequiredStrength) {
            try solver.addConstraint(.asymmetric(width - content, above: .required, below: Strength(1000)))
        }
        #expect(throws: SolverError.badRequiredStrength) {
            try solver.addConstraint(.asymmetric(width - content, above: Strength(1), below: .required))
        }
        #expect(solver.variables.isEmpty)
    }

    @Test func equalSidesMakeAnOrdinaryPreference() {
        let constraint = Constraint.asymmetric(width - content, above: .medium, below: .medium)
        #expect(constraint == Constraint(width - content, .equal, strength: .medium))
    }
}

/// A required equality that only an artificial variable can bring in
/// (phase one) leaves no trace that reads as freedom.
@Suite struct PhaseOneTraceTests {
    @Test func anEqualityAddedThroughPhaseOneLeavesNothingFree() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 10))
        try solver.addConstraint(Constraint(x, .equal, 15))
        #expect(solver.value(of: x) == 15)
        #expect(solver.ambiguousVariables().isEmpty)
        // Its artificial symbol is in no row and can never enter the basis.
        #expect(!solver.core.kinds.indices.contains { index in
            solver.core.kinds[index] == .slack && solver.core.slotOfBasic[index] < 0
                && solver.core.objective.coefficient(for: Int32(index)) == 0
                && !solver.core.rows.contains { $0.coefficient(for: Int32(index)) != 0 }
        })
    }
}
