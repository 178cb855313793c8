import Testing
import KumikiTokens

/// Groups and tokens: names, `$` properties, `$root`, `$extends`,
/// deprecation and descriptions.
@Suite struct GroupTests {
    @Test func namesAndPropertiesAreCheckedToTheLetter() {
        let text = """
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
          "a.b": { "$type": "number", "$value": 1 },
          "{c}": { "$type": "number", "$value": 1 },
          "$custom": { "$type": "number", "$value": 1 },
          "group": {
            "$descripton": "typo",
            "token": { "$type": "number", "$value": 1, "$comment": "no", "child": { "$value": 2 } }
          },
          "empty": {},
          "bare": 5,
          "both": { "$type": "number", "$value": 1, "$ref": "#/empty" },
          "flag": { "$type": "number", "$value": 1, "$deprecated": "yes", "$description": 3 },
          "odd": { "$type": "number", "$value": 1, "$deprecated": 0 },
          "cased": { "$type": "number", "$Value": 1 }
        }
        """
        #expect(diagnostics(text) == [
            "core.tokens.json:3:3: error: 'a.b': token and group names cannot contain '.'",
            "core.tokens.json:4:3: error: '{c}': token and group names cannot contain '{'",
            "core.tokens.json:5:3: error: unknown group property '$custom'; names of tokens and groups cannot start with '$'",
            "core.tokens.json:7:5: error: unknown group property '$descripton'; did you mean '$description'?",
            "core.tokens.json:8:48: error: unknown token property '$comment'; names of tokens and groups cannot start with '$'",
            #"core.tokens.json:8:66: error: 'group.token' has "$value", so it is a token and cannot hold tokens or groups ('child'); put them in a group, with the value as its "$root""#,
            #"core.tokens.json:11:3: error: 'bare' must be an object (a token with "$value", or a group), not a number"#,
            #"core.tokens.json:12:45: error: 'both' has both "$value" and "$ref"; give one"#,
            "core.tokens.json:13:83: error: '$description' must be a string, not a number",
            "core.tokens.json:14:59: error: '$deprecated' must be true, false or a reason, not a number",
            // Without "$value" the object is a group; the misspelling is still named.
            "core.tokens.json:15:33: error: unknown group property '$Value'; did you mean '$value'?",
        ])
    }

    @Test func rootTokensAreNamedWithTheirGroup() {
        let (set, printed) = read("""
        {
          "spacing": {
            "$type": "dimension",
            "$root": { "$value": { "value": 16, "unit": "px" } },
            "small": { "$value": { "value": 8, "unit": "px" } }
          },
          "broken": { "$root": { "nested": {} } }
        }
        """)
        #expect(set.tokens.map(\.name) == ["spacing.$root", "spacing.small"])
        #expect(printed == [#"core.tokens.json:7:15: error: "$root" of 'broken' must be a token, with "$value""#])
    }

    @Test func groupsExtendOtherGroups() {
        let (set, printed) = read("""
        {
          "button": {
            "$type": "color",
            "background": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 0.8] } },
            "text": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } }
          },
          "button-primary": {
            "$extends": "{button}",
            "background": { "$value": { "colorSpace": "srgb", "components": [0.8, 0, 0.4] } }
          },
          "button-large": { "$extends": "{button-primary}" }
        }
        """)
        #expect(printed == [])
        #expect(set.tokens.map(\.name) == [
            "button.background", "button.text", "button-primary.background", "button-primary.text",
            "button-large.background", "button-large.text",
        ])
        #expect(set.token(named: "button-large.background")?.value == set.token(named: "button-primary.background")?.value)
        #expect(set.token(named: "button-primary.text")?.type == .color)
    }

    @Test func extendsErrors() {
        let text = """
        {
          "a": { "$extends": "{b}" },
          "b": { "$extends": "{c}" },
          "c": { "$extends": "{a}" },
          "d": { "$extends": "{token}" },
          "e": { "$extends": "{nowhere}" },
          "f": { "inner": { "$extends": "{f}" } },
          "token": { "$type": "number", "$value": 1 }
        }
        """
        #expect(diagnostics(text) == [
            "core.tokens.json:2:22: error: '$extends' cycle: {a} → {b} → {c} → {a}",
            "core.tokens.json:3:22: error: '$extends' cycle: {b} → {c} → {a} → {b}",
            "core.tokens.json:4:22: error: '$extends' cycle: {c} → {a} → {b} → {c}",
            "core.tokens.json:5:22: error: '$extends' must name a group, and '{token}' is a token",
            "core.tokens.json:6:22: error: '$extends' names '{nowhere}', which is no group",
            "core.tokens.json:7:33: error: '$extends' cycle: {f.inner} → {f} → {f.inner}",
        ])
    }

    @Test func deprecationPassesFromGroupsToTheirTokensButNotThroughAliases() {
        let (set, printed) = read("""
        {
          "old": {
            "$type": "number",
            "$deprecated": "Use new.size",
            "size": { "$value": 1 },
            "kept": { "$value": 2, "$deprecated": false },
            "gone": { "$value": 3, "$deprecated": true }
          },
          "new": { "size": { "$value": "{old.size}" } }
        }
        """)
        #expect(printed == [])
        #expect(set.token(named: "old.size")?.deprecation == .deprecated(reason: "Use new.size"))
        #expect(set.token(named: "old.kept")?.deprecation == .current)
        #expect(set.token(named: "old.gone")?.deprecation == .deprecated(reason: nil))
        #expect(set.token(named: "new.size")?.deprecation == .current)
        #expect(set.deprecationWarnings().map(\.description) == [
            "core.tokens.json:9:32: warning: 'old.size' is deprecated: Use new.size",
        ])
    }

    @Test func descriptionsInEnglishAndJapanese() {
        let (set, printed) = read("""
        {
          "gap": {
            "$type": "dimension", "$value": { "value": 8, "unit": "px" },
            "$description": "The space between cards",
            "$extensions": { "org.kumiki": { "description_ja": "カードの間隔" }, "com.example": [1, 2] }
          },
          "bad": { "$type": "number", "$value": 1, "$extensions": { "org.kumiki": { "description_ja": 1 } } }
        }
        """)
        let gap = set.token(named: "gap")
        #expect(gap?.description == "The space between cards")
        #expect(gap?.japaneseDescription == "カードの間隔")
        #expect(gap?.extensions?["com.example"]?.elements?.count == 2)
        #expect(printed == ["core.tokens.json:7:95: warning: 'description_ja' must be a string, not a number; it is ignored"])
    }
}
