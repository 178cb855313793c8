import Foundation
import Testing
import KumikiTestSupport

/// The change log page (`changelog` in `kumiki.yml`), built through the CLI
/// from a repository made in the test with fixed dates.
@Suite(.serialized) struct ChangeLogTests {
    static func page(_ english: String, _ japanese: String, height: Int = 50) -> String {
        """
        ---
        title: Buttons
        title_ja: ボタン
        ---

        \(english)

        \(japanese)

        ```layout
        title: Save bar | 保存バー
        devices: iphone-16-pro
        button save "Save(保存)"
        save.trailing = safe.trailing - 16
        save.bottom = safe.bottom - 16
        save.height = \(height)
        save.width = 200
        ```

        """
    }

    /// Three commits on days 1, 2 and 3, the first two tagged: a page, an
    /// edit of its English, an edit of its Japanese and its layout.
    static func repository(config: String) throws -> GitFixture {
        let fixture = try GitFixture(["buttons.md": page("Buttons sit at the bottom.", "ボタンは下に置きます。")], config: config)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Buttons", day: 1)
        try fixture.git("tag", "v1")
        try fixture.site.write("buttons.md", page("Buttons rest at the bottom.", "ボタンは下に置きます。"))
        try fixture.git("commit", "-q", "-am", "Buttons: reword", day: 2)
        try fixture.git("tag", "v2")
        try fixture.site.write("buttons.md", page("Buttons rest at the bottom.", "ボタンは下端に置きます。", height: 30))
        try fixture.git("commit", "-q", "-am", "Buttons: lower <and> shorter", day: 3)
        return fixture
    }

    func build(_ fixture: GitFixture, _ extra: [String] = []) throws -> (outcome: KumikiProcess.Outcome, output: TemporaryFolder) {
        let output = try TemporaryFolder()
        let outcome = try KumikiProcess.run(["build", "--output", output.url("Site").path] + extra, in: fixture.site.root)
        return (outcome, output)
    }

    /// A layout block without a title is named by its line alone, in both
    /// languages, not by the title of the page it is on.
    @Test func aBlockWithoutATitleIsNotGivenThePages() throws {
        func page(height: Int) -> String {
            "---\ntitle: Buttons\ntitle_ja: ボタン\n---\n\nText.\n\n文。\n\n```layout\nbutton b \"B\" \"ビ\"\n"
                + "b.top = safe.top\nb.leading = margins.leading\nb.height = \(height)\n```\n"
        }
        let fixture = try GitFixture(config: "title: Log\nchangelog: on\n")
        try fixture.commit("buttons.md", page(height: 50), day: 1)
        try fixture.commit("buttons.md", page(height: 60), day: 2)
        let (outcome, output) = try build(fixture, ["--no-cache"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOf: output.url("Site/changes/index.html"), encoding: .utf8)
        #expect(html.contains("<span lang=\"en\">Layout at line 10 (changed): every environment</span> "
            + "<span lang=\"ja\">10 行目のレイアウト(変更)：すべての環境</span>"), "\(html)")
    }

    /// Newest first: each commit's date, subject and the rows and layouts
    /// it changed, each row linked to its anchor on the built page; the
    /// footer links to the page.
    @Test func theChangeLogListsEachCommitNewestFirstWithLinksToItsRows() throws {
        let fixture = try Self.repository(config: "title: Log\nchangelog: on\n")
        let (outcome, output) = try build(fixture, ["--no-cache"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOf: output.url("Site/changes/index.html"), encoding: .utf8)
        #expect(html.contains("<span lang=\"en\">What&#39;s new</span> <span lang=\"ja\">更新履歴</span>"))
        let third = try #require(html.range(of: "Buttons: lower &lt;and&gt; shorter"))
        let second = try #require(html.range(of: "Buttons: reword"))
        #expect(third.lowerBound < second.lowerBound)
        #expect(html.contains("<time datetime=\"2026-11-03\">3 November 2026</time>"))
        #expect(html.contains("<time datetime=\"2026-11-03\">2026年11月3日</time>"))
        #expect(html.contains("<a href=\"../buttons/index.html#_1\"><span lang=\"en\">Buttons rest at the bottom.</span>"))
        #expect(html.contains("Layout at line 10: Save bar (changed): every environment"))
        #expect(html.contains("10 行目のレイアウト：保存バー(変更)：すべての環境</span>"), "\(html)")
        #expect(html.contains("<code>+ touch-target (save): every environment</code>"))
        // The first commit has nothing before it to be compared with.
        #expect(html.components(separatedBy: "class=\"changes-entry\"").count - 1 == 2)
        let page = try String(contentsOf: output.url("Site/buttons/index.html"), encoding: .utf8)
        #expect(page.contains("href=\"../changes/index.html\""))
        #expect(page.contains("id=\"_1\""))
    }

    /// A commit that changed only `kumiki.yml` says so, where its entry had
    /// a date and a subject and nothing else.
    @Test func aCommitThatChangedOnlyTheConfigurationSaysSo() throws {
        let fixture = try Self.repository(config: "title: Log\nchangelog: on\n")
        try Data("title: Log book\nchangelog: on\n".utf8).write(to: fixture.site.root.appendingPathComponent("kumiki.yml"))
        try fixture.git("commit", "-q", "-am", "Rename the site", day: 4)
        let (outcome, output) = try build(fixture, ["--no-cache"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOf: output.url("Site/changes/index.html"), encoding: .utf8)
        let entry = try #require(html.components(separatedBy: "class=\"changes-entry\"").dropFirst().first)
        #expect(entry.contains("Rename the site"))
        #expect(!entry.contains("<ul"))
        #expect(entry.contains("<span lang=\"en\">The site's configuration (<code>kumiki.yml</code>) changed.</span> "
            + "<span lang=\"ja\">サイトの設定（<code>kumiki.yml</code>）を変更しました。</span>"))
        #expect(!html.components(separatedBy: "class=\"changes-entry\"").dropFirst(2).contains { $0.contains("kumiki.yml") })
    }

    /// `changelog_limit` bounds the entries; `changelog: tags` makes one
    /// per tag, against the tag before.
    @Test func theLimitAndTheTagsDecideTheEntries() throws {
        let limited = try Self.repository(config: "title: Log\nchangelog: on\nchangelog_limit: 1\n")
        let first = try build(limited, ["--no-cache"])
        let one = try String(contentsOf: first.output.url("Site/changes/index.html"), encoding: .utf8)
        #expect(one.components(separatedBy: "class=\"changes-entry\"").count - 1 == 1)
        #expect(one.contains("Buttons: lower"))
        let tagged = try Self.repository(config: "title: Log\nchangelog: tags\n")
        let second = try build(tagged, ["--no-cache"])
        let tags = try String(contentsOf: second.output.url("Site/changes/index.html"), encoding: .utf8)
        #expect(tags.components(separatedBy: "class=\"changes-entry\"").count - 1 == 1)
        #expect(tags.contains("<code>v2</code> Buttons: reword"))
        #expect(!tags.contains("Buttons: lower"))
    }

    /// After the first build the entries come from the build store, and
    /// the page is the same bytes as one computed from nothing.
    @Test func aBuildAfterTheFirstGivesTheSamePageFromTheStore() throws {
        let fixture = try Self.repository(config: "title: Log\nchangelog: on\n")
        let pages = try [[], [], ["--no-cache"]].map { extra in
            let (outcome, output) = try build(fixture, extra)
            #expect(outcome.status == 0)
            return try Data(contentsOf: output.url("Site/changes/index.html"))
        }
        #expect(pages[0] == pages[1])
        #expect(pages[0] == pages[2])
    }

    /// Off by default; outside git the page and its link are silently
    /// absent.
    @Test func offByDefaultAndAbsentOutsideGit() throws {
        let fixture = try Self.repository(config: "title: Log\n")
        let (outcome, output) = try build(fixture, ["--no-cache"])
        #expect(outcome.status == 0)
        #expect(!FileManager.default.fileExists(atPath: output.url("Site/changes").path))
        let site = try TemporarySite(["buttons.md": Self.page("Buttons.", "ボタン。")], config: "title: Log\nchangelog: on\nhistory: on\n")
        let outside = try TemporaryFolder()
        let plain = try KumikiProcess.run(["build", "--no-cache", "--output", outside.url("Site").path], in: site.root)
        #expect(plain.status == 0)
        #expect(!plain.standardError.contains("changelog"))
        #expect(!FileManager.default.fileExists(atPath: outside.url("Site/changes").path))
        let page = try String(contentsOf: outside.url("Site/buttons/index.html"), encoding: .utf8)
        #expect(!page.contains("changes/index.html"))
    }

    /// The change log is made from the history, so `history: off` with it
    /// is an error at the `changelog:` line.
    @Test func historyOffWithAChangeLogIsAnErrorAtItsKey() throws {
        let fixture = try Self.repository(config: "title: Log\nhistory: off\nchangelog: on\n")
        let (outcome, _) = try build(fixture, ["--no-cache"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.contains(
            "kumiki.yml:3:1: error: 'changelog' is made from the repository's history, which 'history: off' turns off"))
    }

    /// The change log is written to `changes/`: a page with that slug would
    /// be replaced by it without a word.
    @Test func aPageWithTheChangeLogsSlugIsAnError() throws {
        let fixture = try Self.repository(config: "title: Log\nchangelog: on\n")
        try fixture.site.write("policy.md", "---\ntitle: Changes\nslug: changes\n---\n\nOur policy.\n\n方針。\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Policy", day: 4)
        let (outcome, _) = try build(fixture, ["--no-cache"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.contains(
            "Content/policy.md:3:7: error: the slug 'changes' is where the change log is written ('changelog' in kumiki.yml); choose another slug"))
    }

    /// `changelog` and `changelog_limit` take only what they mean.
    @Test func wrongValuesAreErrorsAtTheirLines() throws {
        let fixture = try Self.repository(config: "title: Log\nchangelog: weekly\nchangelog_limit: 0\n")
        let (outcome, _) = try build(fixture, ["--no-cache"])
        #expect(outcome.status != 0)
        #expect(outcome.errorLines.contains("kumiki.yml:2:12: error: 'changelog' is 'on', 'tags' or 'off', not 'weekly'"))
        #expect(outcome.errorLines.contains("kumiki.yml:3:18: error: 'changelog_limit' is a number of entries, at least 1"))
    }
}
