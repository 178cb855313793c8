import Testing
import KumikiSupport

/// `JSONValue(parsing:)` reads exactly RFC 8259 documents, as the language
/// server's messages arrive.
@Suite struct JSONValueParsingTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test func readsEveryKindOfValue() throws {
        #expect(try parse(#"{"a": [1, -2.5, 1e3, true, false, null, "x"], "b": {}}"#) == .object([
            "a": .array([.integer(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]),
        ]))
    }

    @Test func readsEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t\u65e5\ud83d\ude00""#) == .string("\"\\/\u{8}\u{C}\n\r\t日😀"))
        // Half a pair is not a character: it becomes U+FFFD.
        #expect(try parse(#""\ud83dx""#) == .string("\u{FFFD}x"))
    }

    @Test func keepsUTF8TextAsWritten() throws {
        #expect(try parse("\"日本語 😀 e\u{301}\"") == .string("日本語 😀 e\u{301}"))
    }

    @Test func refusesWhatIsNotOneDocument() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"a", "{} {}", "'a'", "\"\u{1}\"", "[1] x", "nul"] {
            #expect(throws: JSONParseError.self, "\(text)") { try parse(text) }
        }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xFF, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [0x22, 0xE6, 0x97, 0x22]) }
    }

    @Test func boundsNesting() throws {
        let deep = String(repeating: "[", count: JSONValue.maximumNesting + 1) + String(repeating: "]", count: JSONValue.maximumNesting + 1)
        #expect(throws: JSONParseError.self) { try parse(deep) }
        let allowed = String(repeating: "[", count: JSONValue.maximumNesting) + String(repeating: "]", count: JSONValue.maximumNesting)
        #expect(try parse(allowed) != .null)
        #expect(throws: JSONParseError.self) { try parse(String(repeating: "[", count: 1_000_000)) }
    }

    @Test func roundTripsWhatKumikiWrites() throws {
        let value = JSONValue.object(["id": .integer(3), "text": .string("a\r\n\"日\u{0}"), "list": .array([.bool(true), .null])])
        #expect(try parse(value.written()) == value)
        #expect(try parse(value.written(expandedLevels: 0)) == value)
    }
}
