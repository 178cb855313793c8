import Foundation
import Testing
import KumikiTestSupport

/// `kumiki diff --format html --output DIR` on the fixture repository of
/// `DiffCommandTests`: the report a reviewer opens from a CI artifact.
@Suite(.serialized) struct DiffReportTests {
    /// The report of `kumiki diff FROM TO`, written to a fresh folder.
    func report(_ from: String, _ to: String, into folder: TemporaryFolder) throws -> String {
        let fixture = try DiffCommandTests.repository.get()
        let output = folder.url("report")
        let outcome = try KumikiProcess.run(["diff", from, to, "--format", "html", "--output", output.path], in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        return try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    }

    /// Each changed row shows before and after in each language, the words
    /// that changed marked: English word by word, Japanese by the run of
    /// characters that changed.
    @Test func theWordsThatChangedAreMarkedInEachLanguage() throws {
        let html = try report("japanese", "both", into: TemporaryFolder())
        #expect(html.contains("Buttons <del>sit</del> at the <del>very </del>bottom."))
        #expect(html.contains("Buttons <ins>rest</ins> at the bottom<ins> edge</ins>."))
        #expect(html.contains("ボタンは<del>一番</del>下に置きます。"))
        #expect(html.contains("ボタンは下<ins>端</ins>に置きます。"))
    }

    /// A `tokens` block whose token changed value: its row shows the old
    /// value and the new one, marked.
    @Test func aTokenTablesChangedValueIsMarked() throws {
        let html = try report("table", "shown", into: TemporaryFolder())
        #expect(html.contains("space.gap <del>20px</del>"))
        #expect(html.contains("space.gap <ins>24px</ins>"))
    }

    /// A changed layout block: one environment per group, drawn before and
    /// after side by side and as an overlay, the old frames outlined; each
    /// drawing is an image with a title.
    @Test func aChangedBlockIsDrawnSideBySideAndAsAnOverlay() throws {
        let html = try report("compact", "finding", into: TemporaryFolder())
        #expect(html.contains("Layout block at line 30: Save bar"))
        // The Japanese half of the heading names the block too.
        #expect(html.contains("<span lang=\"ja\">30 行目のレイアウト：保存バー</span>"))
        #expect(html.contains("<figure class=\"side-by-side\">"))
        #expect(html.contains("<figure class=\"overlay\">"))
        #expect(html.contains("<title id=\"drawing-1-title\">Before: iphone-16-pro/portrait</title>"))
        #expect(html.contains("<rect class=\"old\""))
        #expect(html.contains("<code>+ touch-target (save): every environment</code>"))
        #expect(html.components(separatedBy: "<svg role=\"img\"").count - 1 == html.components(separatedBy: "<title id=\"drawing-").count - 1)
    }

    /// A group of environments is named in both languages, with how many
    /// it holds beside the name.
    @Test func aGroupOfEnvironmentsIsNamedInBothLanguages() throws {
        let html = try report("start", "compact", into: TemporaryFolder())
        #expect(html.contains("<h4>every environment with compact width <span lang=\"ja\">幅 compact のすべての環境</span> "
            + "<span class=\"note\">(4 environments <span lang=\"ja\">4 環境</span>)</span></h4>"), "\(html)")
    }

    /// A group no description picks out is named by its count, which its
    /// heading then does not repeat, and lists its environments on request:
    /// only the wider screens' landscape reaches a raised bound, and the
    /// iPhone 8's landscape does not.
    @Test func aGroupNamedByItsCountSaysItOnce() throws {
        func page(bound: Int) -> String {
            "# A(エー)\n\nText.\n\n文。\n\n```layout\ndevices: iphone-8, iphone-16-pro, iphone-16-pro-max\nview b\n"
                + "b.top = screen.top\nb.leading = screen.leading\nb.height = 50\nb.width = screen.width @500\nb.width <= \(bound)\n```\n"
        }
        let fixture = try GitFixture(config: "title: T\n")
        try fixture.commit("a.md", page(bound: 700), day: 1)
        try fixture.commit("a.md", page(bound: 710), day: 2)
        let folder = try TemporaryFolder()
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", folder.url("r").path],
                                            in: fixture.site.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOf: folder.url("r/index.html"), encoding: .utf8)
        #expect(html.contains("<h4>4 environments <span lang=\"ja\">4 環境</span></h4>\n"
            + "<details class=\"environments\"><summary>Which environments <span lang=\"ja\">どの環境か</span></summary><p>"
            + "<code>iphone-16-pro/landscape-left</code> <code>iphone-16-pro/landscape-right</code> "
            + "<code>iphone-16-pro-max/landscape-left</code> <code>iphone-16-pro-max/landscape-right</code></p></details>"), "\(html)")
    }

    /// The report stands alone: no script, nothing fetched, no link that
    /// leaves the page but to its own anchors.
    @Test func theReportWorksFromAFileWithNothingFetched() throws {
        let html = try report("start", "fixed", into: TemporaryFolder())
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        let targets = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!targets.isEmpty)
        #expect(targets.allSatisfy { $0.hasPrefix("#") })
        for target in targets { #expect(html.contains("id=\"\(target.dropFirst())\"")) }
    }

    /// Each page of the Markdown summary links to its section of the report.
    @Test func theMarkdownSummaryLinksToEachPagesPlaceInTheReport() throws {
        let fixture = try DiffCommandTests.repository.get()
        let html = try report("start", "fixed", into: TemporaryFolder())
        let outcome = try KumikiProcess.run(["diff", "start", "fixed", "--format", "markdown", "--report-url", "review/index.html"],
                                            in: fixture.site.root)
        let links = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| `Content/") }
        #expect(links.count == 3)
        for (number, line) in links.enumerated() {
            #expect(line.contains("[report](review/index.html#page-\(number + 1))"))
            let path = line.dropFirst(3).prefix { $0 != "`" }
            #expect(html.contains("<li><a href=\"#page-\(number + 1)\"><code>\(path)</code></a>"))
            #expect(html.contains("<section id=\"page-\(number + 1)\""))
        }
    }

    /// The same change gives the same bytes; an older report's folder is
    /// replaced whole, so nothing of it stays.
    @Test func theReportIsByteIdenticalAndReplacedWhole() throws {
        let folder = try TemporaryFolder()
        try folder.write("report/index.html", "an older report")
        let first = try report("start", "fixed", into: folder)
        #expect(folder.files(under: "report") == ["index.html"])
        #expect(!first.contains("an older report"))
        #expect(try report("start", "fixed", into: folder) == first)
    }

    /// Text from the site is escaped wherever the report shows it.
    @Test func textFromTheSiteIsEscaped() throws {
        let fixture = try GitFixture(["a.md": "# A <b>(エー)\n\nFirst.\n\n最初。\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("a.md", "# A <b>(エー)\n\nFirst <script>alert(1)</script> & last.\n\n最初 <i>。\n")
        try fixture.git("commit", "-q", "-am", "Edit", day: 2)
        let folder = try TemporaryFolder()
        let outcome = try KumikiProcess.run(["diff", "HEAD~1", "HEAD", "--format", "html", "--output", folder.url("r").path],
                                            in: fixture.site.root)
        #expect(outcome.status == 0)
        let html = try String(contentsOf: folder.url("r/index.html"), encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<i>"))
        #expect(html.contains("&amp;"))
    }

    /// `--format html` needs a folder, and `--output` is only for it.
    @Test(arguments: [["--format", "html"], ["--format", "json", "--output", "x"]])
    func theOutputFolderGoesWithTheHTMLFormat(arguments: [String]) throws {
        let fixture = try DiffCommandTests.repository.get()
        let outcome = try KumikiProcess.run(["diff", "start", "fixed"] + arguments, in: fixture.site.root)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
    }
}
