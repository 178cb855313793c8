import KumikiTestSupport
@testable import KumikiSolver

/// Random small constraint systems for the property tests.
enum RandomSystem {
    /// A constraint of one to three terms (coefficients ±1, ±2), a constant in −50…50, any relation and strength.
    static func constraint(
        over variables: [Variable], tag: Int, requiredOnly: Bool = false, using generator: inout SeededGenerator
    ) -> Constraint {
        let count = Int.random(in: 1...3, using: &generator)
        var terms: [Term] = []
        for variable in variables.shuffled(using: &generator).prefix(count) {
            terms.append(Term(variable, coefficient: [-2, -1, 1, 2].randomElement(using: &generator) ?? 1))
        }
        let constant = Double(Int.random(in: -50...50, using: &generator))
        let relation = Relation.allCases.randomElement(using: &generator) ?? .equal
        let strength: Strength =
            requiredOnly ? .required : [.required, .required, .strong, .medium, .weak].randomElement(using: &generator) ?? .weak
        return Constraint(Expression(terms: terms, constant: constant), relation, strength: strength, tag: tag)
    }

    /// Whether every required constraint of the solver holds within tolerance.
    static func requiredConstraintsHold(in solver: Solver) -> Bool {
        solver.allConstraints.allSatisfy { !$0.strength.isRequired || $0.isSatisfied(by: solver.value(of:)) }
    }

    /// Every variable's value.
    static func values(of solver: Solver, _ variables: [Variable]) -> [Double] {
        variables.map(solver.value(of:))
    }

    /// Whether two value lists agree within a relative tolerance.
    static func agree(_ lhs: [Double], _ rhs: [Double]) -> Bool {
        zip(lhs, rhs).allSatisfy { abs($0 - $1) <= 1e-7 * max(1, abs($0), abs($1)) }
    }
}
