import Foundation
import Testing
import KumikiTestSupport

/// `kumiki render` finds a page's layout blocks exactly as the build does
/// and solves them on the site's devices, `kumiki.yml` included.
@Suite struct RenderCommandTests {
    static let page = """
        ---
        title: Blocks
        title_ja: ブロック
        ---

        ```layout
        button first "First" "一"
        first.top = safe.top
        first.leading = margins.leading
        ```

        - A list item with a fence, which the build shows as code:

          ```layout
          button inList "In a list" "リスト"
          ```

        > A quote with a fence, which the build shows as code:
        >
        > ```layout
        > button inQuote "In a quote" "引用"
        > ```

        ```layout dont
        devices: studio-phone
        button second "Second" "二"
        second.top = safe.top
        second.leading = screen.trailing
        ```

        """

    static let config = """
        exclude_devices: [iphone-air]
        devices:
          - id: studio-phone
            name: Studio Phone
            family: phone
            width: 400
            height: 880
            scale: 3

        """

    /// The `"index"` and `"line"` of each block `render --format json` printed.
    static func blocks(in json: String) throws -> [[Int]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        return blocks.map { [$0["index"] as? Int ?? 0, $0["line"] as? Int ?? 0] }
    }

    /// Solved in the environments asked for, a `dont` block that shows its
    /// problem only in others is not said to pass "in every environment":
    /// the bundled guide's blocks, each checked whole by the build.
    @Test func aDontBlockIsNotSaidToPassEverywhereFromSomeEnvironments() throws {
        let some = try KumikiProcess.run(["render", "Content/adaptivity.md", "--env", "iphone-x/portrait"], in: Repository.root)
        #expect(some.status == 0, "\(some.standardError)")
        #expect(!some.standardError.contains("passes every guideline check"), "\(some.standardError)")
        #expect(!some.standardOutput.isEmpty)
    }

    @Test func findsTheBlocksTheBuildDrawsAndNoneInsideListsOrQuotes() throws {
        let project = try FixtureProject(["blocks.md": Self.page], config: Self.config)
        let render = try KumikiProcess.run(["render", "Content/blocks.md", "--format", "json"], in: project.root)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(try Self.blocks(in: render.standardOutput) == [[1, 6], [2, 24]])

        #expect(try project.build().status == 0)
        let html = String(decoding: project.siteSnapshot()["blocks/index.html"] ?? Data(), as: UTF8.self)
        #expect(html.components(separatedBy: "<figure class=\"bi-span layout-block").count - 1 == 2)
        // On a page a figure's id is its row anchor (`RowAnchor`): the first
        // and fourth segments below no heading.
        #expect(html.contains("id=\"_1\"") && html.contains("id=\"_4\"") && !html.contains("id=\"layout-"))
    }

    @Test func numbersBlocksAsTheBuildDoes() throws {
        let project = try FixtureProject(["blocks.md": Self.page], config: Self.config)
        let render = try KumikiProcess.run(["render", "Content/blocks.md", "--block", "2", "--format", "json"], in: project.root)
        #expect(try Self.blocks(in: render.standardOutput) == [[2, 24]])
        let past = try KumikiProcess.run(["render", "Content/blocks.md", "--block", "3"], in: project.root)
        #expect(past.status == 1)
        #expect(past.errorLines == ["kumiki: error: 'Content/blocks.md' has 2 layout blocks; there is no block 3"])
    }

    /// A device added in `kumiki.yml` is in the built page; it is in
    /// `render` too, and a device the site excludes is in neither.
    @Test func solvesOnTheDevicesOfKumikiYml() throws {
        let project = try FixtureProject(["blocks.md": Self.page], config: Self.config)
        let render = try KumikiProcess.run(["render", "Content/blocks.md"], in: project.root)
        #expect(render.status == 0, "\(render.standardError)")
        // The fences in the list and the quote are not read, and said so, as the build says so.
        #expect(render.errorLines == Self.nestedBlockWarnings)
        #expect(render.standardOutput.contains("\n  studio-phone/portrait\n"))
        #expect(render.standardOutput.contains("\n  studio-phone/landscape-left\n"))
        #expect(!render.standardOutput.contains("iphone-air/"))

        let one = try KumikiProcess.run(["render", "Content/blocks.md", "--block", "1", "--env", "studio-phone/portrait"],
                                        in: project.root)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.hasPrefix("block 1 (line 6, layout)\n  studio-phone/portrait\n"))

        #expect(try project.build().status == 0)
        let html = String(decoding: project.siteSnapshot()["blocks/index.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains("Studio Phone"))
        #expect(!html.contains("iPhone Air"))
    }

    @Test func reportsAProblemInKumikiYmlAsTheBuildDoes() throws {
        let project = try FixtureProject(["blocks.md": Self.page], config: "exclude_devices: [iphone-airr]\n")
        let render = try KumikiProcess.run(["render", "Content/blocks.md", "--block", "1"], in: project.root)
        #expect(render.status == 1)
        #expect(Array(render.errorLines.prefix(2)) == Self.nestedBlockWarnings)
        #expect(render.errorLines.count == 3)
        #expect(render.errorLines.last?.hasPrefix("kumiki.yml:1:19: error: 'exclude_devices' names 'iphone-airr'") == true)
    }

    @Test func aPageWithoutLayoutBlocksPrintsNothingAndSaysWhy() throws {
        let project = try FixtureProject(["plain.md": "---\ntitle: Plain\ntitle_ja: 平文\n---\n\nWords.\n\n言葉。\n"])
        let render = try KumikiProcess.run(["render", "Content/plain.md"], in: project.root)
        #expect(render.status == 0)
        #expect(render.standardOutput == "")
        #expect(render.errorLines == [
            "kumiki: note: 'Content/plain.md' has no layout blocks (fences at the top level of the page whose info string starts with 'layout')",
        ])
    }

    /// Run inside the content folder, render finds no `kumiki.yml` beside it:
    /// the site's devices and tokens are not read, and it says where they are.
    @Test func runInsideTheContentFolderItSaysWhereTheSiteIs() throws {
        let project = try FixtureProject(["blocks.md": Self.page], config: Self.config)
        let render = try KumikiProcess.run(["render", "blocks.md", "--block", "1"], in: project.root.appendingPathComponent("Content"))
        #expect(render.errorLines.last == "kumiki: note: no kumiki.yml in the current folder, so the site's devices and tokens "
            + "are not read; run render in '..', where the site's kumiki.yml is")
        let fromTheSite = try KumikiProcess.run(["render", "Content/blocks.md", "--block", "1"], in: project.root)
        #expect(!fromTheSite.errorLines.contains { $0.contains("no kumiki.yml") })
    }

    /// What `page` says of its fences inside a list item and a quote.
    static let nestedBlockWarnings = [
        "Content/blocks.md:14:3: warning: this 'layout' block is inside a list item, so it is shown as code and not read; "
            + "a 'layout' block must stand on its own, unindented, between paragraphs",
        "Content/blocks.md:20:3: warning: this 'layout' block is inside a quote, so it is shown as code and not read; "
            + "a 'layout' block must stand on its own, unindented, between paragraphs",
    ]
}
