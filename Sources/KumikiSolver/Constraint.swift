/// A linear relation `expression op 0` with a strength.
///
/// Constraints are values: two constraints with equal expression (terms in
/// the same order), relation, strength and tag are the same constraint, and a
/// solver refuses to hold it twice. Give otherwise identical constraints
/// different tags to add both.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The left-hand side; the constraint reads `expression relation 0`.
    public var expression: Expression
    /// How the expression compares with zero.
    public var relation: Relation
    /// How much the constraint matters.
    public var strength: Strength
    /// An opaque number for the caller, such as the source line that produced the constraint.
    public var tag: Int
    /// For a preference equality whose violations weigh differently on each
    /// side (see `asymmetric(_:above:below:tag:)`): the strength of the
    /// violations where the expression is negative; `strength` then weighs
    /// those where it is positive. `nil` for every other constraint.
    public var strengthBelow: Strength?

    /// Creates the constraint `expression relation 0`.
    /// - Parameters:
    ///   - expression: The left-hand side.
    ///   - relation: The comparison with zero.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, tag: Int = 0) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.tag = tag
    }

    /// A preference `expression == 0` whose violations cost `above` per unit
    /// where the expression is positive and `below` where it is negative.
    ///
    /// One such row does the work of two opposite preference inequalities,
    /// `expression <= 0` at `above` and `expression >= 0` at `below` (Auto
    /// Layout's content hugging and compression resistance), with half the
    /// symbols, and without the degenerate vertex the pair has where both
    /// hold with equality.
    /// - Parameters:
    ///   - expression: The left-hand side.
    ///   - above: The strength of positive violations; must not be required.
    ///   - below: The strength of negative violations; must not be required.
    ///   - tag: An opaque caller value.
    public static func asymmetric(_ expression: Expression, above: Strength, below: Strength, tag: Int = 0) -> Constraint {
        var constraint = Constraint(expression, .equal, strength: above, tag: tag)
        if below != above { constraint.strengthBelow = below }
        return constraint
    }

    /// Creates the constraint `lhs relation rhs`, stored as `lhs − rhs relation 0`.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand side.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(
        _ lhs: Expression, _ relation: Relation, _ rhs: Expression,
        strength: Strength = .required, tag: Int = 0
    ) {
        self.init(lhs - rhs, relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a variable on the left.
    /// - Parameters:
    ///   - lhs: The left-hand variable.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand side.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(
        _ lhs: Variable, _ relation: Relation, _ rhs: Expression,
        strength: Strength = .required, tag: Int = 0
    ) {
        self.init(Expression(lhs) - rhs, relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a constant on the right.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The constant right-hand side.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Double, strength: Strength = .required, tag: Int = 0) {
        self.init(lhs - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a variable on the left and a constant on the right.
    /// - Parameters:
    ///   - lhs: The left-hand variable.
    ///   - relation: The comparison.
    ///   - rhs: The constant right-hand side.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Double, strength: Strength = .required, tag: Int = 0) {
        self.init(Expression(lhs) - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a variable on the right.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand variable.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Variable, strength: Strength = .required, tag: Int = 0) {
        self.init(lhs - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a term on the right.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand term.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Term, strength: Strength = .required, tag: Int = 0) {
        self.init(lhs - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a variable on the right.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand variable.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Variable, strength: Strength = .required, tag: Int = 0) {
        self.init(Expression(lhs) - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Creates the constraint `lhs relation rhs` for a term on the right.
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: The comparison.
    ///   - rhs: The right-hand term.
    ///   - strength: `.required` when omitted.
    ///   - tag: An opaque caller value; 0 when omitted.
    public init(_ lhs: Variable, _ relation: Relation, _ rhs: Term, strength: Strength = .required, tag: Int = 0) {
        self.init(Expression(lhs) - Expression(rhs), relation, strength: strength, tag: tag)
    }

    /// Whether the constraint holds for the given values, within the solver's tolerance.
    /// - Parameter value: The value of each variable.
    /// - Returns: `true` when the relation holds up to `Tolerance.check` relative to the magnitudes involved.
    public func isSatisfied(by value: (Variable) -> Double) -> Bool {
        var sum = expression.constant
        var magnitude = abs(expression.constant)
        for term in expression.terms {
            let product = term.coefficient * value(term.variable)
            sum += product
            magnitude = max(magnitude, abs(product))
        }
        let slack = Tolerance.check * max(magnitude, 1)
        switch relation {
        case .equal: return abs(sum) <= slack
        case .lessThanOrEqual: return sum <= slack
        case .greaterThanOrEqual: return sum >= -slack
        }
    }

    /// The constraint written as `expression op 0 | strength`.
    public var description: String {
        if let strengthBelow { return "\(expression) \(relation.rawValue) 0 | \(strength) above, \(strengthBelow) below" }
        return "\(expression) \(relation.rawValue) 0 | \(strength)"
    }
}
