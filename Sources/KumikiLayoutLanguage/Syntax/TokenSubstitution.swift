import KumikiSupport

/// Looks up the design tokens a line names in the block's token table.
///
/// A dimension token becomes the number of points it stands for, a number
/// token its number, each keeping the reference as its text (the statement
/// text and the page show the alias) and the token it names; a token of any
/// other type stays a reference for the line that takes it (a colour for
/// `fill`), and the parser says so where it stands instead of a number.
struct TokenSubstitution {
    let table: LayoutTokenTable

    /// The line's tokens with each reference looked up; the first unknown
    /// name, or a value out of the language's range, is the line's error.
    ///
    /// - Parameter named: Receives each reference found, with its token's
    ///   entry (nil when the table has none).
    func resolve(_ tokens: [Token], named: (Token, LayoutTokenEntry?) -> Void) throws(LineError) -> [Token] {
        var result = tokens
        for index in result.indices {
            guard case .tokenReference(let path) = result[index].kind else { continue }
            let token = result[index]
            let entry = table[path]
            named(token, entry)
            guard let entry else {
                if table.withheld.contains(path) { throw LineError(token.column, .tokenWithError(path)) }
                let suggestion = Suggestions.closest(to: path, among: table.names).first
                throw LineError(token.column, .unknownToken(path, suggestion: suggestion))
            }
            result[index].named = Token.NamedToken(path: path, value: entry.value)
            switch entry.value {
            case .dimension(let value), .number(let value):
                if let violation = LayoutLimitViolation.range(of: value, text: token.text, isLiteral: false) {
                    throw LineError(token.column, .limit(violation))
                }
                result[index].kind = .number(value)
            default:
                break
            }
        }
        return result
    }
}
