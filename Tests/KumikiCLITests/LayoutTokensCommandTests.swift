import Foundation
import Testing
import KumikiTestSupport

/// Layout blocks name the site's design tokens wherever a number stands:
/// `{spacing.m}` is the token's value, a dimension in points (a `rem` at
/// `tokens.rem` points), a number as itself. The block solves exactly as
/// the block with the values written out, and a wrong name, a wrong type or
/// a deprecated token is reported at its line and column.
@Suite struct LayoutTokensCommandTests {
    static let config = "tokens:\n  files: [Tokens/core.tokens.json]\n  rem: 16\n"
    static let tokens = """
        {
          "spacing": {
            "$type": "dimension",
            "m": { "$value": { "value": 16, "unit": "px" } },
            "s": { "$value": { "value": 8, "unit": "px" } },
            "old": { "$value": { "value": 12, "unit": "px" }, "$deprecated": "use spacing.m" }
          },
          "size": {
            "$type": "dimension",
            "control": { "large": { "$value": { "value": 3.125, "unit": "rem" } } }
          },
          "ratio": { "$type": "number", "wide": { "$value": 1.5 }, "half": { "$value": 0.5 }, "two": { "$value": 2 } },
          "color": { "$type": "color", "accent": { "$value": { "colorSpace": "srgb", "components": [0, 0.478, 1] } } }
        }

        """

    private func project(_ blocks: [String]) throws -> FixtureProject {
        let body = blocks.map { "```layout\n\($0)```\n" }.joined(separator: "\n")
        let project = try FixtureProject(["a.md": page(["title: A", "title_ja: エー"], body)], config: Self.config)
        try project.write("../Tokens/core.tokens.json", Self.tokens)
        return project
    }

    private func render(_ project: FixtureProject, block: Int) throws -> KumikiProcess.Outcome {
        try KumikiProcess.run(["render", "Content/a.md", "--block", "\(block)", "--format", "json", "--env", "iphone-x/portrait"],
                              in: project.root)
    }

    /// The frames `render --format json` printed, without the block's place.
    private func frames(_ outcome: KumikiProcess.Outcome) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        let environments = try #require(blocks.first?["environments"])
        return String(decoding: try JSONSerialization.data(withJSONObject: environments, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func aTokenStandsWhereverANumberStandsAndSolvesAsTheValueWrittenOut() throws {
        let withTokens = """
            button save "Save" "保存"
            label note "Note" "注"
            image hero "Hero" "ヒーロー"
            stack bar H [a, b] spacing {spacing.s}
            button a "A" "A"
            button b "B" "B"
            save.leading = margins.leading + {spacing.m}
            save.trailing = margins.trailing - {spacing.m}
            save.bottom = safe.bottom - {spacing.m}
            save.height = {size.control.large}
            hero.width = {ratio.half} * safe.width
            hero.aspect = {ratio.wide}
            hero.top = safe.top inset {spacing.s}
            hero.centerX = safe.centerX
            note.lines = {ratio.two}
            note.width = hero.width * {ratio.half}
            H:|-({spacing.m})-[note]
            V:[hero]-{spacing.s}-[note(>={spacing.m})]
            bar.top = note.bottom + {spacing.s}
            bar.leading = margins.leading

            """
        let literal = withTokens
            .replacingOccurrences(of: "{spacing.s}", with: "8").replacingOccurrences(of: "{spacing.m}", with: "16")
            .replacingOccurrences(of: "{size.control.large}", with: "50").replacingOccurrences(of: "{ratio.half}", with: "0.5")
            .replacingOccurrences(of: "{ratio.wide}", with: "1.5").replacingOccurrences(of: "{ratio.two}", with: "2")
        let project = try project([withTokens, literal])
        let tokened = try render(project, block: 1)
        #expect(tokened.status == 0, "\(tokened.standardError)")
        #expect(tokened.standardError == "")
        let written = try render(project, block: 2)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(try frames(tokened) == frames(written))
    }

    @Test func aWrongNameAWrongTypeAndAPriorityAreErrorsAtTheirColumn() throws {
        let project = try project(["""
            button save "Save" "保存"
            save.top = safe.top + {spacing.mm}
            save.height = {color.accent}
            save.width = {spacing.m} * safe.width
            save.leading = margins.leading @{ratio.two}
            save.bottom <= safe.bottom - {spacing.old}
            save.trailing = margins.trailing - {spacing.m
            save.centerX = safe.centerX + {spacing..m}

            """])
        let outcome = try render(project, block: 1)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "Content/a.md:8:23: error: unknown token 'spacing.mm'; did you mean 'spacing.m'?",
            "Content/a.md:9:15: error: token 'color.accent' is a color; a dimension stands here",
            "Content/a.md:10:14: error: token 'spacing.m' is a dimension; a number stands here",
            "Content/a.md:11:33: error: a priority is a number from 1 to 1000 or a priority's name, not a token ('{ratio.two}')",
            "Content/a.md:12:30: warning: token 'spacing.old' is deprecated: use spacing.m",
            "Content/a.md:13:36: error: unterminated token reference; close it with '}' on the same line",
            "Content/a.md:14:31: error: '{spacing..m}' is not a token reference; write a token's dotted path in braces, as in '{spacing.m}'",
        ])
    }

    @Test func aTokenLeftOutForAnErrorIsNotCalledUnknown() throws {
        let project = try FixtureProject(["a.md": page(["title: A", "title_ja: エー"], """
            ```layout
            button save "Save" "保存"
            save.top = safe.top + {space.gap}
            save.leading = margins.leading + {space.wide}
            ```

            """)], config: Self.config)
        try project.write("../Tokens/core.tokens.json", """
            {
              "space": {
                "$type": "dimension",
                "base": { "$value": "16px" },
                "gap": { "$value": "{space.base}" }
              }
            }

            """)
        let outcome = try KumikiProcess.run(["render", "Content/a.md", "--format", "json"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.contains(
            "Content/a.md:8:23: error: token 'space.gap' has no value: the token files report an error in it or in a token it aliases"))
        #expect(outcome.errorLines.contains("Content/a.md:9:34: error: unknown token 'space.wide'"))
    }

    @Test func aWhenBlockKeepsItsBraceAndABlockWithoutTokensNamesNone() throws {
        let project = try FixtureProject(["a.md": page(["title: A", "title_ja: エー"], """
            ```layout
            button save "Save" "保存"
            save.top = safe.top + {spacing.m}
            when width is regular {
            save.leading = margins.leading
            }
            ```

            """)])
        let outcome = try KumikiProcess.run(["render", "Content/a.md", "--format", "json"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["Content/a.md:8:23: error: unknown token 'spacing.m'"])
    }

    @Test func thePageShowsTheAliasAndItsValueOnHoverAndFocus() throws {
        let project = try project(["""
            button save "Save" "保存"
            save.top = safe.top + {spacing.m} // <top>
            save.height = {size.control.large}

            """])
        let built = try project.build()
        #expect(built.status == 0, "\(built.standardError)")
        let html = project.siteSnapshot().filter { $0.key.hasSuffix(".html") }.values.map { String(decoding: $0, as: UTF8.self) }
        let page = try #require(html.first { $0.contains("layout-source") })
        #expect(page.contains("""
            save.top = safe.top + <span class="token-ref" tabindex="0" title="spacing.m = 16px" data-value="spacing.m = 16px">{spacing.m}</span> // &lt;top&gt;
            save.height = <span class="token-ref" tabindex="0" title="size.control.large = 3.125rem (50 pt)" data-value="size.control.large = 3.125rem (50 pt)">{size.control.large}</span>
            """))
    }

    /// A block is kept under the values of the tokens it names: editing
    /// `spacing.m` computes again the one block that names it and its
    /// page, and leaves the block naming `spacing.s`, the block naming
    /// nothing and their pages in the store.
    @Test func editingATokenSolvesAgainOnlyTheBlocksThatNameIt() throws {
        let block = { (constant: String) in
            "```layout\nbutton save \"Save\" \"保存\"\nsave.top = safe.top + \(constant)\nsave.leading = margins.leading\n```\n"
        }
        let project = try FixtureProject([
            "a.md": page(["title: A", "title_ja: エー"], block("{spacing.m}") + "\n" + block("{spacing.s}")),
            "b.md": page(["title: B", "title_ja: ビー"], block("{spacing.s}")),
            "c.md": page(["title: C", "title_ja: シー"], block("12")),
        ], config: Self.config)
        try project.write("../Tokens/core.tokens.json", Self.tokens)
        let first = try project.build(["--explain"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("blocks: 0 from the store, 4 computed\n"))
        try project.write("../Tokens/core.tokens.json", Self.tokens.replacingOccurrences(of: "\"value\": 16", with: "\"value\": 20"))
        let second = try project.build(["--explain"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("pages: 2 from the store, 1 computed\n  Content/a.md: a design token it shows changed\n"))
        #expect(second.standardOutput.contains("blocks: 1 from the store, 1 computed\n"))
        let page = try String(contentsOf: project.site.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(page.contains("title=\"spacing.m = 20px\""))
    }

    /// `kumiki tokens --format json` gives each token's `usedBy`: the page
    /// and the opening fence's line of every layout block naming it, read
    /// afresh after the page changes.
    @Test func usedByListsTheBlocksNamingEachTokenAfterAnEdit() throws {
        let project = try project(["save.top = safe.top + {spacing.m}\nbutton save \"Save\" \"保存\"\n"])
        let usedBy = { () throws -> [String: [String]] in
            let outcome = try KumikiProcess.run(["tokens", "--format", "json"], in: project.root)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
            let tokens = try #require(object["tokens"] as? [[String: Any]])
            var found: [String: [String]] = [:]
            for token in tokens {
                let uses = token["usedBy"] as? [[String: Any]] ?? []
                if !uses.isEmpty {
                    found[token["name"] as? String ?? ""] = uses.map { "\($0["path"] as? String ?? ""):\($0["line"] as? Int ?? 0)" }
                }
            }
            return found
        }
        #expect(try usedBy() == ["spacing.m": ["Content/a.md:6"]])
        try project.write("a.md", page(["title: A", "title_ja: エー"], """
            Intro.

            ```layout
            button save "Save" "保存"
            save.top = safe.top + {spacing.s}
            ```

            ```layout
            button go "Go" "進む"
            go.top = safe.top + {spacing.m} + {spacing.s}
            ```

            """))
        #expect(try usedBy() == ["spacing.m": ["Content/a.md:13"], "spacing.s": ["Content/a.md:8", "Content/a.md:13"]])
        // A page with CRLF line ends names its tokens as well.
        try project.write("b.md", page(["title: B", "title_ja: ビー"], "```layout\nbutton go \"Go\" \"進む\"\ngo.top = safe.top + {spacing.old}\n```\n")
            .replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(try usedBy()["spacing.old"] == ["Content/b.md:6"])
    }
}
