import Foundation
import KumikiSite
import Testing
import KumikiTestSupport

/// Input that used to crash the build or mis-build the site silently: each
/// case now gets its exact located diagnostic, or builds the same site as
/// its well-formed twin.
@Suite struct HostileInputTests {
    private func lineEndings(_ data: Data, _ ending: String) -> Data {
        Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: ending).utf8)
    }

    // MARK: Line endings

    private static let bilingualPage = page(["title: Buttons", "title_ja: ボタン", "order: 2"], """
        ## Primary action
        ## 主要なアクション

        Use one primary button per screen.

        1 画面に主要なボタンは 1 つだけ置きます。

        ```layout
        title: A button | ボタン
        button go "Go" "進む"
        go.top = safe.top + 24
        go.centerX = safe.centerX
        go.width = 200
        ```

        """)

    @Test(arguments: ["\r\n", "\r"])
    func aPageWithOtherLineEndingsBuildsTheSameSite(ending: String) throws {
        let lf = try TemporarySite(["a.md": Self.bilingualPage], config: "title: Guide\ntitle_ja: ガイド\n")
        let other = try TemporarySite()
        try other.write("a.md", lineEndings(Data(Self.bilingualPage.utf8), ending))
        try lineEndings(Data("title: Guide\ntitle_ja: ガイド\n".utf8), ending).write(to: other.configFile)
        let expected = lf.build(), result = other.build()
        #expect(expected.succeeded && result.succeeded, "\(result.printed)")
        #expect(result.printed == expected.printed)
        #expect(result.site.paths == expected.site.paths)
        for path in expected.site.paths {
            #expect(result.site[path] == expected.site[path], "\(path) differs")
        }
        #expect(result.text("a/index.html").contains("Buttons"))
    }

    /// The issue's acceptance test: the bundled site, every page converted
    /// to CRLF (and to CR), builds byte for byte the same site.
    @Test(arguments: ["\r\n", "\r"])
    func theBundledSiteWithOtherLineEndingsBuildsByteIdenticalOutput(ending: String) throws {
        // History off on both sides: the copy is outside the repository,
        // and only the line endings are compared here. Both read the
        // bundled site's design tokens, which its Color page shows.
        let config = "history: off\n" + (try String(contentsOf: Repository.root.appendingPathComponent("kumiki.yml"), encoding: .utf8))
        let settings = try TemporarySite(config: config)
        let converted = try TemporarySite(config: config)
        for site in [settings, converted] {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Tokens"), to: site.root.appendingPathComponent("Tokens"))
        }
        let original = SiteBuilder(options: BuildOptions(
            contentDirectory: Repository.content, templatesDirectory: Repository.templates,
            configDirectory: settings.root)).build()
        let names = try FileManager.default.subpathsOfDirectory(atPath: Repository.content.path)
        for name in names {
            let url = Repository.content.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let data = try Data(contentsOf: url)
            try converted.write(name, name.hasSuffix(".md") ? lineEndings(data, ending) : data)
        }
        let result = converted.build()
        #expect(original.succeeded && result.succeeded, "\(result.printed)")
        #expect(result.site.paths == original.site.paths)
        for path in original.site.paths {
            #expect(result.site[path] == original.site[path], "\(path) differs")
        }
    }

    @Test func templatesWithCRLFRenderTheSamePages() throws {
        let site = try TemporarySite(["a.md": Self.bilingualPage])
        let expected = site.build()
        let copy = site.root.appendingPathComponent("CRLFTemplates")
        try FileManager.default.copyItem(at: Repository.templates, to: copy)
        for name in try FileManager.default.subpathsOfDirectory(atPath: copy.path) where name.hasSuffix(".mustache") {
            let url = copy.appendingPathComponent(name)
            try lineEndings(try Data(contentsOf: url), "\r\n").write(to: url)
        }
        let result = site.build(templates: copy)
        #expect(result.succeeded, "\(result.printed)")
        for path in expected.site.paths where path.hasSuffix(".html") {
            #expect(result.site[path] == expected.site[path], "\(path) differs")
        }
    }

    // MARK: Numbers

    @Test func aHugeNumberInALayoutBlockIsALocatedError() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], """
            ```layout
            view v
            v.width = 100000000000000000000
            ```

            """)])
        let result = site.build()
        #expect(result.printed == [
            "\(site.displayPath("a.md")):7:11: error: the number 10000000000000000000… is too large; numbers in a layout block are at most 100000",
        ])
    }

    @Test func aDeviceOfKumikiYMLWithAHugeWidthIsALocatedError() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "Words.\n\n言葉です。\n")], config: """
            devices:
              - id: big-phone
                name: Big
                family: phone
                width: 1e308
                height: 800
                scale: 3
            """)
        #expect(site.build().printed == [
            "\(site.configDisplayPath):5:5: error: device 'big-phone': 'width' is 1e+308; lengths and scales are 0 or between 0.0001 and 100000 in magnitude",
        ])
    }

    @Test func aDeviceFieldBelowTheSmallestIsALocatedError() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "Words.\n\n言葉です。\n")], config: """
            devices:
              - id: iphone-x
                safeArea:
                  portrait:
                    top: 1e-320
            """)
        #expect(site.build().printed == [
            "\(site.configDisplayPath):5:9: error: device 'iphone-x': 'safeArea.portrait.top' is 1e-320; lengths and scales are 0 or between 0.0001 and 100000 in magnitude",
        ])
    }

    // MARK: Nesting, size and names

    @Test func deepNestingIsALocatedErrorNotACrash() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], String(repeating: ">", count: 12_000) + " x\n")])
        #expect(site.build().printed == [
            "\(site.displayPath("a.md")):5:101: error: this block is nested more than 100 levels deep (block quotes, lists and emphasis counted together); the part past that depth is left out",
        ])
    }

    @Test func aPageOverTheSizeLimitIsAnErrorAtItsFirstLine() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], String(repeating: "Words. ", count: 150_000))])
        let result = site.build()
        #expect(result.printed.count == 1)
        #expect(result.printed.first?.hasPrefix("\(site.displayPath("a.md")):1:1: error: the page is 1050") == true)
        #expect(result.printed.first?.hasSuffix("bytes; a page may have at most 1048576 bytes (1 MiB), so split it into several pages") == true)
    }

    private func blocks(_ count: Int) -> String {
        let block = "```layout\ntitle: A | ア\nbutton b \"Go\" \"進む\"\nb.top = safe.top\nb.centerX = safe.centerX\nb.width = 100\norientations: portrait\ndevices: iphone-se-1\n```\n\n"
        return String(repeating: block, count: count)
    }

    @Test func aPageAtTheMostBlocksBuilds() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], blocks(50))])
        let result = site.build()
        #expect(result.errors.isEmpty, "\(result.printed)")
    }

    @Test func theBlockPastTheMostOnAPageIsAnErrorAtItsFence() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], blocks(51))])
        // Four lines of front matter and a blank, then ten lines per block.
        #expect(site.build().printed == [
            "\(site.displayPath("a.md")):505:1: error: a page has at most 50 'layout' blocks; split the page",
        ])
    }

    @Test func aVeryLongUnknownKeyGetsNoSuggestionAndCostsLittle() throws {
        let key = String(repeating: "x", count: 1_000)  // libyaml takes keys of up to 1024 characters
        let site = try TemporarySite(["a.md": page(["title: A"], "Words.\n\n言葉です。\n")], config: "\(key): 1\n")
        let clock = ContinuousClock()
        var printed: [String] = []
        let elapsed = clock.measure { printed = site.build().printed }
        #expect(printed == ["\(site.configDisplayPath):1:1: error: unknown key '\(key)' in the site configuration"])
        #expect(elapsed < .seconds(10))
    }

    // MARK: Control characters

    @Test func controlCharactersQuotedFromAPageAreEscaped() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], "```layout\nview v\nv.width = 10 \u{1B}[31m\n```\n")])
        #expect(site.build().printed == [
            "\(site.displayPath("a.md")):7:14: error: unexpected character '\\u{1B}'",
        ])
    }
}
