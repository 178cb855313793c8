/// A variable multiplied by a constant coefficient, such as `2·x`.
public struct Term: Hashable, Sendable, CustomStringConvertible {
    /// The variable of the term.
    public var variable: Variable
    /// The factor the variable is multiplied by.
    public var coefficient: Double

    /// Creates the term `coefficient · variable`.
    /// - Parameters:
    ///   - variable: The variable.
    ///   - coefficient: Its factor; 1 when omitted.
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// The term written as `coefficient*name`.
    public var description: String { "\(coefficient)*\(variable.name)" }
}
