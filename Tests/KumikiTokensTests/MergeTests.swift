import Testing
import KumikiTokens

/// Files merge in order, as a resolver's sources: a later token replaces
/// an earlier one, and aliases resolve after the merge.
@Suite struct MergeTests {
    @Test func aLaterFileReplacesTokensAndMayAliasAnEarlierOne() {
        let core = """
        {
          "color": {
            "$type": "color",
            "blue": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } },
            "brand": { "$value": "{color.blue}" }
          }
        }
        """
        let theme = """
        {
          "color": {
            "brand": { "$value": "{color.red}", "$description": "Red in this theme" },
            "red": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0] } }
          },
          "link": { "$value": "{color.blue}" }
        }
        """
        let (set, problems) = TokenSet.read(files: [(path: "core.tokens.json", text: core), (path: "theme.tokens.json", text: theme)])
        #expect(problems.isEmpty)
        #expect(set.tokens.map(\.name) == ["color.blue", "color.brand", "color.red", "link"])
        let brand = set.token(named: "color.brand")
        #expect(brand?.location.description == "theme.tokens.json:3:5")
        #expect(brand?.description == "Red in this theme")
        // The theme's tokens take the core file's group type.
        #expect(brand?.value == set.token(named: "color.red")?.value && brand?.type == .color)
        #expect(set.token(named: "link")?.value == set.token(named: "color.blue")?.value)
    }

    @Test func eachFilesProblemsAreReportedInThatFile() {
        let first = #"{ "size": { "$type": "dimension", "$value": "4px" } }"#
        let second = """
        {
          "size": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } },
          "gap": { "$value": "{siz}" }
        }
        """
        let (_, problems) = TokenSet.read(files: [(path: "a.tokens.json", text: first), (path: "b.tokens.json", text: second)])
        #expect(problems.map(\.description) == [
            #"a.tokens.json:1:45: error: '4px' is the pre-2025 string form of a dimension; use {"value": 4, "unit": "px"}"#,
            "b.tokens.json:3:22: error: '{siz}' names no token; did you mean '{size}'?",
        ])
    }
}
