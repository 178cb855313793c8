import Foundation
import Testing
import KumikiTestSupport

/// A view's colours and type come from the design system: `NAME.fill`,
/// `NAME.textColor` (labels and controls) and `NAME.font` each name one
/// token. A font sizes the text, the diagram paints the colours, and a
/// text colour too close to what lies beneath it is a `low-contrast`
/// finding in light or in dark appearance.
@Suite struct LayoutStyleCommandTests {
    static let config = "tokens:\n  files: [Tokens/core.tokens.json]\n"

    /// A grey whose WCAG contrast against white is at least `ratio` and as
    /// close to it as a `Double` allows, as sRGB components.
    static func grey(contrastAgainstWhite ratio: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func contrast(_ c: Double) -> Double { 1.05 / (linear(c) + 0.05) }
        var c = 1.055 * pow(1.05 / ratio - 0.05, 1 / 2.4) - 0.055
        while contrast(c) < ratio { c = c.nextDown }
        return c
    }

    static func tokens(grey ratio: Double = 4.5) -> String {
        let c = grey(contrastAgainstWhite: ratio)
        return """
            {
              "spacing": { "$type": "dimension", "m": { "$value": { "value": 16, "unit": "px" } } },
              "color": {
                "$type": "color",
                "accent": { "$value": { "colorSpace": "srgb", "components": [0.04, 0.4, 0.8] } },
                "white": { "$value": { "colorSpace": "srgb", "components": [1, 1, 1] } },
                "grey": { "$value": { "colorSpace": "srgb", "components": [\(c), \(c), \(c)] } },
                "veil": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5 } }
              },
              "typography": {
                "$type": "typography",
                "body": { "$value": { "fontFamily": "system-ui", "fontSize": { "value": 20, "unit": "px" },
                                      "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 } },
                "button": { "$value": { "fontFamily": "system-ui", "fontSize": { "value": 17, "unit": "px" },
                                        "fontWeight": 600, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.25 },
                            "$extensions": { "org.kumiki": { "textStyle": "headline" } } },
                "odd": { "$value": { "fontFamily": "system-ui", "fontSize": { "value": 17, "unit": "px" },
                                     "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.25 },
                         "$extensions": { "org.kumiki": { "textStyle": "headlin" } } }
              }
            }

            """
    }

    private func project(_ block: String, kind: String = "layout", grey ratio: Double = 4.5, config: String = config) throws -> FixtureProject {
        let project = try FixtureProject(["a.md": page(["title: A", "title_ja: エー"], "```\(kind)\n\(block)```\n")], config: config)
        try project.write("../Tokens/core.tokens.json", Self.tokens(grey: ratio))
        return project
    }

    private func render(_ project: FixtureProject, env: String = "iphone-x/portrait") throws -> [String: Any] {
        let outcome = try KumikiProcess.run(["render", "Content/a.md", "--format", "json", "--env", env], in: project.root)
        #expect(outcome.standardError == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        return try #require((blocks.first?["environments"] as? [[String: Any]])?.first)
    }

    private func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    private func frame(_ environment: [String: Any], _ view: String) -> [Double] {
        let frame = (environment["frames"] as? [String: [String: Double]])?[view] ?? [:]
        return ["x", "y", "width", "height"].map { frame[$0] ?? -1 }
    }

    private func findings(_ environment: [String: Any]) -> [String] {
        ((environment["findings"] as? [[String: Any]]) ?? []).map { finding in
            [finding["kind"] as? String, finding["appearance"] as? String, finding["message"] as? String]
                .compactMap { $0 }.joined(separator: " | ")
        }
    }

    // MARK: Type

    @Test func aLabelsLineIsFontSizeTimesLineHeightTallAndABoldTitleIsWider() throws {
        let block = """
            label note "Hello world"
            button save "Save"
            button plain "Save"
            note.font = {typography.body}
            save.font = {typography.button}
            note.top = safe.top + 20
            note.leading = margins.leading
            save.top = note.bottom + 20
            save.leading = margins.leading
            plain.top = save.bottom + 20
            plain.leading = margins.leading

            """
        let environment = try render(try project(block))
        // 20 pt × 1.5; "Hello world" is 4.945 em in the regular widths.
        #expect(frame(environment, "note") == [16, 64, 98.9, 30])
        // 17 pt semibold (600) takes the bold widths: "Save" is 2.335 em
        // there and 2.279 em in the regular ones; a line is 17 × 1.25 pt,
        // and a button adds 24 pt across and 14 pt down. (JSON lengths
        // have two decimals.)
        let bold: [Double] = [hundredths(2.335 * 17 + 24), hundredths(17 * 1.25 + 14)]
        let regular: [Double] = [hundredths(2.279 * 17 + 24), hundredths(17 * 1.193 + 14)]
        #expect(Array(frame(environment, "save")[2...]) == bold)
        #expect(Array(frame(environment, "plain")[2...]) == regular)
        // At AX1 the headline style is 28 pt where it is 17 at Large.
        let large = try render(try project(block), env: "iphone-x/portrait/ax1")
        let height: Double = 28 * 1.25 + 14
        #expect(frame(large, "save")[3] == height)
    }

    // MARK: Colours

    @Test func theDiagramPaintsTheTokensColours() throws {
        let project = try project("""
            button save "Save" "保存"
            save.fill = {color.accent}
            save.textColor = {color.white}
            save.center = safe.center
            save.size = 60

            """)
        #expect(try project.build().status == 0)
        let html = String(decoding: project.siteSnapshot()["a/index.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains("<g style=\"--k-fill:#0a66cc;--k-text:#ffffff\"><rect class=\"k-button k-tf\""))
        #expect(html.contains("<text class=\"k-tc k-on k-tt\""))
        let css = String(decoding: project.siteSnapshot()["assets/kumiki.css"] ?? Data(), as: UTF8.self)
        #expect(css.contains("fill: var(--k-fill-dark, var(--k-fill));"))
    }

    @Test func aColourThatDiffersInDarkAppearanceIsCarriedForBothAndCheckedInEach() throws {
        // The theme modifier follows the appearance: the accent is darker
        // in light appearance and lighter in dark, and the text is white in both.
        let resolver = """
            {
              "version": "2025.10",
              "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
              "modifiers": {
                "theme": {
                  "contexts": {
                    "light": [],
                    "dark": [{ "color": { "accent": { "$type": "color",
                               "$value": { "colorSpace": "srgb", "components": [0.4, 0.7, 1] } } } }]
                  },
                  "default": "light"
                }
              },
              "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/theme" }]
            }

            """
        let project = try project("""
            button save "Save" "保存"
            save.fill = {color.accent}
            save.textColor = {color.white}
            save.center = safe.center
            save.size = 60

            """, config: "tokens:\n  resolver: Tokens/site.resolver.json\n  modes:\n    theme: appearance\n")
        try project.write("../Tokens/site.resolver.json", resolver)
        #expect(try project.build().status == 0)
        let html = String(decoding: project.siteSnapshot()["a/index.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains("<g style=\"--k-fill:#0a66cc;--k-fill-dark:#66b3ff;--k-text:#ffffff\"><rect class=\"k-button k-tf\""))
        // White on #66b3ff is 2.3:1: a finding in dark appearance only.
        let environment = try render(project)
        #expect(findings(environment).map { $0.prefix(21) } == ["low-contrast | dark |"])
    }

    // MARK: Contrast

    private static let greyOnWhite = """
        label note "Note" "注"
        note.fill = {color.white}
        note.textColor = {color.grey}
        note.top = safe.top + 20
        note.leading = margins.leading

        """

    @Test func underFourAndAHalfToOneIsLowContrastInBothAppearances() throws {
        let low = try render(try project(Self.greyOnWhite, grey: 4.49))
        #expect(findings(low) == [
            "low-contrast | light | 'note' (\"Note\")'s text has a contrast of 4.49:1 in light appearance, under the 4.5:1 text of its size needs",
            "low-contrast | dark | 'note' (\"Note\")'s text has a contrast of 4.49:1 in dark appearance, under the 4.5:1 text of its size needs",
        ])
        #expect(findings(try render(try project(Self.greyOnWhite, grey: 4.5))) == [])
    }

    @Test func aLayoutDoBlockWithLowContrastIsReportedByCheckAndFailsAStrictBuild() throws {
        let project = try project(Self.greyOnWhite, kind: "layout do", grey: 3)
        let check = try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root)
        #expect(check.errorLines.first == "Content/a.md:7:1: warning: a 'layout do' block should pass every guideline check, "
            + "but it has findings (low-contrast) in all 63 environments")
        #expect(try project.build(["--strict"]).status == 1)
    }

    @Test func textWithoutAFillIsMeasuredOverTheViewBeneathCompositedOverTheBackground() throws {
        // White text on a card veiled with black at 50% over a white screen
        // background: mid grey #808080 beneath, 3.95:1.
        let block = """
            card panel "Panel"
            label note "Note" "注"
            panel.fill = {color.veil}
            note.textColor = {color.white}
            panel.edges = safe.edges
            note.center = panel.center

            """
        let config = Self.config + "  background: color.white\n"
        #expect(findings(try render(try project(block, config: config))).map { $0.prefix(22) } == [
            "low-contrast | light |", "low-contrast | dark | ",
        ])
        // Without the background token the screen is black in dark
        // appearance, where the white text is fine.
        #expect(findings(try render(try project(block))).map { $0.prefix(22) } == ["low-contrast | light |"])
    }

    // MARK: Errors

    @Test func propertyLinesTakeOneTokenOfTheirType() throws {
        let project = try project("""
            button save "Save" "保存"
            card panel "Panel"
            save.fill = {spacing.m}
            save.textColor = {color.acent}
            save.font = {color.accent}
            save.fill = 12
            panel.textColor = {color.white}
            panel.fill = {color.white}
            panel.fill = {color.accent}

            """)
        let outcome = try KumikiProcess.run(["render", "Content/a.md", "--format", "json"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "Content/a.md:9:13: error: token 'spacing.m' is a dimension; a color stands here",
            "Content/a.md:10:18: error: unknown token 'color.acent'; did you mean 'color.accent'?",
            "Content/a.md:11:13: error: token 'color.accent' is a color; a typography stands here",
            "Content/a.md:12:13: error: 'save.fill' takes a color token in braces, as in 'save.fill = {color.accent}'; found '12'",
            "Content/a.md:13:1: error: 'textColor' applies to labels and controls; 'panel' is a card",
            "Content/a.md:15:7: error: the fill of 'panel' is already set on line 14",
        ])
    }

    @Test func aTextStyleOutsideTheDynamicTypeTableIsAWarning() throws {
        let project = try project("""
            label note "Note" "注"
            note.font = {typography.odd}
            note.top = safe.top + 20
            note.leading = margins.leading

            """)
        let outcome = try KumikiProcess.run(["render", "Content/a.md", "--format", "json", "--env", "iphone-x/portrait"], in: project.root)
        #expect(outcome.status == 0)
        #expect(outcome.errorLines == [
            "Content/a.md:8:1: warning: token 'typography.odd' follows text style 'headlin', which is not a Dynamic Type style, "
                + "so it scales as body; did you mean 'headline'?",
        ])
    }

    @Test func theBackgroundKeyNamesAColourToken() throws {
        let project = try project(Self.greyOnWhite, config: Self.config + "  background: color.whit\n")
        let check = try KumikiProcess.run(["check", "--templates", Repository.templates.path], in: project.root)
        #expect(check.status == 1)
        #expect(check.errorLines.first == "kumiki.yml:3:15: error: 'tokens.background' names no token 'color.whit'; did you mean 'color.white'?")
    }
}
