/// Splits one line of a layout block into tokens.
///
/// Comments start with `#` or `//` and run to the end of the line. Columns
/// are counted in characters (grapheme clusters) so that a diagnostic points
/// at the same column an editor shows, Japanese text included.
struct Lexer {
    /// The tokens of `line`, or the first lexical error on it.
    static func tokens(of line: String) -> Result<[Token], LineError> {
        // Scan Unicode scalars (fast), but report columns in characters:
        // when a line has combining marks or emoji sequences the two counts
        // differ, and `columnOf` maps one to the other.
        let scalars = Array(line.unicodeScalars)
        var characterColumns: [Int]?
        // An ASCII line has one scalar per character: no map to build, and
        // no grapheme breaking to count its characters.
        let isASCII = line.utf8.allSatisfy { $0 < 0x80 }
        if !isASCII && scalars.count != line.count {
            var map: [Int] = []
            for (column, character) in line.enumerated() {
                for _ in character.unicodeScalars { map.append(column) }
            }
            characterColumns = map
        }
        var tokens: [Token] = []
        var failure: LineError?
        tokens = scan(scalars, ascii: isASCII ? Array(line.utf8) : nil, failure: &failure)
        if let map = characterColumns {
            for index in tokens.indices { tokens[index].column = map[min(tokens[index].column, map.count - 1)] }
            if let f = failure { failure = LineError(map[min(f.column, map.count - 1)], f.error) }
        }
        if let failure { return .failure(failure) }
        return .success(tokens)
    }

    /// - Parameter ascii: The line's bytes when it is all ASCII (one byte per scalar), to cut tokens' text from.
    private static func scan(_ chars: [Unicode.Scalar], ascii: [UInt8]?, failure: inout LineError?) -> [Token] {
        var scanner = Scanner(chars: chars, ascii: ascii)
        var tokens: [Token] = []
        do {
            while let token = try scanner.next() { tokens.append(token) }
        } catch {
            failure = error
        }
        return tokens
    }
}

/// The position in one line's scalars, read a token at a time.
private struct Scanner {
    let chars: [Unicode.Scalar]
    let ascii: [UInt8]?
    var i = 0

    /// The next token; nil at the end of the line or at a comment.
    mutating func next() throws(LineError) -> Token? {
        while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\u{3000}" { i += 1 }
        guard i < chars.count else { return nil }
        let c = chars[i]
        if c == "#" { return nil }
        if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { return nil }
        if Self.isLetter(c) || c == "_" { return try name() }
        if Self.isDigit(c) { return try number() }
        if c == "\"" || c == "“" { return try string() }
        return try symbol()
    }

    private func text(_ range: Range<Int>) -> String {
        if let ascii { return String(decoding: ascii[range], as: UTF8.self) }
        var s = ""
        s.unicodeScalars.append(contentsOf: chars[range])
        return s
    }

    private mutating func name() throws(LineError) -> Token {
        let start = i
        while i < chars.count && Self.isNameCharacter(chars[i]) { i += 1 }
        let name = text(start..<i)
        if i - start > LayoutLimits.maximumNameLength, name.count > LayoutLimits.maximumNameLength {
            throw LineError(start, .limit(.nameTooLong(name: name)))
        }
        return Token(kind: .identifier(name), column: start, text: name)
    }

    private mutating func number() throws(LineError) -> Token {
        let start = i
        while i < chars.count && Self.isDigit(chars[i]) { i += 1 }
        if i + 1 < chars.count && chars[i] == "." && Self.isDigit(chars[i + 1]) {
            i += 1
            while i < chars.count && Self.isDigit(chars[i]) { i += 1 }
        }
        let digits = text(start..<i)
        guard let value = Double(digits) else { throw LineError(start, .malformedNumber(digits)) }
        // Numbers are checked here, where they are read, so that no value
        // out of range reaches the solver or a formatter.
        if let violation = LayoutLimitViolation.range(of: value, text: digits, isLiteral: true) {
            throw LineError(start, .limit(violation))
        }
        if i < chars.count && chars[i] == "%" {
            i += 1
            return Token(kind: .percent(value / 100), column: start, text: digits + "%")
        }
        return Token(kind: .number(value), column: start, text: digits)
    }

    /// A string in straight or curly double quotes; `\` escapes the next scalar.
    private mutating func string() throws(LineError) -> Token {
        let start = i
        let close: Unicode.Scalar = chars[i] == "\"" ? "\"" : "”"
        i += 1
        var value = ""
        while i < chars.count {
            let d = chars[i]
            if d == "\\" && i + 1 < chars.count {
                value.unicodeScalars.append(chars[i + 1])
                i += 2
                continue
            }
            i += 1
            if d == close { return Token(kind: .string(value), column: start, text: text(start..<i)) }
            value.unicodeScalars.append(d)
        }
        throw LineError(start, .unterminatedString(closingQuote: String(close)))
    }

    private mutating func symbol() throws(LineError) -> Token {
        let start = i
        let c = chars[i]
        // Two-character relations first.
        if i + 1 < chars.count && "=<>!".unicodeScalars.contains(c) && "=<>".unicodeScalars.contains(chars[i + 1]) {
            let pair = text(i..<(i + 2))
            if pair == "==" || pair == "<=" || pair == ">=" {
                i += 2
                return Token(kind: .symbol(pair), column: start, text: pair)
            }
            if pair == "=<" || pair == "=>" || pair == "!=" { throw LineError(start, .notARelation(pair)) }
        }
        i += 1
        if c == "≤" || c == "≥" { return Token(kind: .symbol(c == "≤" ? "<=" : ">="), column: start, text: String(c)) }
        if c == "×" { return Token(kind: .symbol("*"), column: start, text: "×") }
        if ".,:|[]()@{}+-*/=<>".unicodeScalars.contains(c) { return Token(kind: .symbol(String(c)), column: start, text: String(c)) }
        throw LineError(start, .unexpectedCharacter(String(c)))
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        return c.properties.isAlphabetic
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isLetter(c) || isDigit(c) || c == "_" }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }
}
