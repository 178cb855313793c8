import Testing
import KumikiTokens

/// What a resolver merges, and in which order: sets in `resolutionOrder`,
/// a modifier's chosen context where it stands, later sources winning, and
/// aliases resolved after the merge.
@Suite struct ResolverPrecedenceTests {
    static let resolver = """
        {
          "version": "2025.10",
          "sets": {
            "base": { "sources": [{ "$ref": "base.tokens.json" }] },
            "overrides": { "sources": [{ "color": { "$type": "color", "accent": { "$value": "{color.ink}" } } }] }
          },
          "modifiers": {
            "theme": {
              "contexts": {
                "light": [{ "$ref": "themes/light.tokens.json" }],
                "dark": [{ "$ref": "themes/light.tokens.json" }, { "$ref": "themes/dark.tokens.json" }]
              },
              "default": "light"
            }
          },
          "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/sets/overrides" }]
        }
        """

    static var fixture: ResolverFixture {
        ResolverFixture(resolver: resolver, files: [
            "base.tokens.json": colorFile([("background", "#ffffff"), ("ink", "#000000"), ("accent", "#0000ff")]),
            "themes/light.tokens.json": colorFile([("ink", "#111111")]),
            "themes/dark.tokens.json": colorFile([("background", "#000000"), ("ink", "#eeeeee")]),
        ])
    }

    @Test func theDefaultContextMergesAfterTheSetAndTheLastSetWins() throws {
        let (set, problems, inputs) = Self.fixture.read()
        #expect(problems == [])
        #expect(inputs.choices == [ResolverInputs.Choice(modifier: "theme", context: "light")])
        let tokens = try #require(set)
        #expect(tokens.hex("color.background") == "#ffffff")
        #expect(tokens.hex("color.ink") == "#111111")
        // The overrides set comes last: its alias replaces the base's
        // accent and resolves to the theme's ink.
        #expect(tokens.hex("color.accent") == "#111111")
        #expect(tokens.token(named: "color.accent")?.location.description == "site.resolver.json:5:63")
        #expect(tokens.token(named: "color.ink")?.location.file == "themes/light.tokens.json")
    }

    @Test func aChosenContextsSourcesMergeInTheirOrder() throws {
        let (set, problems, _) = Self.fixture.read([("theme", "dark")])
        #expect(problems == [])
        let tokens = try #require(set)
        #expect(tokens.hex("color.background") == "#000000")
        #expect(tokens.hex("color.ink") == "#eeeeee")
        #expect(tokens.hex("color.accent") == "#eeeeee")
        // Tokens are listed in source order: base, then the theme's files.
        #expect(tokens.tokens.map(\.name) == ["color.background", "color.ink", "color.accent"])
    }

    @Test func aSetMayIncludeAnotherSetAndInlineSetsStandInTheOrder() throws {
        let fixture = ResolverFixture(resolver: """
            {
              "version": "2025.10",
              "sets": {
                "core": { "sources": [{ "$ref": "core.tokens.json" }] },
                "brand": { "sources": [{ "$ref": "#/sets/core" }, { "color": { "ink": { "$value": "{color.brand}" } } }] }
              },
              "resolutionOrder": [
                { "$ref": "#/sets/brand" },
                { "type": "set", "name": "late", "sources": [{ "color": { "brand": { "$type": "color", "$value": "{color.paper}" } } }] }
              ]
            }
            """, files: ["core.tokens.json": colorFile([("ink", "#000000"), ("brand", "#ff0000"), ("paper", "#fafafa")])])
        let (set, problems, inputs) = fixture.read()
        #expect(problems == [])
        #expect(inputs.choices.isEmpty)
        let tokens = try #require(set)
        #expect(tokens.hex("color.ink") == "#fafafa")
        #expect(tokens.hex("color.brand") == "#fafafa")
    }

    @Test func aReferenceWithAFragmentReadsThatPartOfTheFile() throws {
        let fixture = ResolverFixture(resolver: """
            {
              "version": "2025.10",
              "modifiers": {
                "theme": {
                  "contexts": { "light": [{ "$ref": "all.json#/light" }], "dark": [{ "$ref": "all.json#dark" }] },
                  "default": "dark"
                }
              },
              "resolutionOrder": [{ "$ref": "#/modifiers/theme" }]
            }
            """, files: ["all.json": """
            {
              "light": { "color": { "$type": "color", "ink": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } } } },
              "dark": { "color": { "$type": "color", "ink": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } } } }
            }
            """])
        let (dark, darkProblems, _) = fixture.read()
        #expect(darkProblems == [])
        #expect(dark?.hex("color.ink") == "#ffffff")
        #expect(dark?.token(named: "color.ink")?.location.description == "all.json:3:42")
        let (light, _, _) = fixture.read([("theme", "light")])
        #expect(light?.hex("color.ink") == "#000000")
    }

    @Test func everyCombinationOfContextsIsListedFirstModifierSlowest() throws {
        let fixture = ResolverFixture(resolver: """
            {
              "version": "2025.10",
              "modifiers": {
                "theme": { "contexts": { "light": [], "dark": [] }, "default": "light" },
                "contrast": { "contexts": { "standard": [], "high": [] }, "default": "standard" }
              },
              "resolutionOrder": [{ "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/contrast" }]
            }
            """)
        let resolution = try #require(fixture.resolution())
        let (base, _, _) = resolution.inputs(choosing: [])
        let combinations = resolution.combinations(of: ["theme", "contrast"], base: base)
        #expect(combinations.map { $0.choices.map(\.context).joined(separator: "+") }
            == ["light+standard", "light+high", "dark+standard", "dark+high"])
        #expect(resolution.combinations(of: ["contrast"], base: base).map { $0["contrast"] ?? "" } == ["standard", "high"])
    }
}
