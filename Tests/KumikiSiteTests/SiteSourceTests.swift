import Foundation
import Testing
import KumikiLayout
import KumikiLayoutLanguage
@testable import KumikiSite
import KumikiTestSupport

/// Every reader of a site reads through a `SiteSource`: a folder on disk,
/// files in memory, or the theme compiled into the binary.
@Suite struct SiteSourceTests {
    static let pages = [
        "index.md": page(["title: Guide", "title_ja: ガイド"], bilingualParagraph("Welcome.", "ようこそ。")),
        "guides/spacing.md": page(["title: Spacing", "title_ja: 余白"], bilingualParagraph("Leave room.", "余白を取る。") + """
            ```layout
            devices: studio-phone
            button go "Go" "進む"
            go.top = safe.top
            go.leading = margins.leading
            ```

            """),
        "guides/diagram.png": "not really a picture",
    ]
    static let config = """
        title: Sources
        devices:
          - id: studio-phone
            name: Studio Phone
            family: phone
            width: 400
            height: 880
            scale: 3

        """

    @Test func aSiteHeldInMemoryBuildsTheSameFilesAsTheSameSiteOnDisk() throws {
        let disk = try TemporarySite(Self.pages, config: Self.config)
        let fromDisk = disk.build()
        #expect(fromDisk.printed.isEmpty)
        let memory = BuildOptions(
            content: MemorySource(texts: Self.pages, displayPath: "Content"),
            templates: DiskSource(Repository.templates),
            configuration: MemorySource(texts: ["kumiki.yml": Self.config], displayPath: "."))
        let fromMemory = SiteBuilder(options: memory).build()
        #expect(fromMemory.printed.isEmpty)
        #expect(fromMemory.site == fromDisk.site)
        #expect(fromMemory.text("guides-spacing/index.html").contains("Studio Phone"))
    }

    @Test func theBuiltInThemeHoldsTheRepositorysTemplatesByteForByte() {
        let templates = DiskSource(Repository.templates)
        let onDisk = Set(templates.entries(excluding: nil).map(\.path))
        let embedded = Set(EmbeddedTheme.source.entries(excluding: nil).map(\.path))
        #expect(embedded == onDisk)
        for path in onDisk.sorted() {
            #expect(EmbeddedTheme.source.contents(of: path) == templates.contents(of: path), "\(path)")
        }
    }

    /// The theme is read where it is, in the binary: a build with it has no
    /// folder to read templates from, and gives the same site as a build
    /// with the repository's `Templates/`.
    @Test func aBuildReadsTheBuiltInThemeWithoutAFolder() throws {
        let site = try TemporarySite(Self.pages, config: Self.config)
        #expect(EmbeddedTheme.source.directory == nil)
        var options = site.buildOptions()
        options.templates = EmbeddedTheme.source
        let builtIn = SiteBuilder(options: options).build()
        #expect(builtIn.printed.isEmpty)
        #expect(builtIn.site == site.build().site)
    }

    @Test func aMemorySourceListsItsFilesButHiddenOnes() {
        let source = MemorySource(texts: ["a.md": "", "b/c.png": "", ".draft.md": "", "d/.cache/e.md": ""], displayPath: "Content")
        #expect(Set(source.entries(excluding: nil)) == [
            SiteSourceEntry(path: "a.md", kind: .file), SiteSourceEntry(path: "b/c.png", kind: .file),
        ])
        #expect(source.contents(of: "b/c.png") == Data())
        #expect(source.contents(of: "missing.md") == nil)
    }

    @Test func aFolderOnDiskIsNamedRelativeToTheCurrentFolder() {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        #expect(DiskSource(current).displayPath == ".")
        #expect(DiskSource(current.appendingPathComponent("Content")).displayPath == "Content")
        #expect(DiskSource(URL(fileURLWithPath: "/elsewhere/Content")).displayPath == "/elsewhere/Content")
        #expect(DiskSource(current).displayPath(of: "kumiki.yml") == "kumiki.yml")
        #expect(DiskSource(URL(fileURLWithPath: "/srv/site")).displayPath(of: "kumiki.yml") == "/srv/site/kumiki.yml")
    }

    @Test func aMissingFolderIsReportedByTheName() {
        let options = BuildOptions(
            content: DiskSource(URL(fileURLWithPath: "/no/such/Content")), templates: EmbeddedTheme.source,
            configuration: MemorySource([:], displayPath: "."))
        let result = SiteBuilder(options: options).build()
        #expect(result.printed == ["kumiki: error: no content folder at '/no/such/Content'"])
    }
}

/// `kumiki render` and the build find a page's layout blocks by one rule.
@Suite struct PageBlockTests {
    static let page = """
        ---
        title: Blocks
        ---

        ```layout
        button first "First" "一"
        first.top = safe.top
        first.leading = margins.leading
        ```

        - A list item with a fence, shown as code:

          ```layout
          button inList "In a list" "リスト"
          ```

        > A quote with a fence, shown as code:
        >
        > ```layout
        > button inQuote "In a quote" "引用"
        > ```

        ```layout dont
        button second "Second" "二"
        second.top = safe.top
        second.leading = screen.trailing
        ```

        ```devices
        family: pads
        ```

        """

    /// What `page` says of its fences inside a list item and a quote.
    static func nestedBlockWarnings(in file: String) -> [String] {
        [
            "\(file):13:3: warning: this 'layout' block is inside a list item, so it is shown as code and not read; "
                + "a 'layout' block must stand on its own, unindented, between paragraphs",
            "\(file):19:3: warning: this 'layout' block is inside a quote, so it is shown as code and not read; "
                + "a 'layout' block must stand on its own, unindented, between paragraphs",
        ]
    }

    @Test func findsTheTopLevelFencesTheBuildDrawsAsFigures() throws {
        let (blocks, diagnostics) = FencedBlock.blocks(named: "layout", inPage: Data(Self.page.utf8), displayPath: "blocks.md")
        #expect(blocks.map(\.index) == [1, 2])
        #expect(blocks.map(\.start.line) == [5, 23])
        #expect(blocks.map(\.info) == ["layout", "layout dont"])
        #expect(blocks.map(\.firstLine.line) == [6, 24])
        // The fences in the list and the quote are not read, and said so.
        #expect(diagnostics.map(\.description) == Self.nestedBlockWarnings(in: "blocks.md"))

        let site = try TemporarySite(["blocks.md": Self.page])
        let html = site.build().text("blocks/index.html")
        #expect(html.components(separatedBy: "<figure class=\"bi-span layout-block").count - 1 == blocks.count)
        #expect(html.contains("id=\"_1\"") && html.contains("id=\"_4\"") && !html.contains("id=\"layout-"))
    }

    /// A fence never closed runs to the end of the page; neither the build
    /// nor `render` solves what it swallowed, and both say why.
    @Test func aFenceNeverClosedIsReportedAndNotSolved() throws {
        let text = Self.page + "```layout\nbutton never \"Never closed\" \"閉じない\"\n"
        let site = try TemporarySite(["blocks.md": text])
        let (blocks, diagnostics) = FencedBlock.blocks(named: "layout", inPage: Data(text.utf8), displayPath: site.displayPath("blocks.md"))
        #expect(blocks.map(\.index) == [1, 2])
        let problem = "\(site.displayPath("blocks.md")):32:1: error: this code block is never closed: add a line '```' where it ends"
        #expect(diagnostics.map(\.description) == [problem] + Self.nestedBlockWarnings(in: site.displayPath("blocks.md")))
        let sink = MemorySink()
        let result = SiteBuilder(options: site.buildOptions()).build(into: sink)
        #expect(result.printed.contains(problem))
        let html = sink.site["blocks/index.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(html.components(separatedBy: "<figure class=\"bi-span layout-block").count - 1 == blocks.count)
    }

    @Test func blocksPastTheLimitAreReportedAndNotHandedOn() {
        let block = "```layout\nview v\n```\n\n"
        let text = String(repeating: block, count: LayoutLimits.maximumBlocksPerPage + 1)
        let (blocks, diagnostics) = FencedBlock.blocks(named: "layout", inPage: Data(text.utf8), displayPath: "many.md")
        #expect(blocks.count == LayoutLimits.maximumBlocksPerPage)
        #expect(diagnostics.map(\.message) == ["a page has at most \(LayoutLimits.maximumBlocksPerPage) 'layout' blocks; split the page"])
    }
}
