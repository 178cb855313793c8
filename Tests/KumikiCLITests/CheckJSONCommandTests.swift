import Foundation
import Testing
import KumikiTestSupport

/// `kumiki check --format json` as a script or an editor reads it: every
/// diagnostic with its rule's code, the range of the text it is about, and
/// the fixes it proposes as replacements of that text.
@Suite struct CheckJSONCommandTests {
    /// One item of the JSON list.
    struct Item: Equatable, CustomStringConvertible {
        var path: String
        var line: Int, column: Int, endLine: Int, endColumn: Int
        var code: String?
        var suggestions: [String]

        var description: String {
            "\(path):\(line):\(column)-\(endLine):\(endColumn) \(code ?? "nil") \(suggestions)"
        }
    }

    static func check(_ project: FixtureProject) throws -> (items: [Item], raw: [[String: Any]]) {
        let run = try KumikiProcess.run(["check", "--templates", Repository.templates.path, "--format", "json"], in: project.root)
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let items = raw.map { item in
            Item(path: item["path"] as? String ?? "", line: item["line"] as? Int ?? -1, column: item["column"] as? Int ?? -1,
                 endLine: item["end_line"] as? Int ?? -1, endColumn: item["end_column"] as? Int ?? -1,
                 code: item["code"] as? String,
                 suggestions: (item["suggestions"] as? [[String: Any]] ?? []).map { edit in
                     "\(edit["line"]!):\(edit["column"]!)-\(edit["end_line"]!):\(edit["end_column"]!)=\(edit["text"]!)"
                 })
        }
        return (items, raw)
    }

    static let page = """
        ---
        title: Spacing
        tilte_ja: 余白
        ---

        ## Margins

        See [the margins](#margnis) and [colour](colr.md#basics).

        ```layout
        buton go "Go" "進む"
        ```

        ```layout
        button go "Go" "進む"
        go.wdith = 44
        go.top = safe.top
        ```
        """

    static let otherPage = """
        ---
        title: Color
        ---

        ## Basics
        """

    @Test func aMisspeltWordIsTheRangeAndTheClosestWordItsReplacement() throws {
        let project = try FixtureProject(["index.md": Self.page, "color.md": Self.otherPage])
        let items = try Self.check(project).items.filter { $0.path == "Content/index.md" }
        let byCode = Dictionary(items.map { ($0.code ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        // `tilte_ja`: eight characters from line 3, column 1.
        #expect(byCode["front-matter.unknown-key"]
            == Item(path: "Content/index.md", line: 3, column: 1, endLine: 3, endColumn: 9,
                    code: "front-matter.unknown-key", suggestions: ["3:1-3:9=title_ja"]))
        // The anchor after `#` is replaced, the page's name kept.
        #expect(byCode["link.unknown-anchor"]
            == Item(path: "Content/index.md", line: 8, column: 19, endLine: 8, endColumn: 27,
                    code: "link.unknown-anchor", suggestions: ["8:20-8:27=margins"]))
        #expect(byCode["link.unknown-page"]
            == Item(path: "Content/index.md", line: 8, column: 42, endLine: 8, endColumn: 56,
                    code: "link.unknown-page", suggestions: ["8:42-8:49=color.md"]))
        #expect(byCode["layout.unknown-view-kind"]
            == Item(path: "Content/index.md", line: 11, column: 1, endLine: 11, endColumn: 6,
                    code: "layout.unknown-view-kind", suggestions: ["11:1-11:6=button"]))
        #expect(byCode["layout.unknown-anchor"]
            == Item(path: "Content/index.md", line: 16, column: 4, endLine: 16, endColumn: 9,
                    code: "layout.unknown-anchor", suggestions: ["16:4-16:9=width"]))
    }

    @Test func aMisspeltKeyOfKumikiYmlIsReplacedByTheClosestKey() throws {
        let project = try FixtureProject(
            ["index.md": "---\ntitle: A\ntitle_ja: エー\n---\n"],
            config: "titel: Site\ntokens:\n  fiels: [Tokens/a.tokens.json]\n")
        let items = try Self.check(project).items
        #expect(items == [
            Item(path: "kumiki.yml", line: 1, column: 1, endLine: 1, endColumn: 6,
                 code: "config.unknown-key", suggestions: ["1:1-1:6=title"]),
            Item(path: "kumiki.yml", line: 3, column: 3, endLine: 3, endColumn: 8,
                 code: "config.unknown-key", suggestions: ["3:3-3:8=files"]),
        ])
    }

    @Test func aMisspeltTokenPropertyOrTypeIsReplacedAsAJSONString() throws {
        let project = try FixtureProject(
            ["index.md": "---\ntitle: A\ntitle_ja: エー\n---\n"],
            config: "tokens:\n  files: [Tokens/core.tokens.json]\n")
        let tokens = project.root.appendingPathComponent("Tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try Data("""
            {
              "space": {
                "$tpye": "dimension",
                "small": { "$value": { "value": 8, "unit": "px" }, "$type": "dimesnion" }
              }
            }
            """.utf8).write(to: tokens.appendingPathComponent("core.tokens.json"))
        let items = try Self.check(project).items.filter { $0.path == "Tokens/core.tokens.json" }
        #expect(items.map(\.code) == ["token.unknown-property", "token.unknown-type"])
        #expect(items.map(\.suggestions) == [["3:5-3:12=\"$type\""], ["4:65-4:76=\"dimension\""]])
    }

    @Test func everyDiagnosticHasACodeOfItsFamilyAndRule() throws {
        let project = try FixtureProject(["index.md": Self.page, "color.md": Self.otherPage])
        let (items, raw) = try Self.check(project)
        #expect(!items.isEmpty)
        for item in items {
            let code = try #require(item.code, "\(item)")
            #expect(code.wholeMatch(of: /[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(code)")
        }
        for item in raw {
            #expect(item.keys.sorted() == ["code", "column", "end_column", "end_line", "line", "message", "path", "severity", "suggestions"])
        }
    }

    @Test func aProblemWithoutAWordToSpanEndsWhereItStarts() throws {
        let project = try FixtureProject(["index.md": "---\ntitle: A\n---\n\nOnly English.\n"])
        let items = try Self.check(project).items
        let untranslated = try #require(items.first { $0.code == "bilingual.untranslated" })
        #expect(untranslated.line == untranslated.endLine && untranslated.column == untranslated.endColumn)
        #expect(untranslated.suggestions.isEmpty)
    }
}
