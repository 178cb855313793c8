/// An unknown of a constraint system, identified by its name.
///
/// Two variables with the same name are the same variable: a solver keys
/// everything it knows about a variable by the name, so callers can rebuild
/// a `Variable` from a string at any time and read its value.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The name that identifies the variable.
    public let name: String

    /// Creates the variable called `name`.
    /// - Parameter name: The identifying name. Any string is allowed.
    public init(_ name: String) {
        self.name = name
    }

    /// The variable's name.
    public var description: String { name }
}
