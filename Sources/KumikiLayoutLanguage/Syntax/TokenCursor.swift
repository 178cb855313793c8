/// A position in one line's tokens.
struct TokenCursor {
    var tokens: [Token]
    var index: Int

    var peek: Token? { index < tokens.count ? tokens[index] : nil }
    func peek(_ offset: Int) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }
    mutating func next() -> Token? {
        defer { index += 1 }
        return peek
    }
    /// The column just after the last token, for "expected …" at the end.
    var endColumn: Int {
        guard let last = tokens.last else { return 0 }
        return last.column + last.text.count
    }
    /// The column of the token just read, or the end of the line.
    var lastColumn: Int {
        let i = index - 1
        return i >= 0 && i < tokens.count ? tokens[i].column : endColumn
    }
}
