import Testing
import KumikiTokens

/// Each problem of a resolver is an error at the key or value that causes
/// it, pinned as the line Kumiki prints.
@Suite struct ResolverErrorTests {
    private func printed(_ resolver: String, files: [String: String] = [:]) -> [String] {
        ResolverFixture(resolver: resolver, files: files).read().1
    }

    @Test func theVersionMustBe2025_10() {
        #expect(printed(#"{"version": "2025.1", "resolutionOrder": []}"#) == [
            "site.resolver.json:1:13: error: 'version' must be \"2025.10\", the one version of the Resolver module, not \"2025.1\"",
        ])
        #expect(printed(#"{"version": 2025.10, "resolutionOrder": []}"#) == [
            "site.resolver.json:1:13: error: 'version' must be \"2025.10\", the one version of the Resolver module, not a number",
        ])
        #expect(printed(#"{"resolutionOrder": []}"#) == [#"site.resolver.json:1:1: error: a resolver document needs "version""#])
    }

    @Test func aModifierWithoutContextsAndADefaultThatIsNoneOfThem() {
        let resolver = """
            {
              "version": "2025.10",
              "modifiers": {
                "empty": { "contexts": {} },
                "theme": { "contexts": { "light": [], "dark": [] }, "default": "drak" },
                "mode": { "contexts": { "a": [], "b": [] }, "default": "wide" }
              },
              "resolutionOrder": [{ "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/mode" }]
            }
            """
        #expect(printed(resolver) == [
            #"site.resolver.json:4:5: error: modifier 'empty' has no contexts; give it at least two, as "contexts": {"light": […], "dark": […]}"#,
            "site.resolver.json:5:68: error: the default 'drak' is not a context of modifier 'theme'; did you mean 'dark'?",
            "site.resolver.json:6:60: error: the default 'wide' is not a context of modifier 'mode'; its contexts are a, b",
            // Each is told once, at its default, not also as having none.
        ])
    }

    @Test func referencesThatNameNothingOrWhatTheyMayNotName() {
        let resolver = """
            {
              "version": "2025.10",
              "sets": {
                "base": { "sources": [{ "$ref": "#/modifiers/theme" }, { "$ref": "#/resolutionOrder/0" }] },
                "loop": { "sources": [{ "$ref": "#/sets/again" }] },
                "again": { "sources": [{ "$ref": "#/sets/loop" }] }
              },
              "modifiers": { "theme": { "contexts": { "light": [], "dark": [] }, "default": "light" } },
              "resolutionOrder": [
                { "$ref": "#/sets/bse" },
                { "$ref": "#/modifiers/theme" },
                { "$ref": "#/modifiers/them" },
                { "type": "set", "name": "theme", "sources": [] },
                { "type": "layer", "name": "x" },
                { "name": "y", "sources": [] },
                "base"
              ]
            }
            """
        #expect(printed(resolver) == [
            "site.resolver.json:4:37: error: '#/modifiers/theme': only 'resolutionOrder' may name a modifier; a source is a token tree, a token file or a set ('#/sets/NAME')",
            "site.resolver.json:4:70: error: '#/resolutionOrder/0' points into 'resolutionOrder', which nothing may reference; declare the set or modifier under 'sets' or 'modifiers'",
            "site.resolver.json:6:38: error: sets include one another: loop → again → loop",
            "site.resolver.json:10:15: error: '#/sets/bse' names no set; did you mean '#/sets/base'?",
            "site.resolver.json:12:15: error: '#/modifiers/them' names no modifier; did you mean '#/modifiers/theme'?",
            "site.resolver.json:13:30: error: 'theme' is named twice in 'resolutionOrder' (first on line 11); each set and modifier there needs its own name",
            "site.resolver.json:14:15: error: \"type\" of a set or modifier written in 'resolutionOrder' is \"set\" or \"modifier\", not \"layer\"",
            "site.resolver.json:15:5: error: a set or modifier written in 'resolutionOrder' needs \"type\"",
            "site.resolver.json:16:5: error: an item of 'resolutionOrder' is {\"$ref\": \"#/sets/NAME\"}, {\"$ref\": \"#/modifiers/NAME\"}, or a set or modifier written in place with \"type\" and \"name\"",
        ])
    }

    @Test func sourcesThatCannotBeRead() {
        let resolver = """
            {
              "version": "2025.10",
              "resolutionOrder": [
                { "type": "set", "name": "files", "sources": [
                  { "$ref": "missing.tokens.json" },
                  { "$ref": "../outside.tokens.json" },
                  { "$ref": "https://example.com/t.json" },
                  { "$ref": "core.tokens.json#/nowhere" },
                  { "$ref": "core.tokens.json", "color": {} },
                  [1]
                ] }
              ],
              "sets": {}
            }
            """
        // The document's own problems, then those found reading its sources.
        #expect(printed(resolver, files: ["core.tokens.json": colorFile([("ink", "#000000")])]) == [
            "site.resolver.json:6:17: error: '../outside.tokens.json' leads out of the site's folder; a source's path is relative to the resolver's folder",
            "site.resolver.json:7:17: error: 'https://example.com/t.json' is not read: token files are read from the site's folder, not over the network",
            "site.resolver.json:9:37: error: a source with \"$ref\" takes no other keys ('color'); put those tokens in an inline source after it",
            "site.resolver.json:10:7: error: a source is a token tree (an object of groups and tokens) or {\"$ref\": …}, not an array",
            "site.resolver.json:5:17: error: no token file 'missing.tokens.json'; a source's path is relative to the resolver's folder",
            "site.resolver.json:8:17: error: 'core.tokens.json#/nowhere' leads nowhere: there is no 'nowhere'",
        ])
    }

    @Test func eachSourceFilesProblemsAreReportedInThatFileAndInlineOnesInTheResolver() {
        let resolver = """
            {
              "version": "2025.10",
              "sets": { "all": { "sources": [{ "$ref": "a.tokens.json" }, { "size": { "$type": "dimension", "$value": "4px" } }] } },
              "resolutionOrder": [{ "$ref": "#/sets/all" }],
              "modifers": {}
            }
            """
        #expect(printed(resolver, files: ["a.tokens.json": "{ \"gap\": { \"$value\": \"{siz}\" } }"]) == [
            "site.resolver.json:5:3: error: unknown key \"modifers\" in a resolver document; did you mean 'modifiers'?",
            "site.resolver.json:3:107: error: '4px' is the pre-2025 string form of a dimension; use {\"value\": 4, \"unit\": \"px\"}",
            "a.tokens.json:1:22: error: '{siz}' names no token; did you mean '{size}'?",
        ])
    }
}
