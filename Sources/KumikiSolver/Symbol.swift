/// The kind of a tableau symbol (internal).
///
/// A symbol is an integer id (`Int32`) indexing the solver's symbol tables;
/// ids only grow, so a symbol created later always has a larger id. `-1`
/// means "no symbol".
enum SymbolKind: UInt8, Sendable {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality: `≥ 0`.
    case slack
    /// The error of a non-required constraint: `≥ 0`, and in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis in the simplex.
    case dummy

    /// Whether the simplex keeps this symbol `≥ 0` (every kind but `external`).
    var isRestricted: Bool { self != .external }
}

/// "No symbol", as a symbol id.
let invalidSymbol: Int32 = -1

/// The symbols the solver created for one constraint.
struct ConstraintTag: Hashable, Sendable {
    /// The slack (inequality), dummy (required equality) or positive error (preference equality).
    var marker: Int32
    /// The error of a preference inequality, or the negative error of a preference equality; else `invalidSymbol`.
    var other: Int32
}
