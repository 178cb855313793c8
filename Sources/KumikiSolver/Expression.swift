/// A linear expression: a sum of terms plus a constant, such as `x + 2·y − 10`.
///
/// The terms are kept as written (a variable may occur more than once); the
/// solver adds up repeated variables when it reads the expression. Equality
/// and hashing compare the terms in order, so `x + y` and `y + x` are
/// different values that mean the same thing.
public struct Expression: Hashable, Sendable, CustomStringConvertible {
    /// The variable terms, in the order they were written.
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Creates the expression `Σ terms + constant`.
    /// - Parameters:
    ///   - terms: The variable terms.
    ///   - constant: The constant part; 0 when omitted.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression made of one variable with coefficient 1.
    /// - Parameter variable: The variable.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)])
    }

    /// Creates the expression made of one term.
    /// - Parameter term: The term.
    public init(_ term: Term) {
        self.init(terms: [term])
    }

    /// Creates the constant expression `constant`.
    /// - Parameter constant: The value of the expression.
    public init(_ constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// The expression evaluated with the given variable values.
    /// - Parameter value: The value of each variable.
    /// - Returns: `Σ coefficient · value(variable) + constant`.
    public func value(_ value: (Variable) -> Double) -> Double {
        var sum = constant
        for term in terms { sum += term.coefficient * value(term.variable) }
        return sum
    }

    /// The expression written as `c1*x + c2*y + constant`.
    public var description: String {
        (terms.map(\.description) + ["\(constant)"]).joined(separator: " + ")
    }
}
