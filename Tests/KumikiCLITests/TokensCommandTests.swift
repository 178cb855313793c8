import Foundation
import Testing
import KumikiTestSupport

/// A site's design tokens: `kumiki.yml` names DTCG 2025.10 token files,
/// `kumiki tokens` prints them resolved, and every problem in them is an
/// error at its line in `kumiki tokens`, `kumiki check` and `kumiki build`
/// alike.
@Suite struct TokensCommandTests {
    private static let body = "Hello.\n\nこんにちは。\n"
    private static let config = "tokens:\n  files: [Tokens/core.tokens.json]\n"
    private static let tokens = """
        {
          "color": {
            "$type": "color",
            "accent": {
              "$value": { "colorSpace": "srgb", "components": [0, 0.478, 1] },
              "$description": "The tint.",
              "$extensions": { "org.kumiki": { "description_ja": "色合い。" } }
            },
            "link": { "$value": "{color.accent}", "$deprecated": "use color.accent" }
          },
          "size": { "touch": { "$type": "dimension", "$value": { "value": 2.75, "unit": "rem" } } }
        }

        """

    private func project(config: String = Self.config, tokens: String = Self.tokens) throws -> FixtureProject {
        let project = try FixtureProject(["a.md": page(["title: A"], Self.body)], config: config)
        let folder = project.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(tokens.utf8).write(to: folder.appendingPathComponent("core.tokens.json"))
        return project
    }

    private func run(_ arguments: [String], in project: FixtureProject) throws -> KumikiProcess.Outcome {
        try KumikiProcess.run(arguments, in: project.root)
    }

    @Test func theTableListsEveryTokenResolvedInFileOrder() throws {
        let outcome = try run(["tokens"], in: try project())
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "")
        #expect(outcome.standardOutput == """
            color.accent  color      #007aff
            color.link    color      #007aff  ← {color.accent}  (deprecated: use color.accent)
            size.touch    dimension  2.75rem

            """)
    }

    @Test func aPointerIsShownAsItIsWritten() throws {
        let tokens = ##"{"n": {"$type": "number", "$value": 2}, "m": {"$value": {"$ref": "#/n/$value"}}, "k": {"$value": "{n}"}}"##
        let outcome = try run(["tokens"], in: try project(tokens: tokens + "\n"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == """
            n  number  2
            m  number  2  ← #/n/$value
            k  number  2  ← {n}

            """)
    }

    @Test func tokenFilesAreReadFromTheSitesFolderOnly() throws {
        // Out of the folder by `..`, by an absolute path, or by a link
        // inside it: each refused at its line, and nothing of it read.
        let outside = try FixtureProject([:])
        let secret = outside.root.appendingPathComponent("secret.tokens.json")
        try Data(#"{"secret": {"$type": "number", "$value": 42}}"#.utf8).write(to: secret)
        let relative = "../" + outside.root.lastPathComponent + "/secret.tokens.json"
        let files = "  files: [\(relative), \(secret.path), Tokens/linked.tokens.json, Tokens/core.tokens.json]"
        let project = try project(config: "tokens:\n\(files)\n")
        try FileManager.default.createSymbolicLink(at: project.root.appendingPathComponent("Tokens/linked.tokens.json"),
                                                   withDestinationURL: secret)
        func column(of path: String) -> Int { files.distance(from: files.startIndex, to: files.range(of: path)!.lowerBound) + 1 }
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "kumiki.yml:2:\(column(of: relative)): error: '\(relative)' is outside the site's folder; "
                + "a token file is named from the folder of kumiki.yml and read from it only",
            "kumiki.yml:2:\(column(of: secret.path)): error: '\(secret.path)' is outside the site's folder; "
                + "a token file is named from the folder of kumiki.yml and read from it only",
            "kumiki.yml:2:\(column(of: "Tokens/linked")): error: 'Tokens/linked.tokens.json' is reached through a symbolic link, "
                + "which Kumiki does not follow: a token file is read from the site's folder only",
        ])
        #expect(!outcome.standardOutput.contains("secret"))
    }

    @Test func theJSONIsOneObjectWithTheInputsAndEveryToken() throws {
        let outcome = try run(["tokens", "--format", "json"], in: try project())
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect((json["inputs"] as? [String: Any])?.isEmpty == true)
        let tokens = try #require(json["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["name"] as? String } == ["color.accent", "color.link", "size.touch"])
        let accent = tokens[0]
        #expect(accent["type"] as? String == "color")
        #expect(accent["alias"] is NSNull)
        #expect(accent["description"] as? String == "The tint.")
        #expect(accent["description_ja"] as? String == "色合い。")
        #expect(accent["deprecated"] as? Bool == false)
        #expect(accent["file"] as? String == "Tokens/core.tokens.json")
        #expect(accent["line"] as? Int == 4)
        let colour = try #require(accent["value"] as? [String: Any])
        #expect(colour["colorSpace"] as? String == "srgb")
        #expect(colour["components"] as? [Double] == [0, 0.478, 1])
        // Left out in the file: alpha 1, and the hex converted from the components.
        #expect(colour["alpha"] as? Double == 1)
        #expect(colour["hex"] as? String == "#007aff")
        let link = tokens[1]
        #expect(link["alias"] as? String == "color.accent")
        #expect(link["deprecated"] as? String == "use color.accent")
        #expect((link["value"] as? [String: Any])?["hex"] as? String == "#007aff")
        let size = try #require(tokens[2]["value"] as? [String: Any])
        #expect(size["value"] as? Double == 2.75)
        #expect(size["unit"] as? String == "rem")
    }

    /// The pre-2025 string form is an error with the 2025.10 form as the
    /// fix, and a file kumiki.yml names but that is not there is an error
    /// where it is named: the same lines from all three commands.
    @Test func problemsAreLocatedTheSameInTokensCheckAndBuild() throws {
        let broken = Self.tokens.replacingOccurrences(
            of: "\"$value\": { \"value\": 2.75, \"unit\": \"rem\" }", with: "\"$value\": \"44px\"")
        let project = try project(config: "tokens:\n  files: [Tokens/core.tokens.json, Tokens/brand.tokens.json]\n",
                                  tokens: broken)
        let expected = [
            "Tokens/core.tokens.json:11:56: error: '44px' is the pre-2025 string form of a dimension; "
                + "use {\"value\": 44, \"unit\": \"px\"}",
            "kumiki.yml:2:36: error: no token file 'Tokens/brand.tokens.json'; token files are named from the folder of kumiki.yml",
        ]
        try project.expectTokensCheckAndBuildFail(with: expected,
                                                  buildSummary: "kumiki: build failed with 2 errors; Site was left as it was")
    }

    @Test func aTokensBlockIsDrawnByBuildAndAMisspeltGroupIsLocatedInCheckAndBuild() throws {
        let project = try project()
        try project.write("a.md", page(["title: A"], Self.body + "\n```tokens\ngroup: color\nbackground: color.accent\n```\n"))
        let built = try project.build()
        #expect(built.status == 0, "\(built.standardError)")
        let html = String(decoding: try Data(contentsOf: project.site.appendingPathComponent("a/index.html")), as: UTF8.self)
        #expect(html.contains("<li class=\"tokens-row tokens-color\" id=\"token-color-accent\">"))
        #expect(html.contains("fill=\"#007aff\"/></svg>"))
        #expect(html.contains("<a href=\"#token-color-accent\"><code>color.accent</code></a>"))

        try project.write("a.md", page(["title: A"], Self.body + "\n```tokens\ngroup: colour\n```\n"))
        let expected = ["Content/a.md:10:8: error: no token group 'colour'; did you mean 'color'?"]
        let check = try run(["check", "--templates", Repository.templates.path], in: project)
        #expect(check.status == 1)
        #expect(check.errorLines == expected)
        let build = try project.build()
        #expect(build.status == 1)
        #expect(build.errorLines == expected + ["kumiki: build failed with 1 error; Site was left as it was"])
    }

    @Test func aMisspeltKeyGetsADidYouMean() throws {
        let project = try project(config: "tokens:\n  file: [Tokens/core.tokens.json]\n")
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["kumiki.yml:2:3: error: unknown key 'file' in 'tokens'; did you mean 'files'?"])
    }

    /// A rem is a size people set: 1.7e308 made a 10rem token "inf pt" on
    /// the page, and 1e-300 made it "0 pt".
    @Test(arguments: ["1.7e308", "1e-300", "0", "-16", "sixteen"])
    func aRemOutsideItsRangeIsAnErrorAtItsValue(rem: String) throws {
        let project = try project(config: "tokens:\n  files: [Tokens/core.tokens.json]\n  rem: \(rem)\n")
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["kumiki.yml:3:8: error: 'tokens.rem' is the number of points in one rem, from 0.1 to 1000, such as 16"])
    }

    @Test func aSiteWithoutTokensIsToldHowToNameThem() throws {
        let project = try FixtureProject(["a.md": page(["title: A"], Self.body)])
        let outcome = try run(["tokens"], in: project)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == ["kumiki: note: kumiki.yml names no token files; list them under 'tokens: files:'"])
    }
}
