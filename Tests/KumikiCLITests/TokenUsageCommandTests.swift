import Foundation
import Testing
import KumikiTestSupport

/// Each row of a `tokens` block lists the layout blocks that use its token,
/// "Used in: Page › Block" and 「使用箇所：ページ › ブロック」, each a link
/// to the block's figure on its page. The list comes from the map the build
/// makes once when it loads the site, the one `usedBy` gives too.
@Suite struct TokenUsageCommandTests {
    static let tokensPage = page(["title: Tokens", "title_ja: トークン"], "```tokens\ngroup: spacing\n```\n")
    static let buttons = page(["title: Buttons & bars", "title_ja: ボタンとバー"], """
        ```layout
        title: Save <button> | 保存ボタン
        button save "Save" "保存"
        save.top = safe.top + {spacing.m}
        save.leading = margins.leading
        ```

        ```layout
        button go "Go" "進む"
        go.top = safe.top + {spacing.m} + {spacing.s}
        go.leading = margins.leading
        ```

        """)
    static let plain = page(["title: Plain", "title_ja: プレーン"], """
        ```layout
        button go "Go" "進む"
        go.top = safe.top + 12
        go.leading = margins.leading
        ```

        """)

    private func project() throws -> FixtureProject {
        let project = try FixtureProject(["tokens.md": Self.tokensPage, "buttons.md": Self.buttons, "plain.md": Self.plain,
                                          "other.md": page(["title: Other", "title_ja: その他"], "Words.\n\n言葉。\n")],
                                         config: LayoutTokensCommandTests.config)
        try project.write("../Tokens/core.tokens.json", LayoutTokensCommandTests.tokens)
        return project
    }

    private func text(_ project: FixtureProject, _ path: String) throws -> String {
        try String(contentsOf: project.site.appendingPathComponent(path), encoding: .utf8)
    }

    /// The row of `token` in the page's HTML, from its `<li>` to its end.
    private func row(_ token: String, in html: String) throws -> String {
        let start = try #require(html.range(of: "id=\"token-\(token)\""))
        let end = try #require(html.range(of: "</li>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// Every `id="…"` of a page.
    private func ids(_ html: String) -> Set<String> {
        Set(html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
    }

    @Test func eachRowLinksToTheFiguresOfTheBlocksUsingItsTokenInBothLanguages() throws {
        let project = try project()
        let built = try project.build()
        #expect(built.status == 0, "\(built.standardError)")
        let html = try text(project, "tokens/index.html")
        // Titles are escaped; a block without a title is named by its
        // number, as its figure's caption names it.
        #expect(try row("spacing-m", in: html).contains("""
            <div class="tokens-used pair stack">
            <p lang="en">Used in: <a href="../buttons/index.html#_1">Buttons &amp; bars › Save &lt;button&gt;</a>, \
            <a href="../buttons/index.html#_2">Buttons &amp; bars › Layout 2</a></p>
            <p lang="ja">使用箇所：<a href="../buttons/index.html#_1">ボタンとバー › 保存ボタン</a>、\
            <a href="../buttons/index.html#_2">ボタンとバー › レイアウト 2</a></p>
            </div>
            """))
        #expect(try row("spacing-s", in: html).contains(
            "<p lang=\"en\">Used in: <a href=\"../buttons/index.html#_2\">Buttons &amp; bars › Layout 2</a></p>"))
        // Each link goes to the figure of its block on the target page.
        let target = try text(project, "buttons/index.html")
        #expect(target.contains("<figure class=\"bi-span layout-block layout-plain\" id=\"_1\">\n<figcaption><span lang=\"en\">Save &lt;button&gt;</span>"))
        #expect(target.contains("<figure class=\"bi-span layout-block layout-plain\" id=\"_2\">\n<figcaption><span lang=\"en\">Layout 2</span>"))
        // A token no block uses says nothing of use.
        #expect(try !row("spacing-old", in: html).contains("tokens-used"))
    }

    @Test func theRowsLinkFromTheHomePageToo() throws {
        let project = try project()
        try project.write("index.md", page(["title: Home", "title_ja: ホーム"], "```tokens\ngroup: spacing\n```\n"))
        let built = try project.build()
        #expect(built.status == 0, "\(built.standardError)")
        let home = try text(project, "index.html")
        #expect(try row("spacing-s", in: home).contains(
            "<p lang=\"ja\">使用箇所：<a href=\"buttons/index.html#_2\">ボタンとバー › レイアウト 2</a></p>"))
        #expect(ids(try text(project, "buttons/index.html")).contains("_2"))
    }

    /// A block that starts naming a token computes again its own page and
    /// the page whose `tokens` block lists the token, and no other page.
    @Test func aBlockThatStartsUsingATokenComputesAgainItsPageAndTheTokensPageOnly() throws {
        let project = try project()
        let first = try project.build(["--explain"])
        #expect(first.status == 0, "\(first.standardError)")
        try project.write("plain.md", Self.plain.replacingOccurrences(of: "+ 12", with: "+ {spacing.s}"))
        let second = try project.build(["--explain"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("pages: 2 from the store, 2 computed\n"), "\(second.standardOutput)")
        // The edited page now reads the token too; the tokens page lists it.
        #expect(second.standardOutput.contains("  Content/plain.md: its text changed; a design token it shows changed\n"))
        #expect(second.standardOutput.contains("  Content/tokens.md: a design token it shows changed\n"))
        // The edited block and the tokens block; the others stay stored.
        #expect(second.standardOutput.contains("blocks: 0 from the store, 2 computed\n"))
        let html = try text(project, "tokens/index.html")
        #expect(try row("spacing-s", in: html).contains("<a href=\"../plain/index.html#_1\">Plain › Layout 1</a>"))
        // A title given to a block that uses a token shows on the tokens
        // page at the next build; a page that shows no tokens stays.
        try project.write("plain.md", Self.plain.replacingOccurrences(of: "+ 12", with: "+ {spacing.s}")
            .replacingOccurrences(of: "```layout\n", with: "```layout\ntitle: Go | 進む\n"))
        let third = try project.build(["--explain"])
        #expect(third.standardOutput.contains("pages: 2 from the store, 2 computed\n"), "\(third.standardOutput)")
        #expect(try row("spacing-s", in: text(project, "tokens/index.html")).contains("<a href=\"../plain/index.html#_1\">Plain › Go</a>"))
    }

    /// `usedBy` and the rows read the same map: the blocks of pages the
    /// build shows.
    @Test func usedByAndTheRowsAgree() throws {
        let project = try project()
        let outcome = try KumikiProcess.run(["tokens", "--format", "json"], in: project.root)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let tokens = try #require(object["tokens"] as? [[String: Any]])
        let spacingM = try #require(tokens.first { $0["name"] as? String == "spacing.m" })
        let uses = try #require(spacingM["usedBy"] as? [[String: Any]])
        #expect(uses.map { "\($0["path"] as? String ?? ""):\($0["line"] as? Int ?? 0)" } == ["Content/buttons.md:6", "Content/buttons.md:13"])
    }
}
