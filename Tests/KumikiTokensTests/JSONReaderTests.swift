import Testing
import KumikiTokens

/// Token files are JSON read with the place of every value; malformed JSON
/// is one error at the place it goes wrong.
@Suite struct JSONReaderTests {
    @Test func reportsMalformedJSONAtItsPlace() {
        #expect(diagnostics("{\n  \"a\": {\"$value\": 1,, }\n}") == [
            "core.tokens.json:2:21: error: invalid JSON: expected a key in double quotes, found ','",
        ])
        #expect(diagnostics("{\n  \"a\": tru\n}") == [
            "core.tokens.json:2:11: error: invalid JSON: expected a value, found a line break",
        ])
        #expect(diagnostics("{\"a\": 01}") == ["core.tokens.json:1:7: error: invalid JSON: malformed number '01'"])
        #expect(diagnostics("{\"a\": \"open\n}") == ["core.tokens.json:1:7: error: invalid JSON: the string is not closed by '\"' on its line"])
        #expect(diagnostics("{} x") == ["core.tokens.json:1:4: error: invalid JSON: unexpected 'x' after the end of the JSON value"])
        #expect(diagnostics("") == ["core.tokens.json:1:1: error: invalid JSON: the file is empty; a token file holds one JSON object"])
        #expect(diagnostics("{\"a\": \"\\x\"}") == ["core.tokens.json:1:8: error: invalid JSON: invalid escape '\\x'"])
        #expect(diagnostics("{\"a\": \"\\ud800\"}") == ["core.tokens.json:1:8: error: invalid JSON: a '\\u' escape of half a surrogate pair"])
        #expect(diagnostics("{\"a\": 1e999}") == ["core.tokens.json:1:7: error: invalid JSON: the number '1e999' is too large"])
        #expect(diagnostics("{\"a\": 1") == ["core.tokens.json:1:8: error: invalid JSON: the file ends where ',' or '}' should be"])
    }

    @Test func countsColumnsInCharacters() {
        // "日本語" is three characters (nine bytes), the emoji one.
        #expect(diagnostics("{\"日本語👍\": 1, x}") == ["core.tokens.json:1:13: error: invalid JSON: expected a key in double quotes, found 'x'"])
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(diagnostics("{\"a\": \(deep)") == [
            "core.tokens.json:1:134: error: invalid JSON: arrays and objects are nested more than 128 deep",
        ])
        // The document, the token and its extensions are three levels.
        func nested(_ arrays: Int) -> String {
            "{\"a\": {\"$type\": \"number\", \"$value\": 1, \"$extensions\": {\"x\": "
                + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}}}"
        }
        #expect(diagnostics(nested(125)) == [])
        #expect(diagnostics(nested(126)) == ["core.tokens.json:1:186: error: invalid JSON: arrays and objects are nested more than 128 deep"])
    }

    @Test func reportsTheSecondOfTwoKeys() {
        let text = """
        {
          "size": { "$type": "number", "$value": 1 },
          "size": { "$type": "number", "$value": 2 }
        }
        """
        let (set, printed) = read(text)
        #expect(printed == ["core.tokens.json:3:3: error: 'size' appears twice in this object (first on line 2)"])
        #expect(set.token(named: "size")?.value == .number(1))
    }

    @Test func theDocumentIsAnObject() {
        #expect(diagnostics("[1]") == ["core.tokens.json:1:1: error: a token file holds one JSON object of groups and tokens, not an array"])
    }
}
