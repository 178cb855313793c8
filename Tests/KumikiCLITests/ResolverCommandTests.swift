import Foundation
import Testing
import KumikiTestSupport

/// A site whose tokens come from a resolver (`tokens: resolver:`):
/// `kumiki tokens --input NAME=CONTEXT` chooses contexts, the others take
/// their defaults, and both outputs say which were used; what is wrong with
/// an input or with the resolver is said clearly, and located when it is in
/// a file.
@Suite struct ResolverCommandTests {
    private static let body = "Hello.\n\nこんにちは。\n"
    private static let config = "tokens:\n  resolver: Tokens/site.resolver.json\n"
    static let resolver = """
        {
          "version": "2025.10",
          "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
          "modifiers": {
            "theme": {
              "contexts": { "light": [{ "$ref": "themes/light.tokens.json" }], "dark": [{ "$ref": "themes/dark.tokens.json" }] },
              "default": "light"
            },
            "density": { "contexts": { "regular": [], "compact": [{ "space": { "gap": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } } } }] }, "default": "regular" }
          },
          "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }, { "$ref": "#/modifiers/density" }]
        }

        """

    private static func color(_ name: String, _ components: String) -> String {
        "{\"color\": {\"$type\": \"color\", \"\(name)\": {\"$value\": {\"colorSpace\": \"srgb\", \"components\": [\(components)]}}}}\n"
    }

    private func project(config: String = Self.config, resolver: String = Self.resolver,
                         dark: String = Self.color("label", "1, 1, 1")) throws -> FixtureProject {
        let project = try FixtureProject(["a.md": page(["title: A"], Self.body)], config: config)
        let folder = project.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
        let files = [
            "site.resolver.json": resolver,
            "core.tokens.json": "{\"space\": {\"gap\": {\"$type\": \"dimension\", \"$value\": {\"value\": 8, \"unit\": \"px\"}}}}\n",
            "themes/light.tokens.json": Self.color("label", "0, 0, 0"),
            "themes/dark.tokens.json": dark,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return project
    }

    private func run(_ arguments: [String], in project: FixtureProject) throws -> KumikiProcess.Outcome {
        try KumikiProcess.run(arguments, in: project.root)
    }

    @Test func theTableSaysTheInputsAndWhichAreDefaults() throws {
        let project = try project()
        let defaults = try run(["tokens"], in: project)
        #expect(defaults.status == 0, "\(defaults.standardError)")
        #expect(defaults.standardError == "")
        #expect(defaults.standardOutput == """
            inputs: theme=light (default), density=regular (default)
            space.gap    dimension  8px
            color.label  color      #000000

            """)
        let chosen = try run(["tokens", "--input", "theme=dark", "--input", "density=compact"], in: project)
        #expect(chosen.status == 0, "\(chosen.standardError)")
        #expect(chosen.standardOutput == """
            inputs: theme=dark, density=compact
            color.label  color      #ffffff
            space.gap    dimension  4px

            """)
    }

    @Test func theJSONListsEveryModifierWithTheContextUsed() throws {
        let outcome = try run(["tokens", "--format", "json", "--input", "theme=dark"], in: try project())
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(json["inputs"] as? [String: String] == ["theme": "dark", "density": "regular"])
        let tokens = try #require(json["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["name"] as? String } == ["space.gap", "color.label"])
        #expect(tokens[1]["file"] as? String == "Tokens/themes/dark.tokens.json")
        #expect((tokens[1]["value"] as? [String: Any])?["hex"] as? String == "#ffffff")
    }

    @Test func anUnknownModifierOrContextIsAnErrorWithTheClosestName() throws {
        let project = try project()
        let modifier = try run(["tokens", "--input", "them=dark"], in: project)
        #expect(modifier.status == 1)
        #expect(modifier.standardOutput == "")
        #expect(modifier.errorLines == ["kumiki: error: --input them=dark: the resolver has no modifier 'them'; did you mean 'theme'?"])
        let context = try run(["tokens", "--input", "theme=drak"], in: project)
        #expect(context.status == 1)
        #expect(context.errorLines == ["kumiki: error: --input theme=drak: modifier 'theme' has no context 'drak'; did you mean 'dark'?"])
    }

    /// A default written wrong (not a context, or under a misspelt key) is
    /// reported where it is written, and only there: the modifier is not
    /// also said to have no default.
    @Test func aDefaultWrittenWrongIsReportedOnceWhereItIsWritten() throws {
        let resolver = Self.resolver.replacingOccurrences(of: "\"default\": \"light\"", with: "\"default\": \"lihgt\"")
            .replacingOccurrences(of: "\"default\": \"regular\"", with: "\"defualt\": \"regular\"")
        let project = try project(resolver: resolver)
        let outcome = try run(["check"], in: project)
        #expect(outcome.status == 1)
        let errors = outcome.errorLines.filter { $0.contains("error:") }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.hasSuffix("error: the default 'lihgt' is not a context of modifier 'theme'; did you mean 'light'?") })
        #expect(errors.contains { $0.hasSuffix("error: unknown key \"defualt\" in modifier 'density'; did you mean 'default'?") })
        #expect(!errors.contains { $0.contains("has no default") })
    }

    @Test func aMalformedInputIsRefusedBeforeAnythingIsRead() throws {
        let project = try project()
        let outcome = try run(["tokens", "--input", "theme"], in: project)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("Error: --input 'theme' is not NAME=CONTEXT; write, say, --input theme=dark"))
        let twice = try run(["tokens", "--input", "theme=dark", "--input", "Theme=light"], in: project)
        #expect(twice.status == 64)
        #expect(twice.standardError.contains("Error: --input chooses a context for 'Theme' twice; give each modifier once"))
    }

    @Test func anInputWithoutAResolverSaysSo() throws {
        let project = try project(config: "tokens:\n  files: [Tokens/core.tokens.json]\n")
        let outcome = try run(["tokens", "--input", "theme=dark"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "kumiki: error: --input chooses contexts of a resolver's modifiers, and kumiki.yml names no resolver; name one under 'tokens: resolver:'",
        ])
    }

    @Test func filesAndAResolverTogetherIsAnErrorAtTheSecond() throws {
        let project = try project(config: "tokens:\n  resolver: Tokens/site.resolver.json\n  files: [Tokens/core.tokens.json]\n  modes: {}\n")
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "kumiki.yml:3:3: error: 'tokens' takes 'files' or 'resolver', not both: a resolver names its own token files; remove 'resolver' or 'files'",
        ])
        let modes = try run(["tokens"], in: try self.project(config: "tokens:\n  files: [Tokens/core.tokens.json]\n  modes: {}\n"))
        #expect(modes.errorLines == [
            "kumiki.yml:3:3: error: 'tokens.modes' binds modifiers of a resolver, and with 'tokens.files' there are none; name a resolver under 'tokens.resolver'",
        ])
    }

    /// A problem in the resolver, and one in a file that only a context
    /// other than the default names: every context is checked, so the same
    /// lines come from tokens, check and build.
    @Test func problemsAreLocatedTheSameInTokensCheckAndBuild() throws {
        let broken = Self.resolver.replacingOccurrences(of: "\"default\": \"regular\"", with: "\"default\": \"regulr\"")
        let project = try project(resolver: broken, dark: "{\"color\": {\"label\": {\"$type\": \"color\", \"$value\": \"#fff\"}}}\n")
        let expected = [
            "Tokens/site.resolver.json:9:163: error: the default 'regulr' is not a context of modifier 'density'; did you mean 'regular'?",
            "Tokens/themes/dark.tokens.json:1:50: error: '#fff' is the pre-2025 string form of a color; "
                + "use {\"colorSpace\": \"srgb\", \"components\": [1, 1, 1], \"hex\": \"#ffffff\"}",
        ]
        try project.expectTokensCheckAndBuildFail(with: expected,
                                                  buildSummary: "kumiki: build failed with 2 errors; Site was left as it was")
    }

    /// An alias that resolves with the default contexts but not in another
    /// (the token is defined only in the default's file): the error says in
    /// which context it holds, since `kumiki tokens` shows it resolved.
    @Test func aProblemOfOneContextOnlyNamesThatContext() throws {
        let resolver = Self.resolver.replacingOccurrences(of: #""dark": [{ "$ref": "themes/dark.tokens.json" }]"#, with: #""dark": []"#)
        let project = try project(resolver: resolver)
        try Data(#"{"color": {"$type": "color", "text": {"$value": "{color.label}"}}}"#.utf8)
            .write(to: project.root.appendingPathComponent("Tokens/core.tokens.json"))
        let tokens = try run(["tokens"], in: project)
        #expect(tokens.standardOutput.contains("color.text   color  #000000  ← {color.label}"), "\(tokens.standardOutput)")
        #expect(tokens.errorLines == ["Tokens/core.tokens.json:1:49: error: '{color.label}' names no token (with theme=dark)"])
    }

    @Test func aResolverIsReadFromTheSitesFolderOnly() throws {
        let outside = try FixtureProject([:])
        let project = try project(config: "tokens:\n  resolver: \(outside.root.path)/site.resolver.json\n")
        #expect(try run(["tokens"], in: project).errorLines == [
            "kumiki.yml:2:13: error: '\(outside.root.path)/site.resolver.json' is outside the site's folder; "
                + "a resolver is named from the folder of kumiki.yml and read from it only",
        ])
    }

    @Test func aSourceThatIsTheResolverItselfOrALinkIsRefusedWhereItIsNamed() throws {
        let outside = try FixtureProject([:])
        try Data(Self.color("secret", "1, 0, 0").utf8).write(to: outside.root.appendingPathComponent("secret.tokens.json"))
        let resolver = """
            {
              "version": "2025.10",
              "sets": {
                "core": { "sources": [{ "$ref": "core.tokens.json" }, { "$ref": "linked.tokens.json" }] },
                "again": { "sources": [{ "$ref": "site.resolver.json#/sets/core" }] }
              },
              "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/sets/again" }]
            }

            """
        let project = try project(resolver: resolver)
        try FileManager.default.createSymbolicLink(at: project.root.appendingPathComponent("Tokens/linked.tokens.json"),
                                                   withDestinationURL: outside.root.appendingPathComponent("secret.tokens.json"))
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "Tokens/site.resolver.json:4:69: error: 'linked.tokens.json' is reached through a symbolic link, which Kumiki does not follow: "
                + "token files are read from the site's folder only",
            "Tokens/site.resolver.json:5:38: error: 'site.resolver.json#/sets/core' is this resolver itself; "
                + "a source is a token file, or a set of this document written '#/sets/NAME'",
        ])
        #expect(!outcome.standardOutput.contains("secret"))
    }

    @Test func aMissingResolverIsAnErrorWhereItIsNamed() throws {
        let project = try project(config: "tokens:\n  resolver: Tokens/other.resolver.json\n")
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "kumiki.yml:2:13: error: no resolver 'Tokens/other.resolver.json'; a resolver is named from the folder of kumiki.yml",
        ])
    }
}
