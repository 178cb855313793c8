import KumikiSupport

/// Splits one line of a layout block into tokens.
///
/// Comments start with `#` or `//` and run to the end of the line. Columns
/// are counted in characters (grapheme clusters) so that a diagnostic points
/// at the same column an editor shows, Japanese text included.
struct Lexer {
    /// The tokens of `line`, or the first lexical error on it.
    static func tokens(of line: String) -> Result<[Token], LineError> {
        // Scan Unicode scalars (fast), cut tokens' text from the UTF-8
        // bytes, and report columns in characters: when a line has
        // combining marks or emoji sequences the scalar and character
        // counts differ, and `characterColumns` maps one to the other.
        let utf8 = Array(line.utf8)
        let scalars: [Unicode.Scalar]
        var byteOffsets: [Int]?
        var characterColumns: [Int]?
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // One byte per scalar and per character: no maps to build, and
            // no grapheme breaking to count the characters.
            scalars = utf8.map { Unicode.Scalar($0) }
        } else {
            scalars = Array(line.unicodeScalars)
            var offsets: [Int] = []
            offsets.reserveCapacity(scalars.count + 1)
            var offset = 0
            for scalar in scalars {
                offsets.append(offset)
                offset += UTF8.width(scalar)
            }
            offsets.append(offset)
            byteOffsets = offsets
            if scalars.count != line.count {
                var map: [Int] = []
                for (column, character) in line.enumerated() {
                    for _ in character.unicodeScalars { map.append(column) }
                }
                characterColumns = map
            }
        }
        var failure: LineError?
        var tokens = scan(Scanner(chars: scalars, utf8: utf8, byteOffsets: byteOffsets), failure: &failure)
        if let map = characterColumns {
            for index in tokens.indices { tokens[index].column = map[min(tokens[index].column, map.count - 1)] }
            if let f = failure { failure = LineError(map[min(f.column, map.count - 1)], f.error) }
        }
        if let failure { return .failure(failure) }
        return .success(tokens)
    }

    private static func scan(_ start: Scanner, failure: inout LineError?) -> [Token] {
        var scanner = start
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
    /// The line's UTF-8 bytes, which tokens' text is cut from.
    let utf8: [UInt8]
    /// Where each scalar's bytes start, and the end; nil when the line is
    /// ASCII (scalar `i` is byte `i`).
    let byteOffsets: [Int]?
    var i = 0

    init(chars: [Unicode.Scalar], utf8: [UInt8], byteOffsets: [Int]?) {
        self.chars = chars
        self.utf8 = utf8
        self.byteOffsets = byteOffsets
    }

    /// The next token; nil at the end of the line or at a comment.
    mutating func next() throws(LineError) -> Token? {
        while i < chars.count, Self.isSpace(chars[i]) { i += 1 }
        guard i < chars.count else { return nil }
        let c = chars[i]
        if c == "#" { return nil }
        if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { return nil }
        if Self.isLetter(c) || c == "_" { return try name() }
        if Self.isDigit(c) { return try number() }
        if c == "\"" || c == "“" { return try string() }
        // `{` before a space or the line's end opens a `when` block; before
        // anything else it starts a token reference.
        if c == "{", i + 1 < chars.count, !Self.isSpace(chars[i + 1]) { return try tokenReference() }
        return try symbol()
    }

    /// The text of the scalars in `range`.
    private func text(_ range: Range<Int>) -> String {
        guard let byteOffsets else { return String(decoding: utf8[range], as: UTF8.self) }
        return String(decoding: utf8[byteOffsets[range.lowerBound]..<byteOffsets[range.upperBound]], as: UTF8.self)
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
        var escaped = false
        while i < chars.count {
            let d = chars[i]
            if d == "\\" && i + 1 < chars.count {
                escaped = true
                i += 2
                continue
            }
            i += 1
            if d == close {
                let contents = (start + 1)..<(i - 1)
                let value = escaped ? Self.unescaped(chars[contents]) : text(contents)
                return Token(kind: .string(value), column: start, text: text(start..<i))
            }
        }
        throw LineError(start, .unterminatedString(closingQuote: String(close)))
    }

    /// `{path}`: a design token's dotted path, up to the next `}` on the
    /// line. Its parts are DTCG names as a layout line can hold them:
    /// letters, digits, `-` and `_`, with `$root` (a group's own token) as
    /// the last part. Nothing inside is read as a comment or an operator.
    private mutating func tokenReference() throws(LineError) -> Token {
        let start = i
        var end = i + 1
        while end < chars.count && chars[end] != "}" { end += 1 }
        guard end < chars.count else { throw LineError(start, .unterminatedTokenReference) }
        let path = text((start + 1)..<end)
        i = end + 1
        guard Self.isTokenPath(chars[(start + 1)..<end]) else {
            throw LineError(start, .malformedTokenReference(text(start..<i)))
        }
        return Token(kind: .tokenReference(path), column: start, text: text(start..<i))
    }

    private static func isTokenPath(_ path: ArraySlice<Unicode.Scalar>) -> Bool {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if part.elementsEqual("$root".unicodeScalars) {
                if index == parts.count - 1 && index > 0 { continue }
                return false
            }
            guard !part.isEmpty, part.allSatisfy({ isNameCharacter($0) || $0 == "-" }) else { return false }
        }
        return true
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\u{3000}" }

    /// A string's contents with each `\` dropped and the scalar after it kept.
    private static func unescaped(_ contents: ArraySlice<Unicode.Scalar>) -> String {
        var value = ""
        var index = contents.startIndex
        while index < contents.endIndex {
            if contents[index] == "\\" && index + 1 < contents.endIndex { index += 1 }
            value.unicodeScalars.append(contents[index])
            index += 1
        }
        return value
    }

    private mutating func symbol() throws(LineError) -> Token {
        let start = i
        let c = chars[i]
        // Two-character relations first.
        if i + 1 < chars.count, Self.startsPair(c), Self.endsPair(chars[i + 1]) {
            let pair = String(c) + String(chars[i + 1])
            if pair == "==" || pair == "<=" || pair == ">=" {
                i += 2
                return Token(kind: .symbol(pair), column: start, text: pair)
            }
            if pair == "=<" || pair == "=>" || pair == "!=" { throw LineError(start, .notARelation(pair)) }
        }
        i += 1
        if c == "≤" || c == "≥" { return Token(kind: .symbol(c == "≤" ? "<=" : ">="), column: start, text: String(c)) }
        if c == "×" { return Token(kind: .symbol("*"), column: start, text: "×") }
        if Self.isPunctuation(c) { return Token(kind: .symbol(String(c)), column: start, text: String(c)) }
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            throw LineError(start, .combiningMark(code: c.codePointName))
        default:
            throw LineError(start, .unexpectedCharacter(String(c)))
        }
    }

    /// The first character of a two-character relation (or of a wrong one: `!=`).
    private static func startsPair(_ c: Unicode.Scalar) -> Bool {
        c == "=" || c == "<" || c == ">" || c == "!"
    }

    private static func endsPair(_ c: Unicode.Scalar) -> Bool {
        c == "=" || c == "<" || c == ">"
    }

    /// The one-character symbols: `. , : | [ ] ( ) @ { } + - * / = < >`.
    private static func isPunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ".", ",", ":", "|", "[", "]", "(", ")", "@", "{", "}", "+", "-", "*", "/", "=", "<", ">": true
        default: false
        }
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
