import Foundation

/// Why a text is not a JSON document.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, in words.
    public var reason: String
    /// The byte offset where reading stopped.
    public var offset: Int

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// How deeply arrays and objects may nest: reading is recursive, and a
    /// message of a million `[` must be refused, not overflow the stack.
    public static let maximumNesting = 256

    /// Reads one JSON document (RFC 8259) from UTF-8 bytes.
    ///
    /// Integers that fit in `Int` become `.integer`, other numbers
    /// `.number`. Duplicate keys keep the last value, as most readers do.
    ///
    /// - Throws: `JSONParseError` for anything but exactly one well-formed
    ///   value with optional whitespace around it.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        var reader = JSONTextReader(bytes: Array(bytes))
        self = try reader.document()
    }
}

/// A recursive-descent reader of JSON text over its bytes.
private struct JSONTextReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try self.value(depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    private func failure(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: offset) }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONParseError) {
        guard current == byte else { throw failure("expected \(what)") }
        offset += 1
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw failure("unknown literal")
        }
        offset += expected.count
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumNesting else { throw failure("nesting deeper than \(JSONValue.maximumNesting)") }
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: ",") { offset += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumNesting else { throw failure("nesting deeper than \(JSONValue.maximumNesting)") }
        offset += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") { offset += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(items)
        }
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = offset
        var isIntegral = true
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw failure("expected a digit") }
        if first == UInt8(ascii: "0") { offset += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            isIntegral = false
            offset += 1
            guard skipDigits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isIntegral = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isIntegral, let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text) else { throw failure("unreadable number") }
        return .number(number)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }

    /// A string's text, gathered as UTF-8 bytes (runs between escapes
    /// copied whole) and checked once at its end: a ten-megabyte document
    /// arrives as one string.
    private mutating func string() throws(JSONParseError) -> String {
        let opening = offset
        offset += 1
        var text: [UInt8] = []
        var runStart = offset
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                text.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                // Invalid UTF-8 is an error, not a replacement character
                // the sender never wrote.
                guard let decoded = String(validating: text, as: UTF8.self) else {
                    throw JSONParseError(reason: "invalid UTF-8 in a string", offset: opening)
                }
                return decoded
            case UInt8(ascii: "\\"):
                text.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                text.append(contentsOf: Character(try escape()).utf8)
                runStart = offset
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                offset += 1
            }
        }
    }

    private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate is a character only with its low half.
                if bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                    let saved = offset
                    offset += 2
                    let low = try hexUnit()
                    if (0xDC00...0xDFFF).contains(low) {
                        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                    }
                    offset = saved
                }
                return "\u{FFFD}"
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            throw failure("unknown escape")
        }
    }

    private mutating func hexUnit() throws(JSONParseError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("bad \\u escape")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}
