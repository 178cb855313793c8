/// One lexical unit of a layout-block line.
///
/// The lexer works line by line: every statement of the language fits on
/// one line, so a token never spans lines and its position is a column.
struct Token: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A name: a view, a guide, an anchor, a keyword (`when`, `inset`).
        case identifier(String)
        /// A number as written (`8`, `0.6`); its value is `number`.
        case number(Double)
        /// A percentage (`60%`); its value is the fraction (`0.6`).
        case percent(Double)
        /// A double-quoted string, escapes resolved (`\"`, `\\`).
        case string(String)
        /// A punctuation mark or operator: `. , : | [ ] ( ) { } @ + - * /`
        /// and the relations `= == <= >=` (and `< >`, kept only to be
        /// rejected with a clear error).
        case symbol(String)
    }

    var kind: Kind
    /// 0-based column of the token's first character within its line.
    var column: Int
    /// The token's characters as written.
    var text: String

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let s) = kind { return s == symbol }
        return false
    }

    func isIdentifier(_ name: String) -> Bool { identifier == name }
}
