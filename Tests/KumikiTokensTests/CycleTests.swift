import Testing
import KumikiTokens

/// A reference cycle is an error at every token of it, at its `$value`,
/// naming the chain from that token round to itself.
@Suite struct CycleTests {
    @Test func aTokenAliasingItself() {
        #expect(diagnostics(#"{ "a": { "$type": "number", "$value": "{a}" } }"#) == [
            "core.tokens.json:1:39: error: reference cycle: a → a",
        ])
    }

    @Test func twoTokens() {
        let text = """
        {
          "a": { "$type": "number", "$value": "{b}" },
          "b": { "$value": "{a}" }
        }
        """
        #expect(diagnostics(text) == [
            "core.tokens.json:2:39: error: reference cycle: a → b → a",
            "core.tokens.json:3:20: error: reference cycle: b → a → b",
        ])
    }

    @Test func threeTokensWithoutAnyType() {
        let (set, printed) = read("""
        {
          "a": { "$value": "{b}" },
          "b": { "$value": "{c}" },
          "c": { "$value": "{a}" },
          "d": { "$type": "number", "$value": 1 }
        }
        """)
        #expect(printed == [
            "core.tokens.json:2:20: error: reference cycle: a → b → c → a",
            "core.tokens.json:3:20: error: reference cycle: b → c → a → b",
            "core.tokens.json:4:20: error: reference cycle: c → a → b → c",
        ])
        #expect(set.tokens.map(\.name) == ["d"])
    }

    @Test func aPointerIntoItsOwnValue() {
        let text = """
        {
          "a": { "$type": "color", "$value": {
            "colorSpace": "srgb", "components": [{ "$ref": "#/a/$value/components/0" }, 0, 0] } }
        }
        """
        // The token the pointer leads into is the cycle's one token.
        #expect(diagnostics(text) == [
            "core.tokens.json:2:38: error: reference cycle: #/a/$value/components/0 → #/a/$value/components/0",
        ])
    }

    @Test func aPointerIntoAnotherTokensPartIsReportedAtBothTokens() {
        // x reads y's colour through a pointer, and y's colour is x: the
        // pointer reads y without resolving it, and y is in the cycle all
        // the same.
        let (set, printed) = read("""
        {
          "y": { "$type": "border", "$value": { "color": "{x}", "width": { "value": 1, "unit": "px" }, "style": "solid" } },
          "x": { "$type": "color", "$value": { "$ref": "#/y/$value/color" } },
          "z": { "$type": "number", "$value": 1 }
        }
        """)
        #expect(printed == [
            "core.tokens.json:2:39: error: reference cycle: #/y/$value/color → x → #/y/$value/color",
            "core.tokens.json:3:38: error: reference cycle: x → #/y/$value/color → x",
        ])
        #expect(set.tokens.map(\.name) == ["z"])
    }

    @Test func twoPointersIntoEachOther() {
        #expect(diagnostics("""
        {
          "a": { "$type": "number", "$value": { "$ref": "#/b/$value" } },
          "b": { "$type": "number", "$value": { "$ref": "#/a/$value" } }
        }
        """) == [
            "core.tokens.json:2:39: error: reference cycle: #/a/$value → #/b/$value → #/a/$value",
            "core.tokens.json:3:39: error: reference cycle: #/b/$value → #/a/$value → #/b/$value",
        ])
    }

    @Test func longChainsAreBounded() {
        let count = 5_000
        var lines = ["\"t0\": { \"$type\": \"number\", \"$value\": 1 }"]
        for index in 1..<count { lines.append("\"t\(index)\": { \"$value\": \"{t\(index - 1)}\" }") }
        let (set, printed) = read("{\n" + lines.joined(separator: ",\n") + "\n}")
        // Resolving in file order, each chain is one step past the last.
        #expect(printed == [])
        #expect(set.token(named: "t4999")?.value == .number(1))
        var reversed = ["\"t\(count - 1)\": { \"$type\": \"number\", \"$value\": 1 }"]
        for index in 0..<(count - 1) { reversed.insert("\"t\(index)\": { \"$value\": \"{t\(index + 1)}\" }", at: index) }
        let (deep, deepProblems) = read("{\n" + reversed.joined(separator: ",\n") + "\n}")
        #expect(deepProblems.first == "core.tokens.json:66:20: error: references here go more than 64 deep")
        #expect(deep.tokens.count < count)
    }
}
