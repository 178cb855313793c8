import Testing
@testable import KumikiSolver

@Suite struct ConstraintTests {
    let x = Variable("x"), y = Variable("y")

    @Test func twoSidedConstraintMovesTheRightSideLeft() {
        let constraint = Constraint(x + 1, .lessThanOrEqual, y + 5)
        #expect(constraint.expression.terms == [Term(x), Term(y, coefficient: -1)])
        #expect(constraint.expression.constant == -4)
        #expect(constraint.strength == .required)
        #expect(constraint.tag == 0)
    }

    @Test func constraintsAreValuesAndTagsTellThemApart() {
        #expect(Constraint(x, .equal, 3) == Constraint(x, .equal, 3))
        #expect(Constraint(x, .equal, 3, tag: 1) != Constraint(x, .equal, 3, tag: 2))
        #expect(Constraint(x, .equal, 3, strength: .weak) != Constraint(x, .equal, 3))
    }

    @Test func satisfactionIsCheckedRelativeToMagnitudes() {
        let big = Constraint(x, .equal, 1e9)
        #expect(big.isSatisfied { _ in 1e9 + 1e-3 })
        #expect(!Constraint(x, .equal, 1).isSatisfied { _ in 1.001 })
        #expect(Constraint(x, .greaterThanOrEqual, 1).isSatisfied { _ in 2 })
        #expect(!Constraint(x, .lessThanOrEqual, 1).isSatisfied { _ in 2 })
    }
}
