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
