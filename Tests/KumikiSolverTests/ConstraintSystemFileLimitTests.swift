import Foundation
import Testing
@testable import KumikiSolver

/// The bounds of `kumiki solve-system`'s files: how many constraints, how
/// many values to print, and how much simplex work, each with the error
/// one step past it.
@Suite struct ConstraintSystemFileLimitTests {
    /// `count` weak constraints that each pull `x` to another value: every
    /// one added rewrites the rows of all before it.
    static func conflictingPreferences(_ count: Int) -> String {
        let constraints = (0..<count).map { #"{"terms": [[1, "x"]], "constant": -\#($0 % 1000), "op": "==", "strength": "weak"}"# }
        return #"{"variables": ["x"], "constraints": ["# + constraints.joined(separator: ",") + "]}"
    }

    /// `count` weak constraints around a cycle: `x[i+1] = x[i] + 1`, and the last back to the first.
    static func cycle(_ count: Int) -> String {
        let constraints = (0..<count).map { #"{"terms": [[1, "x\#(($0 + 1) % count)"], [-1, "x\#($0)"]], "constant": -1, "op": "==", "strength": "weak"}"# }
        let variables = (0..<count).map { #""x\#($0)""# }
        return #"{"variables": ["# + variables.joined(separator: ",") + #"], "constraints": ["# + constraints.joined(separator: ",") + "]}"
    }

    func parse(_ text: String) throws(ConstraintSystemFile.FormatError) -> ConstraintSystemFile {
        try ConstraintSystemFile(json: Data(text.utf8))
    }

    @Test func aFileAtTheMostConstraintsIsRead() throws {
        let system = try parse(Self.cycle(ConstraintSystemFile.maximumConstraints))
        #expect(system.constraints.count == 20_000)
    }

    @Test func theConstraintPastTheMostIsAFormatError() {
        #expect(throws: ConstraintSystemFile.FormatError("constraints: the file has 20001 constraints; a system has at most 20000")) {
            try parse(Self.cycle(ConstraintSystemFile.maximumConstraints + 1))
        }
    }

    @Test func aHundredThousandCyclicConstraintsAreRefusedBeforeAnyIsAdded() {
        #expect(throws: ConstraintSystemFile.FormatError("constraints: the file has 100000 constraints; a system has at most 20000")) {
            try parse(Self.cycle(100_000))
        }
    }

    @Test func solutionsAtTheMostValuesAreRead() throws {
        let values = (0..<1_000).map(String.init).joined(separator: ",")
        let variables = (0..<1_000).map { #""v\#($0)""# }.joined(separator: ",")
        let system = try parse(#"{"variables": [\#(variables)], "constraints": [], "edits": [{"variable": "v0", "values": [\#(values)]}]}"#)
        #expect(system.variables.count * system.stepCount == ConstraintSystemFile.maximumSolutionValues)
    }

    @Test func oneStepPastTheMostValuesIsAFormatError() {
        let values = (0..<1_001).map(String.init).joined(separator: ",")
        let variables = (0..<1_000).map { #""v\#($0)""# }.joined(separator: ",")
        #expect(throws: ConstraintSystemFile.FormatError(
            "1000 variables in 1001 steps are 1001000 values to solve and print; a system has at most 1000000")) {
            try parse(#"{"variables": [\#(variables)], "constraints": [], "edits": [{"variable": "v0", "values": [\#(values)]}]}"#)
        }
    }

    @Test func conflictingPreferencesStopAtTheConstraintThatSpendsTheBudget() throws {
        let system = try parse(Self.conflictingPreferences(200))
        var solver = Solver()
        var spentAt: Int?
        for index in system.constraints.indices where spentAt == nil {
            try solver.addConstraint(system.constraint(at: index))
            if solver.simplexWork > 5_000 { spentAt = index }
        }
        let index = try #require(spentAt)
        #expect(system.solve(workBudget: 5_000) == .tooMuchWork(place: "constraints[\(index)]"))
        #expect(ConstraintSystemFile.json(for: .tooMuchWork(place: "constraints[\(index)]"))
            == "{\"error\": {\"kind\": \"too-much-work\", \"place\": \"constraints[\(index)]\"}}\n")
    }

    @Test func theSameSystemWithinTheBudgetIsSolved() throws {
        let outcome = try parse(Self.conflictingPreferences(200)).solve()
        guard case .solutions(let solutions) = outcome else {
            Issue.record("expected solutions, got \(outcome)")
            return
        }
        #expect(solutions.count == 1)
    }

    @Test func aStepPastTheBudgetStopsAtThatStep() throws {
        let system = try parse("""
            {"variables": ["x", "y"], "constraints": [{"terms": [[1, "x"], [-1, "y"]], "op": ">=", "strength": "weak"}],
             "edits": [{"variable": "x", "values": [1, 2, 3]}, {"variable": "y", "values": [8, 7, 6]}]}
            """)
        // The work of everything before the first step, and of that step.
        var solver = Solver()
        try system.build(into: &solver)
        let beforeSteps = solver.simplexWork
        try solver.suggestValue(1, for: Variable("x"))
        try solver.suggestValue(8, for: Variable("y"))
        #expect(solver.simplexWork > beforeSteps)
        #expect(system.solve(workBudget: beforeSteps) == .tooMuchWork(place: "edits[0].values[0]"))
        #expect(system.solve(workBudget: beforeSteps - 1) == .tooMuchWork(place: "edits"))
    }

    @Test func aSubnormalCoefficientIsAFormatErrorNotANullValue() {
        #expect(throws: ConstraintSystemFile.FormatError(
            "constraints[0].terms[0][0]: 1e-320 is out of range; numbers are 0 or between 1e-9 and 1e9 in magnitude")) {
            try parse(#"{"variables": ["a"], "constraints": [{"terms": [[1e-320, "a"]], "constant": -1, "op": "=="}]}"#)
        }
    }
}
