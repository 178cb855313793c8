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
        /// `{spacing.m}`: a design token's dotted path, braces left out.
        /// Once the block's token table is read (`TokenSubstitution`), a
        /// dimension or number token becomes `.number` and keeps `named`.
        case tokenReference(String)
    }

    /// The design token a number was read from, or that a reference names.
    struct NamedToken: Hashable, Sendable {
        var path: String
        /// The DTCG type of its value (`dimension`, `color`).
        var typeName: String { value.typeName }
        /// Its value in the environments the block is read for: what a
        /// line that takes a colour or a typography reads.
        var value: LayoutTokenValue
    }

    var kind: Kind
    /// 0-based column of the token's first character within its line.
    var column: Int
    /// The token's characters as written.
    var text: String
    /// The token this one names (`{spacing.m}`), once it is looked up;
    /// nil for what is written out.
    var named: NamedToken?

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
