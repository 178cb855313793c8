/// How a constraint's expression compares with zero.
public enum Relation: String, Hashable, Sendable, CaseIterable {
    /// `expression <= 0`.
    case lessThanOrEqual = "<="
    /// `expression == 0`.
    case equal = "=="
    /// `expression >= 0`.
    case greaterThanOrEqual = ">="
}
