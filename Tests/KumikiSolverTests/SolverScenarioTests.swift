import Testing
import KumikiTestSupport
@testable import KumikiSolver

/// Scenarios with known answers: kiwi's issue #52 and small hand-solved systems.
@Suite struct SolverScenarioTests {
    let a = Variable("a"), b = Variable("b")

    @Test func rejectedConstraintLeavesNoTrace() throws {
        // kiwi issue #52: kiwi keeps the rejected `a <= 5` half-applied and then answers b = −5.
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

    @Test(arguments: 0..<20 as Range<UInt64>)
    func rejectedConstraintLeavesNoTraceRandomised(seed: UInt64) throws {
        // The same shape with random gaps, bounds and targets.
        var generator = SeededGenerator(seed: seed)
        let gap = Double(Int.random(in: 1...50, using: &generator))
        let floor = Double(Int.random(in: -20...20, using: &generator))
        let target = floor + gap + Double(Int.random(in: 0...100, using: &generator))
        var solver = Solver()
        try solver.addConstraint(Constraint(a, .greaterThanOrEqual, b + gap))
        try solver.addConstraint(Constraint(b, .greaterThanOrEqual, floor))
        try solver.addConstraint(Constraint(a, .equal, target, strength: .weak))
        let cap = floor + gap - Double(Int.random(in: 1...30, using: &generator))
        #expect(throws: SolverError.self) { try solver.addConstraint(Constraint(a, .lessThanOrEqual, cap)) }
        let bValue = floor + Double(Int.random(in: 0...10, using: &generator))
        try solver.addConstraint(Constraint(b, .equal, bValue, strength: .strong))
        #expect(solver.value(of: b) == bValue)
        #expect(solver.value(of: a) == max(target, bValue + gap))
    }

    @Test func twoViewsShareAWidth() throws {
        // left + gap + right = 320 − 2·16, equal widths: each (288 − 8) / 2 = 140.
        let left = Variable("left"), right = Variable("right"), width = Variable("width")
        var solver = Solver()
        try solver.addConstraint(Constraint(width, .equal, 320))
        try solver.addConstraint(Constraint(left + right + 8, .equal, width - 32))
        try solver.addConstraint(Constraint(left, .equal, right))
        #expect(solver.value(of: left) == 140)
        #expect(solver.value(of: right) == 140)
    }

    @Test func weightedPreferencesSplitByWeight() throws {
        // x wants 0 (weight 1) and 100 (weight 3): the heavier wins entirely (L1 optimum).
        let x = Variable("x")
        var solver = Solver()
        try solver.addConstraint(Constraint(x, .equal, 0, strength: Strength(1)))
        try solver.addConstraint(Constraint(x, .equal, 100, strength: Strength(3)))
        #expect(solver.value(of: x) == 100)
    }

    @Test func compressionResistanceBeatsHugging() throws {
        // A label wants its intrinsic width 120 (750) but the container is 100 wide (required).
        let labelWidth = Variable("label.width")
        var solver = Solver()
        try solver.addConstraint(Constraint(labelWidth, .lessThanOrEqual, 100))
        try solver.addConstraint(Constraint(labelWidth, .greaterThanOrEqual, 120, strength: Strength(priority: 750)))
        try solver.addConstraint(Constraint(labelWidth, .lessThanOrEqual, 120, strength: Strength(priority: 250)))
        #expect(solver.value(of: labelWidth) == 100)
    }

    @Test func aRowOfViewsShrinksToFit() throws {
        // Three views, widths ≥ 10, prefer 100 (weak), 5 apart, in W = 200: widths sum to 190.
        var solver = Solver()
        let W = Variable("W")
        let l = (0..<3).map { Variable("l\($0)") }, w = (0..<3).map { Variable("w\($0)") }
        try solver.addConstraint(Constraint(l[0], .equal, 0))
        for i in 0..<3 {
            try solver.addConstraint(Constraint(w[i], .greaterThanOrEqual, 10))
            try solver.addConstraint(Constraint(w[i], .equal, 100, strength: .weak))
        }
        for i in 1..<3 { try solver.addConstraint(Constraint(l[i], .equal, l[i - 1] + w[i - 1] + 5)) }
        try solver.addConstraint(Constraint(l[2] + w[2], .lessThanOrEqual, W))
        try solver.addEditVariable(W, strength: .strong)
        try solver.suggestValue(200, for: W)
        #expect(w.map(solver.value(of:)).reduce(0, +) == 190)
        #expect(solver.value(of: l[2]) + solver.value(of: w[2]) == 200)
        try solver.suggestValue(1000, for: W)
        #expect(w.map(solver.value(of:)) == [100, 100, 100])
    }
}
