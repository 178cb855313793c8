import Foundation
@testable import KumikiSite
import Testing
import KumikiTestSupport

/// One `git log` pass replayed forward dates every line as `git blame`
/// does, file by file: checked on this repository's own pages, whose
/// history has edits, merges and many commits.
@Suite struct HistoryReplayTests {
    /// A shallow clone (or a copy outside git) has no history to compare.
    static let repositoryHasHistory = (try? SiteHistory.read(contentFolder: Repository.content).get()) != nil

    @Test(.enabled(if: repositoryHasHistory, "the checkout has its whole history"))
    func theReplayDatesEveryCommittedLineOfTheBundledPagesAsBlameDoes() throws {
        let history = try #require(try? SiteHistory.read(contentFolder: Repository.content).get())
        let git = GitCommand(folder: Repository.content)
        // Pages with uncommitted edits are dated by those; blame reads HEAD.
        let changed = Set((git.text(["diff", "HEAD", "--name-only", "--relative", "--", "*.md"]) ?? "")
            .split(separator: "\n").map(String.init))
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repository.content.path)
            .filter { $0.hasSuffix(".md") && !changed.contains($0) }.sorted()
        #expect(!pages.isEmpty)
        for page in pages {
            let blame = try #require(git.text(["blame", "--first-parent", "--porcelain", "HEAD", "--", page]))
            // Porcelain output: a header `COMMIT ORIGINAL-LINE FINAL-LINE [COUNT]`
            // before each line's text, which starts with a tab.
            var blamed: [String] = []
            for line in blame.split(separator: "\n", omittingEmptySubsequences: false) {
                let fields = line.split(separator: " ")
                if fields.count >= 3, fields[0].count == 40, Int(fields[2]) != nil { blamed.append(String(fields[0])) }
            }
            let file = try #require(history.files[page], "\(page) is in the history")
            let replayed = file.stamps.map { history.commits[Int($0.line)].id }
            #expect(replayed == blamed, "\(page): the replay and blame disagree")
        }
    }

    @Test func theStoreGivesBackTheReplayItWasGiven() throws {
        var replay = HistoryReplay()
        let log = "\u{1}" + String(repeating: "a", count: 40) + " 1700000000\n\n"
            + "diff --git a/a.md b/a.md\nnew file mode 100644\n--- /dev/null\n+++ b/a.md\n@@ -0,0 +1,3 @@\n"
            + "+# Title\n+title: A box | 箱\n+label go \"Go\" \"行く\"\n"
        replay.replay(log: Data(log.utf8))
        let folder = try TemporaryFolder()
        let store = HistoryStore(cache: DiskStore(folder: folder.root))
        store.store(replay, key: "head prefix/")
        let read = try #require(store.replay(key: "head prefix/"))
        #expect(store.replay(key: "another head") == nil)
        #expect(read.commits == replay.commits)
        #expect(read.files.keys.sorted() == ["a.md"])
        #expect(read.files["a.md"]?.stamps == replay.files["a.md"]?.stamps)
        #expect(read.files["a.md"]?.halves == replay.files["a.md"]?.halves)
        #expect(read.files["a.md"]?.stamps.count == 3)
    }

    /// The replay stamps a new file's lines all at once and keeps halves
    /// only for lines holding both languages; a later edit of one half
    /// keeps the other half's commit, and a rename carries every stamp.
    @Test func newFilesEditsOfOneHalfAndRenamesKeepTheirStamps() throws {
        let fixture = try GitFixture()
        let lines = ["# Title", "", "title: A box | 箱", "label go \"Go\" \"行く\"", "Plain | line", "## Usage(使い方)", "End."]
        try fixture.commit("a.md", lines.joined(separator: "\n") + "\n", day: 2)
        var edited = lines
        edited[2] = "title: A square box | 箱"
        edited[3] = "label go \"Go\" \"進む\""
        edited[6] = "The end."
        try fixture.commit("a.md", edited.joined(separator: "\n") + "\n", day: 3)
        try fixture.git("mv", "Content/a.md", "Content/b.md")
        edited.insert("Inserted.", at: 1)
        try fixture.site.write("b.md", edited.joined(separator: "\n") + "\n")
        try fixture.git("commit", "-q", "-a", "-m", "Rename and insert", day: 4)
        // A new file with no line break at its end, in one hunk.
        try fixture.commit("c.md", "One\nTwo | 二", day: 5)

        let history = try #require(try? SiteHistory.read(contentFolder: fixture.site.content).get())
        #expect(history.commits.count == 4)
        #expect(history.files.keys.sorted() == ["b.md", "c.md"])
        let b = try #require(history.files["b.md"])
        let same = { (commit: Int32) in LineStamp(commit) }
        #expect(b.stamps == [same(0), same(2), same(0), LineStamp(line: 1, english: 1, japanese: 0),
                             LineStamp(line: 1, english: 0, japanese: 1), same(0), same(0), same(1)])
        #expect(b.lastCommit == 2)
        #expect(b.halves.map { $0.map { "\($0.english)/\($0.japanese)" } } == [
            nil, nil, nil, "A square box/箱", "Go/進む", nil, "Usage/使い方", nil,
        ])
        let c = try #require(history.files["c.md"])
        #expect(c.stamps == [same(3), same(3)])
        #expect(c.halves.allSatisfy { $0 == nil }, "a bar outside a `title:` line makes no pair")
    }

    @Test func aLineHoldingBothLanguagesIsSplitIntoItsHalves() throws {
        let title = try #require(BilingualLine("title: A box | 箱"))
        #expect((title.english, title.japanese, title.japaneseOffset) == ("A box", "箱", 15))
        let labels = try #require(BilingualLine("label go \"Go\" \"行く\""))
        #expect((labels.english, labels.japanese) == ("Go", "行く"))
        let heading = try #require(BilingualLine("## Usage(使い方)"))
        #expect((heading.english, heading.japanese) == ("Usage", "使い方"))
        #expect(BilingualLine("Plain English | and more") == nil)
        #expect(BilingualLine("label go \"Go\" \"Stop\"") == nil)
    }
}
