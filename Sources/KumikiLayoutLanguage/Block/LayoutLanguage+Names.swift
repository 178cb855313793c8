extension LayoutLanguage {
    /// The 0-based character columns where one line of a block names
    /// `name` as a view, a stack or a guide: each word the lexer reads that
    /// is `name` and does not follow a `.` (in `go.top`, `top` is an
    /// anchor). Nothing in a label, a comment or a token reference counts,
    /// and nothing on a setting line (`title: …`, `devices: …`); a line the
    /// lexer cannot read names nothing. An editor's rename and references
    /// read a block through this, so they agree with the front end.
    public static func columns(naming name: String, inLine line: String) -> [Int] {
        guard case .success(let tokens) = Lexer.tokens(of: line), let first = tokens.first else { return [] }
        if let word = first.identifier, word != "H", word != "V", tokens.count > 1, tokens[1].isSymbol(":") { return [] }
        var columns: [Int] = []
        for (index, token) in tokens.enumerated() where token.identifier == name {
            if index > 0, tokens[index - 1].isSymbol(".") { continue }
            columns.append(token.column)
        }
        return columns
    }

    /// Whether `text` can name a view, a stack or a guide: one word as the
    /// lexer reads it (so no combining mark on its own, no punctuation),
    /// and not a word the language keeps (`safe`, `when`, `and`).
    public static func canName(_ text: String) -> Bool {
        guard case .success(let tokens) = Lexer.tokens(of: text), tokens.count == 1,
              tokens[0].identifier == text, tokens[0].column == 0 else { return false }
        return !reservedWords.contains(text)
    }
}
