// `key: value` lines: the title, the environment settings and `show:`.

extension StatementParser {
    /// The text after the colon: where it starts, and its value with
    /// trailing spaces trimmed.
    func settingValue() -> (value: String, column: Int) {
        let chars = Array(raw)
        var valueStart = tokens[1].column + 1
        while valueStart < chars.count && chars[valueStart] == " " { valueStart += 1 }
        let column = min(valueStart, chars.count)
        return (String(chars[column...]).trimmingTrailingSpaces(), column)
    }

    /// A title is prose in two languages, not code: it is taken as written,
    /// apostrophes, 「」 and '#' included.
    func titleStatement() -> TitleStatement {
        TitleStatement(value: settingValue().value, column: tokens[0].column)
    }

    /// `show: iphone-se/portrait`: one environment id, checked against the
    /// block's environments by the engine.
    func showStatement() throws(LineError) -> SettingStatement {
        let (text, valueColumn) = settingValue()
        // Ids hold single slashes but never '#' or '//': what follows is a comment.
        var value = Substring(text)
        if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
        if let comment = value.firstRange(of: "//") { value = value[..<comment.lowerBound] }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        guard !value.isEmpty else { throw LineError(tokens[1].column, .expectedShownEnvironment) }
        if let space = value.firstIndex(where: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let column = valueColumn + value.distance(from: value.startIndex, to: space)
            throw LineError(column, .moreThanOneShownEnvironment)
        }
        return SettingStatement(key: "show", keyColumn: tokens[0].column, value: String(value), valueColumn: valueColumn)
    }

    /// The `title` and `:` tokens of a title line, or `nil` for any other
    /// line: a title line never goes through the lexer.
    static func titleLineTokens(_ raw: String) -> [Token]? {
        // Everything up to the colon is ASCII, so bytes count as characters;
        // the bytes are read in place, as most lines are not titles.
        let bytes = raw.utf8
        var index = bytes.startIndex
        var start = 0
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            bytes.formIndex(after: &index)
            start += 1
        }
        for expected in "title".utf8 {
            guard index < bytes.endIndex, bytes[index] == expected else { return nil }
            bytes.formIndex(after: &index)
        }
        var colon = start + 5
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
            bytes.formIndex(after: &index)
            colon += 1
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return nil }
        return [Token(kind: .identifier("title"), column: start, text: "title"), Token(kind: .symbol(":"), column: colon, text: ":")]
    }
}
