/// An unknown of a constraint system, identified by its name.
///
/// Two variables with the same name are the same variable: a solver keys
/// everything it knows about a variable by the name, so callers can rebuild
/// a `Variable` from a string at any time and read its value. The name's hash
/// is computed once, when the variable is created, so looking a variable up
/// again (as every `Solver.value(of:)` does) does not rehash the string: keep
/// `Variable` values around rather than recreating them in hot loops.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The name that identifies the variable.
    public let name: String
    /// `name.hashValue`, cached (valid within one process, like every hash value).
    let nameHash: Int

    /// Creates the variable called `name`.
    /// - Parameter name: The identifying name. Any string is allowed.
    public init(_ name: String) {
        self.name = name
        nameHash = name.hashValue
    }

    /// Whether two variables have the same name.
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs.nameHash == rhs.nameHash && lhs.name == rhs.name
    }

    /// Hashes the variable's name (through its cached hash).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }

    /// The variable's name.
    public var description: String { name }
}
