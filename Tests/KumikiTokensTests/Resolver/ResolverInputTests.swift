import Testing
import KumikiTokens

/// Inputs choose a context for each modifier: defaults for those not
/// given, names matched without regard to case, and a misspelt modifier or
/// context told with the closest name.
@Suite struct ResolverInputTests {
    static let fixture = ResolverFixture(resolver: """
        {
          "version": "2025.10",
          "modifiers": {
            "theme": { "contexts": { "light": [], "dark": [] }, "default": "light" },
            "density": { "contexts": { "compact": [], "regular": [] } }
          },
          "resolutionOrder": [{ "$ref": "#/modifiers/density" }, { "$ref": "#/modifiers/theme" }]
        }
        """)

    @Test func everyModifierIsListedInOrderWithTheContextUsed() throws {
        let resolution = try #require(Self.fixture.resolution())
        let (inputs, problems, unchosen) = resolution.inputs(choosing: [("density", "regular")])
        #expect(problems == [])
        #expect(unchosen == [])
        #expect(inputs.choices.map { "\($0.modifier)=\($0.context)" } == ["density=regular", "theme=light"])
    }

    @Test func namesDifferingOnlyInCaseAreTheSame() throws {
        let resolution = try #require(Self.fixture.resolution())
        let (inputs, problems, _) = resolution.inputs(choosing: [("Theme", "DARK"), ("density", "compact")])
        #expect(problems == [])
        #expect(inputs["theme"] == "dark")
    }

    @Test func aMisspeltModifierOrContextIsToldWithTheClosest() throws {
        let resolution = try #require(Self.fixture.resolution())
        let (_, problems, _) = resolution.inputs(choosing: [("them", "dark"), ("theme", "drak"), ("density", "tiny"), ("size", "l")])
        #expect(problems.map(\.message) == [
            "the resolver has no modifier 'them'; did you mean 'theme'?",
            "modifier 'theme' has no context 'drak'; did you mean 'dark'?",
            "modifier 'density' has no context 'tiny'; its contexts are compact, regular",
            "the resolver has no modifier 'size'; its modifiers are density, theme",
        ])
    }

    @Test func aModifierWithNoDefaultAndNoInputIsAnErrorAtItsName() {
        let (_, printed, inputs) = Self.fixture.read()
        #expect(printed == [
            "site.resolver.json:5:5: error: modifier 'density' has no default, so an input must choose one of its contexts (compact, regular);"
                + " give it \"default\", or run 'kumiki tokens --input density=CONTEXT' (the first context is used meanwhile)",
        ])
        #expect(inputs["density"] == "compact")
    }

    @Test func aResolverWithoutModifiersTakesNoInputs() throws {
        let resolution = try #require(ResolverFixture(resolver: #"{"version": "2025.10", "resolutionOrder": []}"#).resolution())
        let (inputs, problems, _) = resolution.inputs(choosing: [("theme", "dark")])
        #expect(inputs.choices.isEmpty)
        #expect(problems.map(\.message) == ["the resolver has no modifiers, so there are no contexts to choose"])
    }
}
