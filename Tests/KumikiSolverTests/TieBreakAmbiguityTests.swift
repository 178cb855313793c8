import Testing
import KumikiTestSupport
@testable import KumikiSolver

/// `ambiguousVariables(ignoring:)` reads, from a solver that holds a very weak
/// tie-break, what a solver without the tie-break would report.
@Suite struct TieBreakAmbiguityTests {
    let p = Variable("p"), q = Variable("q")
    static let tieBreakTag = 77

    func tieBreak(_ variable: Variable, towards value: Double, weight: Double = 1e-3) -> Constraint {
        Constraint(variable, .equal, value, strength: Strength(weight), tag: Self.tieBreakTag)
    }

    @Test func theTieBreakSettlesWhatTheConstraintsLeaveOpen() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p + q, .equal, 100))
        try solver.addConstraint(tieBreak(p, towards: 0))
        try solver.addConstraint(tieBreak(q, towards: 0, weight: 1.5e-3))
        #expect(solver.ambiguousVariables().isEmpty)
        #expect(solver.ambiguousVariables(ignoring: { $0.tag == Self.tieBreakTag }) == [p, q])
        #expect(solver.value(of: q) == 0)
    }

    @Test func determinedVariablesStayDetermined() throws {
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .equal, 30))
        try solver.addConstraint(Constraint(q, .greaterThanOrEqual, p + 10))
        try solver.addConstraint(Constraint(q, .equal, 0, strength: .weak))
        try solver.addConstraint(tieBreak(p, towards: 0))
        try solver.addConstraint(tieBreak(q, towards: 0))
        #expect(solver.ambiguousVariables(ignoring: { $0.tag == Self.tieBreakTag }) == [])
    }

    @Test func aTieBreakThatOutweighsAPreferenceIsReportedAsSuch() throws {
        // The tie-break (1e-3) beats a preference of 1e-4: p ends at 0, which
        // is not optimal without the tie-break, so the answer cannot be read.
        var solver = Solver()
        try solver.addConstraint(Constraint(p, .equal, 10, strength: Strength(1e-4)))
        try solver.addConstraint(tieBreak(p, towards: 0))
        #expect(solver.value(of: p) == 0)
        #expect(solver.ambiguousVariables(ignoring: { $0.tag == Self.tieBreakTag }) == nil)
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func agreesWithASolverWithoutTheTieBreak(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let variables = (0..<6).map { Variable("v\($0)") }
        var plain = Solver()
        var withTieBreak = Solver()
        try plain.addEditVariable(variables[0], strength: .strong)
        try withTieBreak.addEditVariable(variables[0], strength: .strong)
        for index in 0..<Int.random(in: 2...9, using: &generator) {
            let constraint = RandomSystem.constraint(over: variables, tag: index, using: &generator)
            if (try? plain.addConstraint(constraint)) != nil { try withTieBreak.addConstraint(constraint) }
        }
        for (index, variable) in variables.enumerated() {
            // Distinct weights make the tie-break's optimum unique.
            try withTieBreak.addConstraint(tieBreak(variable, towards: 0, weight: 1e-3 * (1 + Double(index) / 12)))
        }
        for value in [0.0, 35, -20] {
            try plain.suggestValue(value, for: variables[0])
            try withTieBreak.suggestValue(value, for: variables[0])
            // Variables the plain solver never saw are free too.
            let expected = Set(plain.ambiguousVariables()).union(variables.filter { !plain.variables.contains($0) })
            if let read = withTieBreak.ambiguousVariables(ignoring: { $0.tag == Self.tieBreakTag }) {
                #expect(Set(read) == expected, "seed \(seed), edit \(value)")
            }
        }
    }
}
