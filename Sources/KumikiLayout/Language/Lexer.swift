/// Splits one line of a layout block into tokens.
///
/// Comments start with `#` or `//` and run to the end of the line. Columns
/// are counted in characters (grapheme clusters) so that a diagnostic points
/// at the same column an editor shows, Japanese text included.
struct Lexer {
    /// A problem found while splitting a line: the 0-based column and a message.
    struct Failure: Error, Hashable, Sendable {
        var column: Int
        var message: String
    }

    /// The tokens of `line`, or the first lexical error on it.
    static func tokens(of line: String) -> Result<[Token], Failure> {
        let chars = Array(line)
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\u{3000}" {
                i += 1
                continue
            }
            if c == "#" { break }
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { break }
            let start = i
            if c.isLetter || c == "_" {
                while i < chars.count && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") { i += 1 }
                let name = String(chars[start..<i])
                tokens.append(Token(kind: .identifier(name), column: start, text: name))
                continue
            }
            if c.isASCII && c.isNumber {
                while i < chars.count && chars[i].isASCII && chars[i].isNumber { i += 1 }
                if i + 1 < chars.count && chars[i] == "." && chars[i + 1].isASCII && chars[i + 1].isNumber {
                    i += 1
                    while i < chars.count && chars[i].isASCII && chars[i].isNumber { i += 1 }
                }
                let text = String(chars[start..<i])
                guard let value = Double(text) else {
                    return .failure(Failure(column: start, message: "malformed number '\(text)'"))
                }
                if i < chars.count && chars[i] == "%" {
                    i += 1
                    tokens.append(Token(kind: .percent(value / 100), column: start, text: text + "%"))
                } else {
                    tokens.append(Token(kind: .number(value), column: start, text: text))
                }
                continue
            }
            if c == "\"" || c == "“" {
                let close: Character = c == "\"" ? "\"" : "”"
                i += 1
                var value = ""
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == "\\" && i + 1 < chars.count {
                        value.append(chars[i + 1])
                        i += 2
                        continue
                    }
                    if d == close {
                        closed = true
                        i += 1
                        break
                    }
                    value.append(d)
                    i += 1
                }
                guard closed else {
                    return .failure(Failure(column: start, message: "unterminated string; close it with \(close)"))
                }
                tokens.append(Token(kind: .string(value), column: start, text: String(chars[start..<i])))
                continue
            }
            // Two-character relations first.
            if i + 1 < chars.count {
                let pair = String(chars[i...i + 1])
                if pair == "==" || pair == "<=" || pair == ">=" {
                    tokens.append(Token(kind: .symbol(pair), column: start, text: pair))
                    i += 2
                    continue
                }
                if pair == "=<" || pair == "=>" || pair == "!=" {
                    return .failure(Failure(
                        column: start,
                        message: "'\(pair)' is not a relation; write '=', '<=' or '>='"))
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
            if ".,:|[]()@{}+-*/=<>".contains(c) {
                tokens.append(Token(kind: .symbol(String(c)), column: start, text: String(c)))
                i += 1
                continue
            }
            return .failure(Failure(column: start, message: "unexpected character '\(c)'"))
        }
        return .success(tokens)
    }
}
