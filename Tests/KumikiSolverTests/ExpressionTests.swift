import Testing
@testable import KumikiSolver

@Suite struct ExpressionTests {
    let x = Variable("x"), y = Variable("y")

    @Test func variablesWithTheSameNameAreTheSameVariable() {
        #expect(Variable("x") == x)
        #expect(Set([Variable("x"), x, y]).count == 2)
        #expect(Variable("x").hashValue == x.hashValue)
    }

    @Test func scalingAVariableMakesATerm() {
        #expect(2 * x == Term(x, coefficient: 2))
        #expect(x * 3 == Term(x, coefficient: 3))
        #expect(x / 4 == Term(x, coefficient: 0.25))
        #expect(-x == Term(x, coefficient: -1))
        #expect(-(2 * x) == Term(x, coefficient: -2))
    }

    @Test func sumsAndDifferencesMakeExpressions() {
        let expression = x + 2 * y - 10
        #expect(expression.terms == [Term(x), Term(y, coefficient: 2)])
        #expect(expression.constant == -10)
        let difference = 5 - x
        #expect(difference.terms == [Term(x, coefficient: -1)])
        #expect(difference.constant == 5)
    }

    @Test func scalingAnExpressionScalesTermsAndConstant() {
        let scaled = (x + 1) * 2
        #expect(scaled.terms == [Term(x, coefficient: 2)])
        #expect(scaled.constant == 2)
        #expect((-(x + 1)).constant == -1)
        #expect(((x + 2) / 2).constant == 1)
    }

    @Test func anExpressionEvaluatesWithGivenValues() {
        let expression = x + 2 * y - 10
        #expect(expression.value { $0 == x ? 3 : 4 } == 1)
    }
}
