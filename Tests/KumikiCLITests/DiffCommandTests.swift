import Foundation
import Testing
import KumikiTestSupport

/// `kumiki diff` on a repository made in the test, one commit (tagged) per
/// kind of change, each pinned in JSON through the real command line.
@Suite(.serialized) struct DiffCommandTests {
    static let config = """
        title: Diff fixture
        tokens:
          files: [Tokens/core.tokens.json]

        """

    static func tokens(gap: Int) -> String {
        #"{"space": {"gap": {"$type": "dimension", "$value": {"value": \#(gap), "unit": "px"}}}}"# + "\n"
    }

    static func buttons(english: String = "Buttons sit at the bottom.", japanese: String = "ボタンは下に置きます。",
                        inserted: Bool = false, moved: Bool = false, compact: Bool = false, height: Int = 50) -> String {
        let first = "\(english)\n\n\(japanese)\n\n"
        let large = "Keep them large.\n\n大きくします。\n\n"
        let extra = inserted ? "Group related buttons.\n\nまとめて置きます。\n\n" : ""
        let variant = compact ? "when width is compact {\n  save.width = 160\n}\n" : ""
        return """
            ---
            title: Buttons
            title_ja: ボタン
            ---

            ## Placement(配置)

            \(extra)\(moved ? "" : large)\(first)One label per button.

            ボタンにはラベルを一つ。

            ## Size(大きさ)

            \(moved ? large : "")Size them to their label.

            ラベルに合わせます。

            ```layout
            title: Save bar | 保存バー
            devices: iphone-16-pro, iphone-16-pro-max, ipad-10
            button save "Save(保存)"
            save.trailing = safe.trailing - 16
            save.bottom = safe.bottom - 16
            save.height = \(height)
            save.width = 200
            \(variant)```

            """
    }

    static let colors = "---\ntitle: Colors\ntitle_ja: 色\n---\n\nColors matter.\n\n色は大事です。\n"
    static let spacing = "---\ntitle: Spacing\ntitle_ja: 余白\n---\n\nLeave room.\n\n余白を取ります。\n"
    /// A page that shows the `space` tokens in a table (added by the commit `table`).
    static let gaps = "---\ntitle: Gaps\ntitle_ja: 隙間\n---\n\nGaps between things.\n\n物の間の隙間。\n\n```tokens\ngroup: space\n```\n"
    static let old = "---\ntitle: Old\ntitle_ja: 古い\n---\n\nThis page goes.\n\nこのページは消えます。\n"

    /// The fixture: a commit per change, tagged with its name.
    static func makeRepository() throws -> GitFixture {
        let fixture = try GitFixture(["buttons.md": buttons(), "colors.md": colors, "spacing.md": spacing, "old.md": old],
                                     config: config)
        try FileManager.default.createDirectory(at: fixture.site.root.appendingPathComponent("Tokens"), withIntermediateDirectories: true)
        try Data(tokens(gap: 16).utf8).write(to: fixture.site.root.appendingPathComponent("Tokens/core.tokens.json"))
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.git("tag", "start")
        var day = 2
        func change(_ tag: String, _ edit: () throws -> Void) throws {
            try edit()
            try fixture.git("add", "-A")
            try fixture.git("commit", "-q", "-m", tag, day: day)
            try fixture.git("tag", tag)
            day += 1
        }
        try change("english") { try fixture.site.write("buttons.md", buttons(english: "Buttons sit at the very bottom.")) }
        try change("japanese") {
            try fixture.site.write("buttons.md", buttons(english: "Buttons sit at the very bottom.", japanese: "ボタンは一番下に置きます。"))
        }
        let current = (english: "Buttons rest at the bottom edge.", japanese: "ボタンは下端に置きます。")
        try change("both") { try fixture.site.write("buttons.md", buttons(english: current.english, japanese: current.japanese)) }
        try change("inserted") {
            try fixture.site.write("buttons.md", buttons(english: current.english, japanese: current.japanese, inserted: true))
        }
        try change("moved") {
            try fixture.site.write("buttons.md", buttons(english: current.english, japanese: current.japanese, inserted: true, moved: true))
        }
        let settled = { (compact: Bool, height: Int) in
            buttons(english: current.english, japanese: current.japanese, inserted: true, moved: true, compact: compact, height: height)
        }
        try change("compact") { try fixture.site.write("buttons.md", settled(true, 50)) }
        try change("token") {
            try Data(tokens(gap: 20).utf8).write(to: fixture.site.root.appendingPathComponent("Tokens/core.tokens.json"))
        }
        try change("renamed") { try fixture.git("mv", "Content/spacing.md", "Content/margins.md") }
        try change("removed") { try fixture.git("rm", "-q", "Content/old.md") }
        try change("finding") { try fixture.site.write("buttons.md", settled(true, 30)) }
        try change("fixed") { try fixture.site.write("buttons.md", settled(true, 50)) }
        try change("table") { try fixture.site.write("gaps.md", gaps) }
        try change("shown") {
            try Data(tokens(gap: 24).utf8).write(to: fixture.site.root.appendingPathComponent("Tokens/core.tokens.json"))
        }
        try change("titled") { try fixture.site.write("colors.md", colors.replacingOccurrences(of: "title: Colors", with: "title: Colours")) }
        return fixture
    }

    static let repository = Result { try makeRepository() }

    /// `kumiki diff FROM TO --format json` in the fixture, with the commit
    /// ids replaced by the tags' names.
    func diff(_ from: String, _ to: String, _ extra: [String] = []) throws -> (status: Int32, output: String) {
        let fixture = try Self.repository.get()
        let outcome = try KumikiProcess.run(["diff", from, to, "--format", "json"] + extra, in: fixture.site.root)
        var output = outcome.standardOutput
        for tag in [from, to] {
            let id = try fixture.git("rev-parse", tag + "^{commit}").trimmingCharacters(in: .whitespacesAndNewlines)
            output = output.replacingOccurrences(of: id, with: tag)
        }
        return (outcome.status, output)
    }


    /// Compares line by line, so a failure shows the first line that differs.
    func assertEqualLines(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (a, e) = (actual.split(separator: "\n", omittingEmptySubsequences: false), expected.split(separator: "\n", omittingEmptySubsequences: false))
        if let first = zip(a, e).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("line \(first.offset + 1): \(first.element.0) ≠ expected \(first.element.1)", sourceLocation: sourceLocation)
        }
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    /// The English of one row changed: the row is `changed`/`same` and, its Japanese now older, possibly outdated.
    @Test func anEnglishEditChangesOneRowAndLeavesItPossiblyOutdated() throws {
        let result = try diff("start", "english")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "start",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "english",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [
                    {
                      "anchor": "placement_2",
                      "en": "changed",
                      "ja": "same",
                      "outdated": true,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// The Japanese caught up: a translator's edit leaves the row up to date.
    @Test func aJapaneseEditCatchesUpAndLeavesTheRowCurrent() throws {
        let result = try diff("english", "japanese")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "english",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "japanese",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [
                    {
                      "anchor": "placement_2",
                      "en": "same",
                      "ja": "changed",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// Both languages of a row rewritten in one commit: changed twice, in step.
    @Test func bothLanguagesChangedInOneCommitAreInStep() throws {
        let result = try diff("japanese", "both")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "japanese",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "both",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [
                    {
                      "anchor": "placement_2",
                      "en": "changed",
                      "ja": "changed",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// A row inserted at the top of a section: the rows below it keep reading the same, so only it is reported.
    @Test func aRowInsertedAboveOthersIsTheOnlyRowReported() throws {
        let result = try diff("both", "inserted")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "both",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "inserted",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [
                    {
                      "anchor": "placement_1",
                      "en": "added",
                      "ja": "added",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// A row moved to the next section: removed where it was, added where it is, and the rows around it unchanged.
    @Test func aMovedRowIsRemovedInOnePlaceAndAddedInAnotherAndNothingElseChanges() throws {
        let result = try diff("inserted", "moved")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "inserted",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "moved",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [
                    {
                      "anchor": "placement_2",
                      "en": "removed",
                      "ja": "removed",
                      "outdated": false,
                      "untranslated": false
                    },
                    {
                      "anchor": "size_1",
                      "en": "added",
                      "ja": "added",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// A `when width is compact` variant: only the compact-width environments change, by the same amounts, so they are one group with one name.
    @Test func aConstraintForCompactWidthsChangesOnlyThoseEnvironmentsAsOneGroup() throws {
        let result = try diff("moved", "compact")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "moved",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "compact",
              "pages": [
                {
                  "blocks": [
                    {
                      "environments": [
                        "iphone-16-pro/portrait",
                        "iphone-16-pro/landscape-left",
                        "iphone-16-pro/landscape-right",
                        "iphone-16-pro-max/portrait"
                      ],
                      "errors": [],
                      "findings": {
                        "added": [],
                        "removed": []
                      },
                      "groups": [
                        {
                          "environments": [
                            "iphone-16-pro/portrait",
                            "iphone-16-pro/landscape-left",
                            "iphone-16-pro/landscape-right",
                            "iphone-16-pro-max/portrait"
                          ],
                          "label": "every environment with compact width",
                          "status": "changed",
                          "views": [
                            {
                              "dh": 0.00,
                              "dw": -40.00,
                              "dx": 40.00,
                              "dy": 0.00,
                              "name": "save"
                            }
                          ]
                        }
                      ],
                      "line": 30,
                      "status": "changed",
                      "title": "Save bar"
                    }
                  ],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// A token's value changed in its file: named, though no page's text changed.
    @Test func aTokenValueIsNamedEvenWhenNoPageChanged() throws {
        let result = try diff("compact", "token")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "compact",
              "configuration": {
                "changed": false,
                "tokens": [
                  "space.gap"
                ]
              },
              "head": "token",
              "pages": []
            }

            """)
    }

    /// A page moved to another file, as `git mv` does: renamed, with where it came from, and no row changed.
    @Test func aRenamedPageIsFoundByGit() throws {
        let result = try diff("token", "renamed")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "token",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "renamed",
              "pages": [
                {
                  "blocks": [],
                  "from": "Content/spacing.md",
                  "path": "Content/margins.md",
                  "rows": [],
                  "status": "renamed"
                }
              ]
            }

            """)
    }

    /// A page deleted.
    @Test func aRemovedPageIsListedWithoutRows() throws {
        let result = try diff("renamed", "removed")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "renamed",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "removed",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/old.md",
                  "rows": [],
                  "status": "removed"
                }
              ]
            }

            """)
    }

    /// The button made 30 pt tall: it moved and shrank the same in every environment, and a touch-target finding appeared in each.
    @Test func aNewFindingIsReportedPerEnvironmentWithTheMoves() throws {
        let result = try diff("removed", "finding")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "removed",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "finding",
              "pages": [
                {
                  "blocks": [
                    {
                      "environments": [
                        "iphone-16-pro/portrait",
                        "iphone-16-pro/landscape-left",
                        "iphone-16-pro/landscape-right",
                        "iphone-16-pro-max/portrait",
                        "iphone-16-pro-max/landscape-left",
                        "iphone-16-pro-max/landscape-right",
                        "ipad-10/portrait",
                        "ipad-10/landscape-left",
                        "ipad-10/landscape-right"
                      ],
                      "errors": [],
                      "findings": {
                        "added": [
                          {
                            "environment": "ipad-10/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "ipad-10/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "ipad-10/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          }
                        ],
                        "removed": []
                      },
                      "groups": [
                        {
                          "environments": [
                            "iphone-16-pro/portrait",
                            "iphone-16-pro/landscape-left",
                            "iphone-16-pro/landscape-right",
                            "iphone-16-pro-max/portrait",
                            "iphone-16-pro-max/landscape-left",
                            "iphone-16-pro-max/landscape-right",
                            "ipad-10/portrait",
                            "ipad-10/landscape-left",
                            "ipad-10/landscape-right"
                          ],
                          "label": "every environment",
                          "status": "changed",
                          "views": [
                            {
                              "dh": -20.00,
                              "dw": 0.00,
                              "dx": 0.00,
                              "dy": 20.00,
                              "name": "save"
                            }
                          ]
                        }
                      ],
                      "line": 30,
                      "status": "changed",
                      "title": "Save bar"
                    }
                  ],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// The button back to 50 pt: the findings went away.
    @Test func aFixedFindingIsReportedAsRemoved() throws {
        let result = try diff("finding", "fixed")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "finding",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "fixed",
              "pages": [
                {
                  "blocks": [
                    {
                      "environments": [
                        "iphone-16-pro/portrait",
                        "iphone-16-pro/landscape-left",
                        "iphone-16-pro/landscape-right",
                        "iphone-16-pro-max/portrait",
                        "iphone-16-pro-max/landscape-left",
                        "iphone-16-pro-max/landscape-right",
                        "ipad-10/portrait",
                        "ipad-10/landscape-left",
                        "ipad-10/landscape-right"
                      ],
                      "errors": [],
                      "findings": {
                        "added": [],
                        "removed": [
                          {
                            "environment": "ipad-10/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "ipad-10/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "ipad-10/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro-max/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/landscape-left",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/landscape-right",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          },
                          {
                            "environment": "iphone-16-pro/portrait",
                            "kind": "touch-target",
                            "views": [
                              "save"
                            ]
                          }
                        ]
                      },
                      "groups": [
                        {
                          "environments": [
                            "iphone-16-pro/portrait",
                            "iphone-16-pro/landscape-left",
                            "iphone-16-pro/landscape-right",
                            "iphone-16-pro-max/portrait",
                            "iphone-16-pro-max/landscape-left",
                            "iphone-16-pro-max/landscape-right",
                            "ipad-10/portrait",
                            "ipad-10/landscape-left",
                            "ipad-10/landscape-right"
                          ],
                          "label": "every environment",
                          "status": "changed",
                          "views": [
                            {
                              "dh": 20.00,
                              "dw": 0.00,
                              "dx": 0.00,
                              "dy": -20.00,
                              "name": "save"
                            }
                          ]
                        }
                      ],
                      "line": 30,
                      "status": "changed",
                      "title": "Save bar"
                    }
                  ],
                  "from": null,
                  "path": "Content/buttons.md",
                  "rows": [],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// A token's value changed: the page whose `tokens` block shows it
    /// has that block's row changed in both languages, though its text did not.
    @Test func aTokenTableShowingAChangedValueChangesItsRow() throws {
        let result = try diff("table", "shown")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "table",
              "configuration": {
                "changed": false,
                "tokens": [
                  "space.gap"
                ]
              },
              "head": "shown",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/gaps.md",
                  "rows": [
                    {
                      "anchor": "_2",
                      "en": "changed",
                      "ja": "changed",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    /// The front matter's title is the page's first row, under `main` (the
    /// element the title heads); `title_ja` unchanged, the Japanese is the same.
    @Test func aChangedTitleIsARow() throws {
        let result = try diff("shown", "titled")
        #expect(result.status == 0)
        assertEqualLines(result.output, """
            {
              "base": "shown",
              "configuration": {
                "changed": false,
                "tokens": []
              },
              "head": "titled",
              "pages": [
                {
                  "blocks": [],
                  "from": null,
                  "path": "Content/colors.md",
                  "rows": [
                    {
                      "anchor": "main",
                      "en": "changed",
                      "ja": "same",
                      "outdated": false,
                      "untranslated": false
                    }
                  ],
                  "status": "changed"
                }
              ]
            }

            """)
    }

    // MARK: - Gates, formats, determinism

    /// `--fail-on` fails only on what the change brings: an English edit
    /// makes a row outdated, a translator's edit does not, a finding that
    /// appears fails `new-findings` and one that goes away does not.
    @Test func theGatesFailOnlyOnWhatTheChangeIntroduces() throws {
        #expect(try diff("start", "english", ["--fail-on", "outdated"]).status == 1)
        #expect(try diff("start", "english", ["--fail-on", "untranslated", "--fail-on", "new-findings"]).status == 0)
        #expect(try diff("english", "japanese", ["--fail-on", "outdated"]).status == 0)
        #expect(try diff("removed", "finding", ["--fail-on", "new-findings"]).status == 1)
        #expect(try diff("finding", "fixed", ["--fail-on", "new-findings", "--fail-on", "outdated", "--fail-on", "untranslated"]).status == 0)
    }

    /// The text form names the groups and sums the findings up by kind,
    /// view and group.
    @Test func theTextFormSaysItAsAReviewerWould() throws {
        let fixture = try Self.repository.get()
        let outcome = try KumikiProcess.run(["diff", "removed", "finding"], in: fixture.site.root)
        let lines = outcome.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines == [
            "Content/buttons.md (changed)",
            "  layout block at line 30 (Save bar): changed",
            "    every environment: save moved 0.00, +20.00, resized 0.00 × -20.00",
            "    + touch-target (save): every environment",
        ])
        #expect(outcome.standardOutput.hasPrefix("kumiki diff "))
    }

    /// The same diff twice gives the same bytes in every format, and a warm
    /// store gives what no store gives.
    @Test(arguments: ["text", "json", "markdown"])
    func theSameDiffTwiceIsByteIdentical(format: String) throws {
        let fixture = try Self.repository.get()
        let runs = try [[], [], ["--no-cache"]].map { extra in
            try KumikiProcess.run(["diff", "start", "fixed", "--format", format] + extra, in: fixture.site.root).standardOutput
        }
        #expect(!runs[0].isEmpty)
        #expect(runs[0] == runs[1])
        #expect(runs[0] == runs[2])
    }

    /// A page's path is shown as it is in the Markdown summary, backticks
    /// and all: the code span's fence is longer than any run inside.
    @Test func theMarkdownSummaryShowsAPathWithBackticksAsItIs() throws {
        let fixture = try GitFixture(["a`b.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try fixture.site.write("a`b.md", "# A(エー)\n\nFirst, changed.\n\n最初、変更。\n")
        try fixture.git("commit", "-q", "-a", "-m", "two", day: 2)
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "markdown"], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("``Content/a`b.md``"), "\(outcome.standardOutput)")
    }

    /// A layout block that names a token is solved with each side's token
    /// values: a new value moves its views, and an edit to the block is
    /// compared as for a block of numbers.
    @Test func aBlockNamingATokenIsSolvedWithEachSidesValues() throws {
        let block = { (height: Int) in """
            # A(エー)

            First.

            最初。

            ```layout
            devices: iphone-16-pro
            button save "Save(保存)"
            save.trailing = safe.trailing - 16
            save.bottom = safe.bottom - {space.gap}
            save.height = \(height)
            save.width = 200
            ```

            """ }
        let fixture = try GitFixture(["a.md": block(50)], config: Self.config)
        let tokens = fixture.site.root.appendingPathComponent("Tokens/core.tokens.json")
        try FileManager.default.createDirectory(at: tokens.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.tokens(gap: 16).utf8).write(to: tokens)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try Data(Self.tokens(gap: 24).utf8).write(to: tokens)
        try fixture.git("commit", "-q", "-a", "-m", "two", day: 2)
        try fixture.site.write("a.md", block(30))
        try fixture.git("commit", "-q", "-a", "-m", "three", day: 3)

        let token = try KumikiProcess.run(["diff", "HEAD~2", "HEAD~1"], in: fixture.site.root)
        #expect(token.status == 0, "\(token.standardError)")
        #expect(token.standardOutput.contains("""
            Content/a.md (changed)
              layout block at line 7: changed
                every environment: save moved 0.00, -8.00
            """), "\(token.standardOutput)")
        let edit = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--fail-on", "new-findings"], in: fixture.site.root)
        #expect(edit.status == 1, "\(edit.standardOutput)")
        #expect(edit.standardOutput.contains("touch-target"), "\(edit.standardOutput)")
    }

    /// A device the site adds, and one it excludes: the environments each
    /// brings or takes away are two groups, said to be added and removed,
    /// not one group of "views added or removed".
    @Test func environmentsACatalogChangeAddsAndRemovesAreGroupedApart() throws {
        let page = "# A(エー)\n\nText.\n\n文。\n\n```layout\nbutton b \"B\" \"ビ\"\nb.top = safe.top\nb.leading = margins.leading\n```\n"
        let fixture = try GitFixture(["a.md": page], config: "title: T\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try Data(("title: T\nexclude_devices: [iphone-air]\ndevices:\n  - id: studio-tablet\n    name: Studio Tablet\n"
            + "    family: pad\n    width: 800\n    height: 1280\n    scale: 2\n").utf8)
            .write(to: fixture.site.root.appendingPathComponent("kumiki.yml"))
        try fixture.git("commit", "-q", "-a", "-m", "devices", day: 2)
        let text = try KumikiProcess.run(["diff", "HEAD~1", "HEAD"], in: fixture.site.root)
        #expect(text.standardOutput.contains("""
              layout block at line 7: changed
                Studio Tablet in every orientation: solved only after the change (environments added)
                iPhone Air in every orientation: solved only before the change (environments removed)
            """), "\(text.standardOutput)")
        let json = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "json"], in: fixture.site.root)
        #expect(json.standardOutput.contains(#""status": "added""#) && json.standardOutput.contains(#""status": "removed""#))
        // The HTML report says it in both languages.
        let report = fixture.site.root.deletingLastPathComponent().appendingPathComponent("report")
        let html = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", report.path],
                                         in: fixture.site.root)
        #expect(html.status == 0, "\(html.standardError)")
        let written = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(written.contains(#"Studio Tablet in every orientation <span lang="ja">Studio Tablet、すべての向き</span> "#
            + #"<span class="note">(3 environments, added <span lang="ja">3 環境、追加</span>)</span>"#), "\(written)")
        #expect(written.contains(#"(3 environments, removed <span lang="ja">3 環境、削除</span>)"#))
    }

    /// A committed file whose name is not UTF-8 is read from the commit as
    /// from disk: refused by the same name on both sides, so a clean tree
    /// shows no change, and two such names stay two files.
    @Test func fileNamesThatAreNotUTF8AreRefusedAlikeOnBothSides() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        for byte: UInt8 in [0xE8, 0xE9] {
            #expect(fixture.site.create(named: Array("b".utf8) + [byte] + Array(".md".utf8)))
        }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let id = try fixture.git("rev-parse", "HEAD").prefix(12)
        let outcome = try KumikiProcess.run(["diff", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(": 0 pages (0 changed, 0 added, 0 removed, 0 renamed)"), "\(outcome.standardOutput)")
        let refusal = "error: the file name is not valid UTF-8 (each byte that is not is shown as \\xNN); rename the file"
        #expect(outcome.errorLines == [
            "Content/b\\xE8.md:1:1: \(refusal) (in \(id))", "Content/b\\xE9.md:1:1: \(refusal) (in \(id))",
            "Content/b\\xE8.md:1:1: \(refusal)", "Content/b\\xE9.md:1:1: \(refusal)",
        ])
    }

    /// A content folder that is a submodule is another repository's: said
    /// so, where every page read as added.
    @Test func aContentFolderThatIsASubmoduleIsRefusedByName() throws {
        let pages = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        try pages.git("add", "-A")
        try pages.git("commit", "-q", "-m", "Pages", day: 1)
        let fixture = try GitFixture([:], config: "title: T\n")
        try FileManager.default.removeItem(at: fixture.site.content)
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "-q", "add", pages.site.root.path, "Content")
        try fixture.git("commit", "-q", "-m", "Site", day: 2)
        let outcome = try KumikiProcess.run(["diff", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == [
            "kumiki: error: the content folder 'Content' is a git submodule: its pages are another repository's, and kumiki diff "
                + "reads each revision from this repository's commits, so it cannot compare them; make the content an ordinary "
                + "folder of this repository to review its changes",
        ])
    }

    /// The home page (`index.md`) is compared as any page is; its title is
    /// the site's, so it has no title row.
    @Test func theHomePageIsComparedLikeAnyPage() throws {
        let fixture = try GitFixture(["index.md": "# Home(ホーム)\n\nWelcome.\n\nようこそ。\n", "a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try fixture.site.write("index.md", "# Home(ホーム)\n\nWelcome here.\n\nようこそ。\n")
        let outcome = try KumikiProcess.run(["diff", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasSuffix("""
            1 page (1 changed, 0 added, 0 removed, 0 renamed)

            Content/index.md (changed)
              #home_1  en changed, ja same [possibly outdated]  Welcome here.

            """), "\(outcome.standardOutput)")
    }

    /// Run where no revision holds a site (the wrong folder of a CI job),
    /// `diff` fails as `check` would, where it had reported no change and
    /// passed every gate.
    @Test func noSiteOnEitherSideIsAnError() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        let elsewhere = fixture.site.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let outcome = try KumikiProcess.run(["diff", "HEAD", "--fail-on", "outdated"], in: elsewhere)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: no site to compare in either revision: no content folder at 'Content'"])
    }

    /// A side whose `kumiki.yml` does not parse is compared as read, and its
    /// errors are printed with the revision they are in.
    @Test func aSideReadWithErrorsSaysSo() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"], config: "title: T\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try Data("title: [T\n".utf8).write(to: fixture.site.root.appendingPathComponent("kumiki.yml"))
        try fixture.git("commit", "-q", "-a", "-m", "two", day: 2)
        let id = try fixture.git("rev-parse", "HEAD").prefix(12)
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 0)
        // At the bracket left open, not past the end of the file.
        #expect(outcome.errorLines == [
            "kumiki.yml:1:8: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence (in \(id))",
        ])
        #expect(outcome.standardOutput.contains("kumiki.yml changed"))
    }

    /// A site without `raw_html` shows inline HTML as text, so the row's
    /// words keep its tags; with `raw_html` the tags are markup and only
    /// the words between them are read.
    @Test(arguments: [false, true])
    func aRowsWordsAreWhatItsPageShowsOfInlineHTML(rawHTML: Bool) throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nPress Tab.\n\nタブを押します。\n"],
                                     config: rawHTML ? "title: T\nraw_html: true\n" : "title: T\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "one", day: 1)
        try fixture.site.write("a.md", "# A(エー)\n\nPress <kbd>Tab</kbd> twice.\n\nタブを押します。\n")
        try fixture.git("commit", "-q", "-a", "-m", "two", day: 2)
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let words = rawHTML ? "Press Tab twice." : "Press <kbd>Tab</kbd> twice."
        #expect(outcome.standardOutput.contains("#a_1  en changed, ja same [possibly outdated]  \(words)\n"), "\(outcome.standardOutput)")
    }

    /// Without HEAD the working tree is the head, uncommitted edits
    /// included; a paragraph written only in English is reported
    /// untranslated and fails `--fail-on untranslated`.
    @Test func theWorkingTreeIsTheDefaultHead() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("a.md", "# A(エー)\n\nFirst.\n\n最初。\n\nOnly in English.\n")
        let outcome = try KumikiProcess.run(["diff", "HEAD", "--format", "json", "--fail-on", "untranslated"], in: fixture.site.root)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains(#""head": "working-tree""#))
        #expect(outcome.standardOutput.contains("""
                    {
                      "anchor": "a_2",
                      "en": "added",
                      "ja": "same",
                      "outdated": false,
                      "untranslated": true
                    }
            """))
    }

    /// A file git is told to leave alone (`--skip-worktree`, or
    /// `--assume-unchanged`) is published as it is on disk, so its edit is
    /// in the diff, though `git diff` leaves it out.
    @Test func anEditGitIsToldNotToLookAtIsStillCompared() throws {
        for flag in ["--skip-worktree", "--assume-unchanged"] {
            let fixture = try GitFixture(["a.md": "# A(エー)\n\nFirst.\n\n最初。\n"])
            try fixture.git("add", "-A")
            try fixture.git("commit", "-q", "-m", "Start", day: 1)
            try fixture.git("update-index", flag, "Content/a.md")
            try fixture.site.write("a.md", "# A(エー)\n\nFirst, edited.\n\n最初。\n")
            let outcome = try KumikiProcess.run(["diff", "HEAD"], in: fixture.site.root)
            #expect(outcome.status == 0, "\(flag): \(outcome.standardError)")
            #expect(outcome.standardOutput.contains(": 1 page (1 changed"), "\(flag): \(outcome.standardOutput)")
        }
    }

    /// A site in a subfolder of its repository: paths are from the
    /// repository's top.
    @Test func aSiteInASubfolderReportsPathsFromTheRepositorysTop() throws {
        let fixture = try GitFixture()
        let docs = fixture.site.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let page = docs.appendingPathComponent("Content/a.md")
        try Data("# A(エー)\n\nFirst.\n\n最初。\n".utf8).write(to: page)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try Data("# A(エー)\n\nFirst of all.\n\n最初。\n".utf8).write(to: page)
        try fixture.git("commit", "-q", "-am", "Edit", day: 2)
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "json"], in: docs)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains(#""path": "docs/Content/a.md""#))
        #expect(outcome.standardOutput.contains(#""en": "changed""#))
    }

    /// Whatever the change, the Markdown summary stays under 60,000
    /// characters, and says how many pages it left out.
    @Test func theMarkdownSummaryStaysUnderItsBoundOnAChangeToManyPages() throws {
        let name = String(repeating: "long-page-name-", count: 13)
        let pages = Dictionary(uniqueKeysWithValues: (0..<400).map { ("\(name)\($0).md", "# Page \($0)(ページ)\n\nText.\n\n本文。\n") })
        let fixture = try GitFixture(pages)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        for number in 0..<400 { try fixture.site.write("\(name)\(number).md", "# Page \(number)(ページ)\n\nText, edited.\n\n本文。\n") }
        try fixture.git("commit", "-q", "-am", "Every page", day: 2)
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "markdown"], in: fixture.site.root)
        #expect(outcome.status == 0)
        let summary = outcome.standardOutput
        #expect(summary.count < 60_000)
        #expect(summary.contains("**400** pages (400 changed, 0 added, 0 removed, 0 renamed)"))
        let table = summary.split(separator: "\n").filter { $0.hasPrefix("| `Content/") }
        #expect(table.count > 100 && table.count < 400)
        #expect(summary.hasSuffix("… and \(400 - table.count) more pages not shown (the summary is kept under 60000 characters); run `kumiki diff` for the whole list.\n"))
    }

    /// A page is left alone only when its key would be the same: its own
    /// bytes are not enough. A title shown in every sidebar of its section
    /// makes every page of it read again; a file changed and changed back
    /// has the same bytes but another history, so it is read again too
    /// (and nothing is reported of it).
    @Test func aPageWithTheSameBytesIsReadAgainWhenItsKeyReadsSomethingThatChanged() throws {
        let page = { (title: String) in "---\ntitle: \(title)\n---\n\nText.\n\n本文。\n" }
        let fixture = try GitFixture(["a.md": page("A"), "b.md": page("B"), "c.md": page("C")])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("b.md", page("Bee"))
        try fixture.git("commit", "-q", "-am", "Title", day: 2)
        try fixture.site.write("c.md", page("C") + "\nMore.\n\nもっと。\n")
        try fixture.git("commit", "-q", "-am", "More", day: 3)
        try fixture.site.write("c.md", page("C"))
        try fixture.git("commit", "-q", "-am", "Less", day: 4)
        let explain = { (revisions: [String]) in
            try KumikiProcess.run(["diff"] + revisions + ["--explain", "--format", "json"], in: fixture.site.root).errorLines
        }
        #expect(try explain(["HEAD~3", "HEAD~2"]).first == "pages: 0 with the same key on both sides (not read), 3 compared")
        #expect(try explain(["HEAD~2", "HEAD"]).first == "pages: 2 with the same key on both sides (not read), 1 compared")
        let outcome = try KumikiProcess.run(["diff", "HEAD~2", "HEAD", "--format", "json"], in: fixture.site.root)
        #expect(outcome.standardOutput.contains(#""pages": []"#))
    }

    /// Diffing two commits keeps both replayed histories in the store, so
    /// the same diff again reads no `git log` for either side.
    @Test func aDiffOfTwoCommitsKeepsTheHistoryOfBoth() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nText.\n\n本文。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("a.md", "# A(エー)\n\nMore text.\n\n本文。\n")
        try fixture.git("commit", "-q", "-am", "Edit", day: 2)
        #expect(try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "json"], in: fixture.site.root).status == 0)
        let store = fixture.site.root.appendingPathComponent(".kumiki-cache")
        let files = try #require(FileManager.default.enumerator(at: store, includingPropertiesForKeys: nil)?.allObjects as? [URL])
        let keys = try files.filter { $0.lastPathComponent.hasPrefix("history-revision") }.map { file in
            try String(decoding: Data(contentsOf: file), as: UTF8.self).split(separator: "\n")[1]
        }
        let commits = try ["HEAD~1", "HEAD"].map { try fixture.git("rev-parse", $0).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(Set(keys) == Set(commits.map { "revision \($0) Content/" }))
    }

    /// A change that leaves a block unable to parse says so, with the
    /// errors at their places in the head's page, and fails the
    /// new-findings gate: its views and findings did not go away.
    @Test func aBlockTheChangeBreaksIsReportedWithItsErrorsAndFailsTheGate() throws {
        let block = { (height: String) in "# B(ビー)\n\nText.\n\n本文。\n\n```layout\ndevices: iphone-16-pro\nbutton go \"Go(行く)\"\ngo.center = safe.center\ngo.width = 100\ngo.height = \(height)\n```\n" }
        let fixture = try GitFixture(["b.md": block("44")])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("b.md", block("= 44"))
        try fixture.git("commit", "-q", "-am", "Broken", day: 2)
        let head = try fixture.git("rev-parse", "--short=12", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--fail-on", "new-findings"], in: fixture.site.root)
        #expect(text.status == 1)
        #expect(text.errorLines == ["Content/b.md:12:13: error: expected a number, found '=' (in \(head))"])
        #expect(Array(text.standardOutput.split(separator: "\n").dropFirst()) == [
            "Content/b.md (changed)",
            "  layout block at line 7: changed",
            "    ! does not parse: expected a number, found '=' (line 12, column 13)",
        ])
        let json = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "json"], in: fixture.site.root)
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let blocks = (report?["pages"] as? [[String: Any]])?.first?["blocks"] as? [[String: Any]]
        let errors = blocks?.first?["errors"] as? [[String: Any]]
        #expect(errors?.count == 1)
        #expect(errors?.first?["line"] as? Int == 12)
        #expect(errors?.first?["column"] as? Int == 13)
        #expect(errors?.first?["message"] as? String == "expected a number, found '='")
    }

    /// Each revision's content is read from its place in the site's folder:
    /// a content folder outside it is refused (it was compared with the
    /// revisions' `Content/`), and the site's folder itself is that place.
    @Test func aContentFolderOutsideTheSiteIsRefusedAndTheSitesOwnFolderWorks() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nText.\n\n本文。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let outside = try KumikiProcess.run(["diff", "HEAD", "--content", "/tmp"], in: fixture.site.root)
        #expect(outside.status == 2)
        #expect(outside.errorLines.first?.hasPrefix("kumiki: error: the content folder '/tmp' is outside the site's folder") == true,
                "\(outside.standardError)")
        try fixture.site.write("a.md", "# A(エー)\n\nOther text.\n\n本文。\n")
        let inside = try KumikiProcess.run(["diff", "HEAD", "--content", "Content"], in: fixture.site.root)
        #expect(inside.status == 0, "\(inside.standardError)")
        #expect(inside.standardOutput.contains("Content/a.md (changed)"))
    }

    /// Without git to run, the command says so, not that the site is
    /// outside a repository.
    @Test func withoutGitTheCommandSaysGitIsMissing() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nText.\n\n本文。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let bin = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: bin.url("env").path, withDestinationPath: "/usr/bin/env")
        let outcome = try KumikiProcess.run(["diff", "HEAD"], in: fixture.site.root, environment: ["PATH": bin.root.path])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: cannot compare revisions: git is not installed, or not on PATH"])
    }

    /// `--explain` shows the work left alone: pages whose key is the same
    /// on both sides are not read, a block that says the same is not
    /// solved, and a block solved once comes from the store the next time.
    @Test func explainSaysWhatWasReadAndWhatWasSolved() throws {
        let block = { (height: Int) in "# B(ビー)\n\nText.\n\n本文。\n\n```layout\ndevices: iphone-16-pro\nbutton go \"Go(行く)\"\ngo.center = safe.center\ngo.width = 100\ngo.height = \(height)\n```\n" }
        let fixture = try GitFixture(["a.md": "# A(エー)\n\nText.\n\n本文。\n", "b.md": block(44), "c.md": "# C(シー)\n\nText.\n\n本文。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("b.md", block(50))
        try fixture.git("commit", "-q", "-am", "Taller", day: 2)
        let explain = { (revisions: [String]) in
            try KumikiProcess.run(["diff"] + revisions + ["--explain", "--format", "json"], in: fixture.site.root).errorLines
        }
        #expect(try explain(["HEAD~1", "HEAD"]) == [
            "pages: 2 with the same key on both sides (not read), 1 compared",
            "blocks: 0 unchanged (not solved), 2 solved, 0 from the store",
        ])
        #expect(try explain(["HEAD~1", "HEAD"]) == [
            "pages: 2 with the same key on both sides (not read), 1 compared",
            "blocks: 0 unchanged (not solved), 0 solved, 2 from the store",
        ])
        try fixture.site.write("b.md", block(50).replacingOccurrences(of: "Text.", with: "Other text."))
        #expect(try explain(["HEAD"]) == [
            "pages: 2 with the same key on both sides (not read), 1 compared",
            "blocks: 1 unchanged (not solved), 0 solved, 0 from the store",
        ])
    }
}
