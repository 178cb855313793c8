import Testing
import KumikiTestSupport
@testable import KumikiSolver

/// Randomised properties over seeded random systems.
@Suite struct SolverPropertyTests {
    static let variables = (0..<5).map { Variable("v\($0)") }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func requiredConstraintsHoldAfterEveryOperation(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var solver = Solver()
        let edit = Self.variables[0]
        try solver.addEditVariable(edit, strength: .strong)
        for index in 0..<40 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...5:
                try? solver.addConstraint(RandomSystem.constraint(over: Self.variables, tag: index, using: &generator))
            case 6, 7:
                try solver.suggestValue(Double(Int.random(in: -100...100, using: &generator)), for: edit)
            default:
                if let victim = solver.allConstraints.randomElement(using: &generator) {
                    try solver.removeConstraint(victim)
                }
            }
            #expect(RandomSystem.requiredConstraintsHold(in: solver), "step \(index)")
            #expect(solver.core.invariantViolations().isEmpty, "step \(index)")
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func thrownErrorsLeaveTheStateUntouched(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var solver = Solver()
        try solver.addEditVariable(Self.variables[1], strength: .medium)
        try solver.suggestValue(17, for: Self.variables[1])
        var failures = 0
        for index in 0..<40 {
            let constraint = RandomSystem.constraint(over: Self.variables, tag: index, using: &generator)
            let before = solver.tableauDescription
            let valuesBefore = RandomSystem.values(of: solver, Self.variables)
            let constraintsBefore = solver.allConstraints
            do {
                try solver.addConstraint(constraint)
            } catch {
                failures += 1
                #expect(solver.tableauDescription == before)
                #expect(RandomSystem.values(of: solver, Self.variables) == valuesBefore)
                #expect(solver.allConstraints == constraintsBefore)
                #expect(!solver.hasConstraint(constraint))
                // The solver still works: a later preference behaves as on a fresh copy.
                var copy = solver
                try copy.addConstraint(Constraint(Self.variables[2], .equal, 3, strength: .weak, tag: -1))
                #expect(RandomSystem.requiredConstraintsHold(in: copy))
            }
        }
        #expect(failures > 0)
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func addingThenRemovingRestoresAUniqueSolution(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var solver = Solver()
        // Weak anchors make most optima unique.
        for (index, variable) in Self.variables.enumerated() {
            try solver.addConstraint(Constraint(variable, .equal, Double(index * 10), strength: .weak, tag: -1 - index))
        }
        var checked = 0
        for index in 0..<40 {
            let constraint = RandomSystem.constraint(over: Self.variables, tag: index, using: &generator)
            let unique = solver.ambiguousVariables().isEmpty
            let before = RandomSystem.values(of: solver, Self.variables)
            guard (try? solver.addConstraint(constraint)) != nil else { continue }
            var probe = solver
            try probe.removeConstraint(constraint)
            if unique {
                checked += 1
                #expect(RandomSystem.agree(RandomSystem.values(of: probe, Self.variables), before))
            }
        }
        #expect(checked > 0)
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func aUniqueSolutionDoesNotDependOnInsertionOrder(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var solver = Solver()
        var accepted: [Constraint] = []
        for (index, variable) in Self.variables.enumerated() {
            let anchor = Constraint(variable, .equal, Double(index * 7), strength: .weak, tag: -1 - index)
            try solver.addConstraint(anchor)
            accepted.append(anchor)
        }
        for index in 0..<12 {
            let constraint = RandomSystem.constraint(over: Self.variables, tag: index, using: &generator)
            if (try? solver.addConstraint(constraint)) != nil { accepted.append(constraint) }
        }
        guard solver.ambiguousVariables().isEmpty else { return }
        let expected = RandomSystem.values(of: solver, Self.variables)
        for _ in 0..<4 {
            var shuffled = Solver()
            for constraint in accepted.shuffled(using: &generator) { try shuffled.addConstraint(constraint) }
            #expect(RandomSystem.agree(RandomSystem.values(of: shuffled, Self.variables), expected))
        }
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func ambiguityAgreesWithPerturbation(seed: UInt64) throws {
        // A variable reported as determined keeps its value when any weak
        // preference nudges it; one reported as ambiguous can be moved that
        // way without changing any other preference's cost beyond the nudge.
        var generator = SeededGenerator(seed: seed)
        var solver = Solver()
        for index in 0..<6 {
            try? solver.addConstraint(RandomSystem.constraint(over: Self.variables, tag: index, using: &generator))
        }
        let ambiguous = Set(solver.ambiguousVariables())
        for variable in Self.variables where !ambiguous.contains(variable) {
            let value = solver.value(of: variable)
            for offset in [-1e-3, 1e-3] {
                var nudged = solver
                try nudged.addConstraint(Constraint(variable, .equal, value + offset, strength: Strength(1e-6), tag: 999))
                #expect(abs(nudged.value(of: variable) - value) <= 1e-9 * max(1, abs(value)), "\(variable)")
            }
        }
    }
}
