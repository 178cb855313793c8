import Foundation
import KumikiSite
import KumikiSupport
import Testing
import KumikiTestSupport

/// Row freshness from the repository's history: a row whose one language
/// changed after the other is marked beside the older column and reported
/// at the older block, unless a writer acknowledged it.
///
/// Each test makes its own repository with fixed commit dates. Pages are
/// written with `page(_:_:)`: the body starts on line 5.
@Suite struct HistoryTests {
    static let original = page(["title: A"], "Hello.\n\nこんにちは。\n\nGoodbye.\n\nさようなら。\n")
    static let englishEdited = page(["title: A"], "Hello there.\n\nこんにちは。\n\nGoodbye.\n\nさようなら。\n")

    @Test func englishEditedAfterItsJapaneseFlagsTheJapaneseAtItsLine() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited, day: 5)
        let result = fixture.site.build()
        #expect(result.printed == [
            "\(fixture.site.displayPath("a.md")):7:1: warning: the Japanese of this row may be out of date: the English changed later (2026-11-05, commit \(try head(fixture))); update it, or run 'kumiki translations ack \(fixture.site.displayPath("a.md")):7' if it still says the same",
        ])
        let html = result.text("a/index.html")
        #expect(html.contains("<div class=\"bi-row bi-outdated\" id=\"_1\">\n<div class=\"bi-col\" lang=\"en\">\n<p>Hello there.</p>\n</div>\n<div class=\"bi-col\" lang=\"ja\">\n<p class=\"bi-outdated-note\" role=\"note\"><span lang=\"en\">Translation may be out of date: the English changed on <time datetime=\"2026-11-05\">5 November 2026</time></span> / <span lang=\"ja\">翻訳が古い可能性があります（英語の変更：<time datetime=\"2026-11-05\">2026年11月5日</time>）</span></p>"))
        #expect(html.contains("<span class=\"coverage-outdated pair\"><span lang=\"en\">1 possibly out of date</span>"))
        #expect(html.contains("<span lang=\"en\">Last updated <time datetime=\"2026-11-05\">5 November 2026</time></span> <span lang=\"ja\">最終更新 <time datetime=\"2026-11-05\">2026年11月5日</time></span>"))
        let gaps = result.translations.flatMap(\.translations.gaps)
        #expect(gaps.map(\.kind) == [.outdated])
        #expect(gaps.first?.gapDays == 3)
    }

    @Test func japaneseEditedAfterItsEnglishIsClean() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.original.replacingOccurrences(of: "こんにちは。", with: "こんにちは！"), day: 5)
        let result = fixture.site.build()
        #expect(result.printed.isEmpty)
        #expect(!result.text("a/index.html").contains("bi-outdated"))
    }

    @Test func bothLanguagesEditedInOneCommitAreClean() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited.replacingOccurrences(of: "こんにちは。", with: "やあ。"), day: 5)
        #expect(fixture.site.build().printed.isEmpty)
    }

    @Test func anAcknowledgementClearsExactlyThatRow() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited.replacingOccurrences(of: "Goodbye.", with: "Goodbye now."), day: 5)
        #expect(fixture.site.build().warnings.map { $0.location?.line } == [7, 11])
        let excerpt = try RowAcknowledgement.acknowledge(relativePath: "a.md", line: 5, options: fixture.site.buildOptions())
        #expect(excerpt == "Hello there.")
        let store = try String(contentsOf: fixture.site.root.appendingPathComponent("translations-checked.txt"), encoding: .utf8)
        #expect(store.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1)
        #expect(fixture.site.build().warnings.map { $0.location?.line } == [11])
    }

    @Test func anAcknowledgementLapsesWhenEitherLanguageChangesAgain() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited, day: 5)
        _ = try RowAcknowledgement.acknowledge(relativePath: "a.md", line: 7, options: fixture.site.buildOptions())
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Acknowledge", day: 6)
        #expect(fixture.site.build().warnings.isEmpty)
        try fixture.commit("a.md", Self.englishEdited.replacingOccurrences(of: "Hello there.", with: "Hello, there."), day: 8)
        #expect(fixture.site.build().warnings.map { $0.location?.line } == [7])
    }

    @Test func uncommittedEditsAreNewestAndUndated() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.site.write("a.md", Self.englishEdited)
        let result = fixture.site.build()
        #expect(result.warnings.map(\.message) == [
            "the Japanese of this row may be out of date: the English has uncommitted changes; update it, or run 'kumiki translations ack \(fixture.site.displayPath("a.md")):7' if it still says the same",
        ])
        let html = result.text("a/index.html")
        #expect(html.contains("<span lang=\"en\">Uncommitted changes</span> <span lang=\"ja\">未コミットの変更</span>"))
        #expect(html.contains("翻訳が古い可能性があります（英語に未コミットの変更）"))
        #expect(!html.contains("Last updated"))
    }

    @Test func aRenamedPageKeepsItsHistory() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.original.replacingOccurrences(of: "こんにちは。", with: "こんにちは！"), day: 3)
        try fixture.git("mv", "Content/a.md", "Content/b.md")
        try fixture.git("commit", "-q", "-m", "Rename", day: 4)
        // The Japanese is still the newer half: nothing is flagged, and
        // the page was last changed by the rename.
        let renamed = fixture.site.build()
        #expect(renamed.printed.isEmpty)
        #expect(renamed.text("b/index.html").contains("<time datetime=\"2026-11-04\">"))
        try fixture.commit("b.md", Self.original.replacingOccurrences(of: "Goodbye.", with: "Bye."), day: 6)
        #expect(fixture.site.build().warnings.map { $0.location?.line } == [11])
    }

    @Test func aLayoutBlockTitleIsComparedHalfByHalf() throws {
        let block = { (title: String) in
            page(["title: A"], "Hello.\n\nこんにちは。\n\n```layout\ntitle: \(title)\nview box\nbox.top = safe.top\n```\n")
        }
        let fixture = try GitFixture()
        try fixture.commit("a.md", block("A box | 箱"), day: 2)
        try fixture.commit("a.md", block("A box | 四角い箱"), day: 3)
        #expect(outdated(fixture.site.build()).isEmpty, "the Japanese half changed last")
        try fixture.commit("a.md", block("A square box | 四角い箱"), day: 4)
        let result = fixture.site.build()
        #expect(outdated(result).map(\.location) == [SourceLocation(file: fixture.site.displayPath("a.md"), line: 10, column: 23)])
        #expect(result.text("a/index.html").contains("<div class=\"bi-span bi-outdated-lines\">"))
    }

    @Test func viewLabelsAreComparedHalfByHalf() throws {
        let block = { (labels: String) in
            page(["title: A"], "```layout\ntitle: Go | 行く\nlabel go \(labels)\ngo.top = safe.top\n```\n")
        }
        let fixture = try GitFixture()
        try fixture.commit("a.md", block("\"Go\" \"行く\""), day: 2)
        try fixture.commit("a.md", block("\"Go\" \"進む\""), day: 3)
        #expect(outdated(fixture.site.build()).isEmpty)
        try fixture.commit("a.md", block("\"Go on\" \"進む\""), day: 4)
        #expect(outdated(fixture.site.build()).map { $0.location.map { "\($0.line):\($0.column)" } } == ["7:19"])
    }

    @Test func aShallowCloneHasNoHistoryAndSaysHowToFixIt() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited, day: 5)
        let clone = try TemporaryFolder()
        try fixture.git("clone", "-q", "--depth", "1", "file://\(fixture.site.root.path)", clone.root.appendingPathComponent("s").path)
        let root = clone.root.appendingPathComponent("s")
        let result = SiteBuilder(options: BuildOptions(
            contentDirectory: root.appendingPathComponent("Content"), templatesDirectory: Repository.templates,
            configDirectory: root)).build()
        #expect(result.printed.isEmpty)
        #expect(result.historyNote?.contains("git fetch --unshallow") == true)
        #expect(result.historyNote?.contains("fetch-depth: 0") == true)
        #expect(!result.text("a/index.html").contains("page-meta"))
    }

    @Test func aSiteOutsideGitHasNoHistoryElementsAndOneNote() throws {
        let site = try TemporarySite(["a.md": Self.original])
        let result = site.build()
        #expect(result.printed.isEmpty)
        #expect(result.historyNote?.contains("not in a git repository") == true)
        #expect(!result.text("a/index.html").contains("page-meta"))
    }

    @Test func historyOffIsSilentAndDatesNothing() throws {
        let fixture = try GitFixture(config: "history: off\n")
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited, day: 5)
        let result = fixture.site.build()
        #expect(result.printed.isEmpty)
        #expect(result.historyNote == nil)
        #expect(!result.text("a/index.html").contains("page-meta"))
    }

    @Test func aWarmBuildIsByteIdenticalToACold() throws {
        let fixture = try GitFixture()
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.englishEdited, day: 5)
        let cache = try TemporaryFolder()
        let cold = fixture.site.build(cacheDirectory: cache.root)
        let warm = fixture.site.build(cacheDirectory: cache.root)
        #expect(cold.site == warm.site)
        #expect(cold.printed == warm.printed)
        #expect(warm.translations.flatMap(\.translations.gaps) == cold.translations.flatMap(\.translations.gaps))
        // A new commit that changes nothing in the page's text still dates
        // it anew: the cache is keyed on the page's history too.
        try fixture.commit("a.md", Self.englishEdited.replacingOccurrences(of: "こんにちは。", with: "やあ。"), day: 7)
        #expect(fixture.site.build(cacheDirectory: cache.root).printed.isEmpty)
    }

    @Test func aJapaneseSourceSiteFlagsTheEnglish() throws {
        let fixture = try GitFixture(config: "source_language: ja\n")
        try fixture.commit("a.md", Self.original, day: 2)
        try fixture.commit("a.md", Self.original.replacingOccurrences(of: "こんにちは。", with: "こんにちは！"), day: 5)
        #expect(outdated(fixture.site.build()).map { $0.location?.line } == [5])
        try fixture.commit("a.md", Self.englishEdited.replacingOccurrences(of: "こんにちは。", with: "こんにちは！"), day: 6)
        #expect(outdated(fixture.site.build()).isEmpty)
    }

    /// The warnings about rows that may be out of date.
    private func outdated(_ result: BuildResult) -> [Diagnostic] {
        result.warnings.filter { $0.message.contains("may be out of date") }
    }

    private func head(_ fixture: GitFixture) throws -> String {
        String(try fixture.git("rev-parse", "--short=7", "HEAD").prefix(7))
    }
}
