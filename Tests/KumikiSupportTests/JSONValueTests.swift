import Testing
import KumikiSupport

/// The one JSON writer behind `render`, `check` and `devices`.
@Suite struct JSONValueTests {
    @Test func writesKeysSortedAndIndentedByTwoSpaces() {
        let value = JSONValue.object([
            "width": .number(375), "id": .string("iphone-x"), "models": .array([.string("iPhone X"), .string("iPhone XS")]),
        ])
        #expect(value.written() == """
            {
              "id": "iphone-x",
              "models": [
                "iPhone X",
                "iPhone XS"
              ],
              "width": 375
            }
            """)
    }

    @Test func writesEmptyContainersOnOneLine() {
        #expect(JSONValue.object(["a": .array([]), "b": .object([:])]).written() == "{\n  \"a\": [],\n  \"b\": {}\n}")
        #expect(JSONValue.array([]).written() == "[]")
    }

    @Test func writesLevelsPastTheExpandedOnesOnOneLine() {
        let value = JSONValue.array([
            .object(["line": .integer(3), "path": .string("a.md")]),
            .object(["line": .integer(9), "tags": .array([.bool(true), .null])]),
        ])
        #expect(value.written(expandedLevels: 1) == """
            [
              {"line": 3, "path": "a.md"},
              {"line": 9, "tags": [true, null]}
            ]
            """)
        #expect(value.written(expandedLevels: 0) == #"[{"line": 3, "path": "a.md"}, {"line": 9, "tags": [true, null]}]"#)
    }

    @Test func writesNumbersTheSameOnEveryPlatform() {
        #expect(JSONValue.number(375).written() == "375")
        #expect(JSONValue.number(-0.0).written() == "0")
        #expect(JSONValue.number(2.5).written() == "2.5")
        #expect(JSONValue.number(1e20).written() == "1e+20")
        #expect(JSONValue.number(.infinity).written() == "null")
        #expect(JSONValue.number(.nan).written() == "null")
        #expect(JSONValue.integer(-7).written() == "-7")
    }

    @Test func writesDecimalsWithExactlyTheDigitsAsked() {
        #expect(JSONValue.decimal(141.4833, fractionDigits: 2).written() == "141.48")
        #expect(JSONValue.decimal(-0.001, fractionDigits: 2).written() == "0.00")
        #expect(JSONValue.decimal(12, fractionDigits: 2).written() == "12.00")
        #expect(JSONValue.decimal(-.infinity, fractionDigits: 2).written() == "null")
    }

    @Test func quotesStringsAndKeysAsJSONRequires() {
        #expect(JSONValue.object(["say \"hi\"": .string("a\nb\u{1B}")]).written() == #"{\#n  "say \"hi\"": "a\nb\u001b"\#n}"#)
    }
}
