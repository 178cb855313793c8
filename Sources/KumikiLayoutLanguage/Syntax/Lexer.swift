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

    private static func isLetter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        return c.properties.isAlphabetic
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isLetter(c) || isDigit(c) || c == "_" }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }

    /// - Parameter ascii: The line's bytes when it is all ASCII (one byte per scalar), to cut tokens' text from.
    private static func scan(_ chars: [Unicode.Scalar], ascii: [UInt8]?, failure: inout LineError?) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        func text(_ range: Range<Int>) -> String {
            if let ascii { return String(decoding: ascii[range], as: UTF8.self) }
            var s = ""
            s.unicodeScalars.append(contentsOf: chars[range])
            return s
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\u{3000}" {
                i += 1
                continue
            }
            if c == "#" { break }
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { break }
            let start = i
            if isLetter(c) || c == "_" {
                while i < chars.count && isNameCharacter(chars[i]) { i += 1 }
                let name = text(start..<i)
                if i - start > LayoutLimits.maximumNameLength, name.count > LayoutLimits.maximumNameLength {
                    failure = LineError(start, .limit(.nameTooLong(name: name)))
                    return tokens
                }
                tokens.append(Token(kind: .identifier(name), column: start, text: name))
                continue
            }
            if isDigit(c) {
                while i < chars.count && isDigit(chars[i]) { i += 1 }
                if i + 1 < chars.count && chars[i] == "." && isDigit(chars[i + 1]) {
                    i += 1
                    while i < chars.count && isDigit(chars[i]) { i += 1 }
                }
                let digits = text(start..<i)
                guard let value = Double(digits) else {
                    failure = LineError(start, .malformedNumber(digits))
                    return tokens
                }
                // Numbers are checked here, where they are read, so that no
                // value out of range reaches the solver or a formatter.
                if let violation = LayoutLimitViolation.range(of: value, text: digits, isLiteral: true) {
                    failure = LineError(start, .limit(violation))
                    return tokens
                }
                if i < chars.count && chars[i] == "%" {
                    i += 1
                    tokens.append(Token(kind: .percent(value / 100), column: start, text: digits + "%"))
                } else {
                    tokens.append(Token(kind: .number(value), column: start, text: digits))
                }
                continue
            }
            if c == "\"" || c == "“" {
                let close: Unicode.Scalar = c == "\"" ? "\"" : "”"
                i += 1
                var value = ""
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == "\\" && i + 1 < chars.count {
                        value.unicodeScalars.append(chars[i + 1])
                        i += 2
                        continue
                    }
                    if d == close {
                        closed = true
                        i += 1
                        break
                    }
                    value.unicodeScalars.append(d)
                    i += 1
                }
                guard closed else {
                    failure = LineError(start, .unterminatedString(closingQuote: String(close)))
                    return tokens
                }
                tokens.append(Token(kind: .string(value), column: start, text: text(start..<i)))
                continue
            }
            // Two-character relations first.
            if i + 1 < chars.count && "=<>!".unicodeScalars.contains(c) && "=<>".unicodeScalars.contains(chars[i + 1]) {
                let pair = text(i..<(i + 2))
                if pair == "==" || pair == "<=" || pair == ">=" {
                    tokens.append(Token(kind: .symbol(pair), column: start, text: pair))
                    i += 2
                    continue
                }
                if pair == "=<" || pair == "=>" || pair == "!=" {
                    failure = LineError(start, .notARelation(pair))
                    return tokens
                }
            }
            if c == "≤" || c == "≥" {
                let ascii = c == "≤" ? "<=" : ">="
                tokens.append(Token(kind: .symbol(ascii), column: start, text: String(c)))
                i += 1
                continue
            }
            if c == "×" {
                tokens.append(Token(kind: .symbol("*"), column: start, text: "×"))
                i += 1
                continue
            }
            if ".,:|[]()@{}+-*/=<>".unicodeScalars.contains(c) {
                tokens.append(Token(kind: .symbol(String(c)), column: start, text: String(c)))
                i += 1
                continue
            }
            failure = LineError(start, .unexpectedCharacter(String(c)))
            return tokens
        }
        return tokens
    }
}
