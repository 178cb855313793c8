// Arithmetic that builds linear expressions: `x + 2 * y - 10`.
//
// Products and quotients by a number keep a variable as a `Term`; every sum or
// difference is an `Expression`. The combinations are spelled out one by one so
// the type checker sees concrete overloads and no protocol is needed.

// MARK: - Scaling

/// The term `coefficient · variable`.
public func * (coefficient: Double, variable: Variable) -> Term { Term(variable, coefficient: coefficient) }
/// The term `variable · coefficient`.
public func * (variable: Variable, coefficient: Double) -> Term { Term(variable, coefficient: coefficient) }
/// The term `variable / divisor`.
public func / (variable: Variable, divisor: Double) -> Term { Term(variable, coefficient: 1 / divisor) }
/// The term `−variable`.
public prefix func - (variable: Variable) -> Term { Term(variable, coefficient: -1) }

/// The term scaled by `factor`.
public func * (factor: Double, term: Term) -> Term { Term(term.variable, coefficient: term.coefficient * factor) }
/// The term scaled by `factor`.
public func * (term: Term, factor: Double) -> Term { Term(term.variable, coefficient: term.coefficient * factor) }
/// The term divided by `divisor`.
public func / (term: Term, divisor: Double) -> Term { Term(term.variable, coefficient: term.coefficient / divisor) }
/// The term negated.
public prefix func - (term: Term) -> Term { Term(term.variable, coefficient: -term.coefficient) }

/// The expression scaled by `factor`.
public func * (factor: Double, expression: Expression) -> Expression { expression * factor }
/// The expression scaled by `factor`.
public func * (expression: Expression, factor: Double) -> Expression {
    Expression(
        terms: expression.terms.map { Term($0.variable, coefficient: $0.coefficient * factor) },
        constant: expression.constant * factor
    )
}
/// The expression divided by `divisor`.
public func / (expression: Expression, divisor: Double) -> Expression { expression * (1 / divisor) }
/// The expression negated.
public prefix func - (expression: Expression) -> Expression { expression * -1 }

// MARK: - Sums and differences

/// The sum of two expressions.
public func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
/// The difference of two expressions.
public func - (lhs: Expression, rhs: Expression) -> Expression { lhs + -rhs }

/// The sum as an expression.
public func + (lhs: Expression, rhs: Term) -> Expression { lhs + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Expression, rhs: Term) -> Expression { lhs - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Expression, rhs: Double) -> Expression { lhs + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Expression, rhs: Double) -> Expression { lhs - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Term, rhs: Expression) -> Expression { Expression(lhs) + rhs }

/// The difference as an expression.
public func - (lhs: Term, rhs: Expression) -> Expression { Expression(lhs) - rhs }

/// The sum as an expression.
public func + (lhs: Term, rhs: Term) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Term, rhs: Term) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Term, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Term, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Term, rhs: Double) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Term, rhs: Double) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }

/// The difference as an expression.
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }

/// The sum as an expression.
public func + (lhs: Variable, rhs: Term) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Variable, rhs: Term) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Double, rhs: Expression) -> Expression { Expression(lhs) + rhs }

/// The difference as an expression.
public func - (lhs: Double, rhs: Expression) -> Expression { Expression(lhs) - rhs }

/// The sum as an expression.
public func + (lhs: Double, rhs: Term) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Double, rhs: Term) -> Expression { Expression(lhs) - Expression(rhs) }

/// The sum as an expression.
public func + (lhs: Double, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }

/// The difference as an expression.
public func - (lhs: Double, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }
