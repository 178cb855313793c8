import Foundation
import Testing
import KumikiTestSupport

/// `tokens.modes` binds a resolver's modifiers to environment traits: each
/// environment solves a block with the tokens its traits choose, so one
/// block uses the compact margin on an iPhone and the regular one on an
/// iPad, under the same environment ids.
@Suite struct LayoutTokenModesCommandTests {
    static let resolver = """
        {
          "version": "2025.10",
          "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
          "modifiers": {
            "size": {
              "contexts": {
                "compact": [],
                "regular": [{ "spacing": { "side": { "$type": "dimension", "$value": { "value": 24, "unit": "px" } } } }]
              },
              "default": "compact"
            },
            "theme": { "contexts": { "light": [], "dark": [] }, "default": "light" }
          },
          "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/size" }, { "$ref": "#/modifiers/theme" }]
        }

        """
    static let block = """
        ```layout
        button save "Save" "保存"
        save.leading = safe.leading + {spacing.side}
        save.top = safe.top
        ```

        """

    private func project(modes: String) throws -> FixtureProject {
        let project = try FixtureProject(
            ["a.md": page(["title: A", "title_ja: エー"], Self.block)],
            config: "tokens:\n  resolver: Tokens/site.resolver.json\n  modes:\n" + modes)
        try project.write("../Tokens/site.resolver.json", Self.resolver)
        try project.write("../Tokens/core.tokens.json",
                          "{\"spacing\": {\"side\": {\"$type\": \"dimension\", \"$value\": {\"value\": 16, \"unit\": \"px\"}}}}\n")
        return project
    }

    /// Each environment's id and the x of `save` that `render --format json` printed.
    private func savePositions(_ project: FixtureProject) throws -> [String] {
        let outcome = try KumikiProcess.run(
            ["render", "Content/a.md", "--format", "json", "--env", "iphone-x/portrait", "--env", "ipad-pro-11/portrait"],
            in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let environments = try #require((object["blocks"] as? [[String: Any]])?.first?["environments"] as? [[String: Any]])
        return environments.map { environment in
            let frames = environment["frames"] as? [String: [String: Double]]
            return "\(environment["id"] as? String ?? "") \(frames?["save"]?["x"] ?? -1)"
        }
    }

    @Test func aModifierBoundToWidthGivesCompactAndRegularEnvironmentsTheirOwnValue() throws {
        #expect(try savePositions(try project(modes: "    size: width\n    theme: appearance\n"))
            == ["iphone-x/portrait 16.0", "ipad-pro-11/portrait 24.0"])
    }

    @Test func anUnboundModifierTakesItsDefaultEverywhere() throws {
        #expect(try savePositions(try project(modes: "    theme: appearance\n"))
            == ["iphone-x/portrait 16.0", "ipad-pro-11/portrait 16.0"])
    }

    @Test func aBindingTheResolverCannotFollowIsAnErrorAtItsLine() throws {
        let project = try project(modes: "    size: textSize\n    them: appearance\n    theme: colour\n")
        let outcome = try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.prefix(3) == [
            "kumiki.yml:4:5: error: modifier 'size' follows 'textSize', whose contexts are xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5; it has none of them",
            "kumiki.yml:5:5: error: the resolver has no modifier 'them'; its modifiers are size, theme; did you mean 'theme'?",
            "kumiki.yml:6:12: error: 'colour' is not a trait a modifier can follow; write one of width, height, textSize, appearance",
        ])
    }
}
