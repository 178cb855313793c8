import Testing
import KumikiTestSupport
@testable import KumikiSolver

/// `addConstraints(_:)`, `addEditVariables(_:strength:)` and
/// `suggestValues(_:)` reach what one call per constraint, edit variable or
/// suggestion reaches.
@Suite struct BatchOperationTests {
    static let variables = (0..<6).map { Variable("b\($0)") }

    /// Distinct weak anchors make the optimum unique.
    static func anchored() throws -> Solver {
        var solver = Solver()
        for (index, variable) in variables.enumerated() {
            try solver.addConstraint(Constraint(variable, .equal, Double(index * 9), strength: Strength(1 + Double(index) / 7), tag: -1 - index))
        }
        return solver
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func addingInABatchMatchesAddingOneByOne(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let constraints = (0..<14).map { RandomSystem.constraint(over: Self.variables, tag: $0, using: &generator) }
        var single = try Self.anchored()
        var refused: [Int] = []
        for (index, constraint) in constraints.enumerated() where (try? single.addConstraint(constraint)) == nil {
            refused.append(index)
        }
        var batch = try Self.anchored()
        let failures = batch.addConstraints(constraints)
        #expect(failures.map(\.index) == refused)
        #expect(batch.allConstraints == single.allConstraints)
        #expect(RandomSystem.agree(batch.values(of: Self.variables), RandomSystem.values(of: single, Self.variables)))
        #expect(batch.core.invariantViolations().isEmpty)
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func suggestingInABatchMatchesSuggestingOneByOne(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var single = try Self.anchored()
        let edits = Array(Self.variables.prefix(3))
        for edit in edits { try single.addEditVariable(edit, strength: .strong) }
        for index in 0..<10 {
            try? single.addConstraint(RandomSystem.constraint(over: Self.variables, tag: index, using: &generator))
        }
        var batch = single
        for _ in 0..<6 {
            let values = edits.map { ($0, Double(Int.random(in: -80...80, using: &generator))) }
            for (edit, value) in values { try single.suggestValue(value, for: edit) }
            try batch.suggestValues(values)
            #expect(RandomSystem.agree(batch.values(of: Self.variables), RandomSystem.values(of: single, Self.variables)))
            #expect(RandomSystem.requiredConstraintsHold(in: batch))
            #expect(batch.core.invariantViolations().isEmpty)
        }
    }

    @Test func anUnknownEditVariableLeavesTheSolverUntouched() throws {
        var solver = try Self.anchored()
        try solver.addEditVariable(Self.variables[0], strength: .strong)
        let before = solver.values(of: Self.variables)
        #expect(throws: SolverError.unknownEditVariable(Self.variables[1])) {
            try solver.suggestValues([(Self.variables[0], 50), (Self.variables[1], 3)])
        }
        #expect(solver.values(of: Self.variables) == before)
    }

    @Test(arguments: 0..<12 as Range<UInt64>)
    func addingEditVariablesInABatchMatchesAddingThemOneByOne(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let constraints = (0..<10).map { RandomSystem.constraint(over: Self.variables, tag: $0, using: &generator) }
        // Some edit variables the solver already knows, some it does not.
        let edits = Array(Self.variables.prefix(4)) + [Variable("fresh0"), Variable("fresh1")]
        var single = try Self.anchored()
        single.addConstraints(constraints)
        var batch = single
        for edit in edits { try single.addEditVariable(edit, strength: .strong) }
        #expect(batch.addEditVariables(edits, strength: .strong).isEmpty)
        for edit in edits { #expect(batch.hasEditVariable(edit)) }
        for _ in 0..<4 {
            let values = edits.map { ($0, Double(Int.random(in: -80...80, using: &generator))) }
            try single.suggestValues(values)
            try batch.suggestValues(values)
            #expect(RandomSystem.agree(batch.values(of: Self.variables), RandomSystem.values(of: single, Self.variables)))
            #expect(batch.core.invariantViolations().isEmpty)
        }
    }

    @Test func aBatchOfEditVariablesReportsTheOnesThatCannotBeAdded() throws {
        var solver = try Self.anchored()
        try solver.addEditVariable(Self.variables[1], strength: .strong)
        let failures = solver.addEditVariables([Self.variables[0], Self.variables[1], Self.variables[0]], strength: .strong)
        #expect(failures.map(\.index) == [1, 2])
        #expect(failures.map(\.error) == [.duplicateEditVariable(Self.variables[1]), .duplicateEditVariable(Self.variables[0])])
        #expect(solver.hasEditVariable(Self.variables[0]))
        #expect(solver.addEditVariables([Variable("other")], strength: .required).map(\.error) == [.badRequiredStrength])
        #expect(!solver.hasEditVariable(Variable("other")))
    }
}
