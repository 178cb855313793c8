/// Reads JSON text (RFC 8259) into `JSONNode`s that know their line and
/// column.
///
/// A recursive descent over the UTF-8 bytes. Nesting is bounded
/// (`maximumDepth` arrays and objects inside one another), so no input can
/// exhaust the stack, and every step consumes input, so none can hang. The
/// first syntax error ends the reading: it is returned with its place, and
/// no tree. A key given twice in one object is not a syntax error; it is
/// listed (the second occurrence is skipped) and reading goes on.
///
/// Columns count characters: the reader measures each stretch of a line
/// between two tokens once, as it passes, so a long single-line file costs
/// no more than a short one per byte.
struct JSONReader {
    /// Arrays and objects nested deeper than this are an error.
    static let maximumDepth = 128

    /// A key that appeared twice in one object.
    struct DuplicateKey: Hashable, Sendable {
        var key: String
        var position: TextPosition
        var first: TextPosition
    }

    /// What reading a text gave: the tree, or the syntax error that
    /// stopped it; and the keys given twice.
    struct Result: Sendable {
        var node: JSONNode?
        var error: (problem: JSONSyntaxProblem, position: TextPosition)?
        var duplicateKeys: [DuplicateKey]
    }

    private struct Failure: Error {
        var problem: JSONSyntaxProblem
        var offset: Int
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    // The character column of `measuredOffset`, a byte on the current line
    // at which a token started; later columns on the line count on from it.
    private var measuredOffset = 0
    private var measuredColumn = 1
    private var duplicates: [DuplicateKey] = []

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Reads `text`, which must hold exactly one JSON value (whitespace
    /// around it allowed).
    static func read(_ text: String) -> Result {
        var reader = JSONReader(text)
        do throws(Failure) {
            reader.skipWhitespace()
            guard reader.offset < reader.bytes.count else {
                throw Failure(problem: .emptyDocument, offset: reader.offset)
            }
            let node = try reader.readValue(depth: 0)
            reader.skipWhitespace()
            if reader.offset < reader.bytes.count {
                throw Failure(problem: .trailingContent(reader.character(at: reader.offset)), offset: reader.offset)
            }
            return Result(node: node, error: nil, duplicateKeys: reader.duplicates)
        } catch {
            let position = reader.position(at: min(error.offset, reader.bytes.count))
            return Result(node: nil, error: (error.problem, position), duplicateKeys: reader.duplicates)
        }
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(Failure) -> JSONNode {
        guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: .value), offset: offset) }
        let start = position(at: offset)
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw Failure(problem: .tooDeep(Self.maximumDepth), offset: offset) }
            return JSONNode(.object(try readObject(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw Failure(problem: .tooDeep(Self.maximumDepth), offset: offset) }
            return JSONNode(.array(try readArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try readString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try readNumber()), at: start)
        case UInt8(ascii: "t"):
            try readWord("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try readWord("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try readWord("null")
            return JSONNode(.null, at: start)
        default:
            throw Failure(problem: .unexpectedCharacter(character(at: offset), expected: .value), offset: offset)
        }
    }

    private mutating func readObject(depth: Int) throws(Failure) -> [JSONNode.Member] {
        offset += 1
        var members: [JSONNode.Member] = []
        var seen: [String: TextPosition] = [:]
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return members
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: .key), offset: offset) }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw Failure(problem: .unexpectedCharacter(character(at: offset), expected: .key), offset: offset)
            }
            let keyPosition = position(at: offset)
            let key = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), .colon)
            skipWhitespace()
            let value = try readValue(depth: depth)
            if let first = seen[key] {
                duplicates.append(DuplicateKey(key: key, position: keyPosition, first: first))
            } else {
                seen[key] = keyPosition
                members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            }
            skipWhitespace()
            guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: .commaOrBrace), offset: offset) }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"), .commaOrBrace)
            return members
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> [JSONNode] {
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: .commaOrBracket), offset: offset) }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"), .commaOrBracket)
            return elements
        }
    }

    private mutating func readWord(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: .value), offset: offset) }
            guard bytes[offset] == byte else {
                throw Failure(problem: .unexpectedCharacter(character(at: offset), expected: .value), offset: offset)
            }
            offset += 1
        }
    }

    private mutating func readNumber() throws(Failure) -> Double {
        let start = offset
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.offset
            while reader.offset < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.offset]) {
                reader.offset += 1
            }
            return reader.offset - first
        }
        func malformed(_ reader: JSONReader) -> Failure {
            var end = reader.offset
            while end < reader.bytes.count, end - start < 40, !Self.endsNumber(reader.bytes[end]) { end += 1 }
            return Failure(problem: .malformedNumber(String(decoding: reader.bytes[start..<end], as: UTF8.self)), offset: start)
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw malformed(self) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw malformed(self) }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw malformed(self) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw malformed(self) }
        }
        if offset < bytes.count, !Self.endsNumber(bytes[offset]) { throw malformed(self) }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw Failure(problem: .numberOutOfRange(String(text.prefix(40))), offset: start)
        }
        return number
    }

    private static func endsNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"),
             UInt8(ascii: "\n"), UInt8(ascii: "\r"): true
        default: false
        }
    }

    private mutating func readString() throws(Failure) -> String {
        let open = offset
        offset += 1
        var decoded: [UInt8] = []
        var runStart = offset
        while true {
            guard offset < bytes.count else { throw Failure(problem: .unterminatedString, offset: open) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                decoded += bytes[runStart..<offset]
                offset += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < 0x20 {
                throw Failure(problem: byte == 0x0A ? .unterminatedString : .controlCharacterInString, offset: byte == 0x0A ? open : offset)
            }
            if byte == UInt8(ascii: "\\") {
                decoded += bytes[runStart..<offset]
                try readEscape(into: &decoded)
                runStart = offset
                continue
            }
            offset += 1
        }
    }

    private mutating func readEscape(into decoded: inout [UInt8]) throws(Failure) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw Failure(problem: .unterminatedString, offset: start) }
        let escaped = bytes[offset]
        offset += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let first = try readHex4(escapeStart: start)
            var scalarValue = first
            if (0xD800...0xDBFF).contains(first) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw Failure(problem: .loneSurrogate, offset: start)
                }
                offset += 2
                let second = try readHex4(escapeStart: offset - 2)
                guard (0xDC00...0xDFFF).contains(second) else { throw Failure(problem: .loneSurrogate, offset: start) }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw Failure(problem: .loneSurrogate, offset: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw Failure(problem: .loneSurrogate, offset: start) }
            decoded += Array(String(Character(scalar)).utf8)
        default:
            let text = escaped < 0x80 && escaped >= 0x20 ? "\\" + String(UnicodeScalar(escaped)) : "\\"
            throw Failure(problem: .invalidEscape(text), offset: start)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Self.hexDigit(bytes[offset]) else {
                throw Failure(problem: .invalidUnicodeEscape, offset: escapeStart)
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Places

    private mutating func expect(_ byte: UInt8, _ expected: JSONSyntaxProblem.Expected) throws(Failure) {
        guard offset < bytes.count else { throw Failure(problem: .unexpectedEnd(expected: expected), offset: offset) }
        guard bytes[offset] == byte else {
            throw Failure(problem: .unexpectedCharacter(character(at: offset), expected: expected), offset: offset)
        }
        offset += 1
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
                measuredOffset = offset
                measuredColumn = 1
            default:
                return
            }
        }
    }

    /// The position of a byte on the current line.
    private mutating func position(at target: Int) -> TextPosition {
        if target < measuredOffset || measuredOffset < lineStart {
            measuredOffset = lineStart
            measuredColumn = 1
        }
        measuredColumn += String(decoding: bytes[measuredOffset..<target], as: UTF8.self).count
        measuredOffset = target
        return TextPosition(line: line, column: measuredColumn)
    }

    /// The character that starts at a byte, for messages.
    private func character(at start: Int) -> Character {
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).first ?? "?"
    }
}
