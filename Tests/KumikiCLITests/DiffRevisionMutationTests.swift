import Foundation
import Testing
import KumikiTestSupport

/// `kumiki diff`'s revision arguments are user input handed to git: seeded
/// mutations of real revisions (option-like prefixes, git's revision
/// syntax, control characters, very long names) must each end normally,
/// with 0 for a revision git knows or 2 naming the argument, within a
/// bound, and leave the repository as it was.
@Suite struct DiffRevisionMutationTests {
    static let seeds = ["HEAD", "HEAD~1", "main", "start", "HEAD^{tree}", "start..HEAD", "@{-1}", ":/Start"]
    static let pieces = ["-", "--", "--output=owned", "--exec=touch owned", "-h", "^", "~", "@{", "}", ":", "..", "...",
                         "\u{0}", "\n", "\t", "\u{7F}", "\u{202E}", "ボタン", " ", "*", "?", "[", "\\", "'", "\"", "$(touch owned)",
                         "refs/heads/", "^{commit}", "^{blob}", String(repeating: "a", count: 2_000)]

    static func mutations(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var text = seeds.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let piece = pieces.randomElement(using: &random)!
                let offset = Int.random(in: 0...text.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text.insert(contentsOf: piece, at: text.index(text.startIndex, offsetBy: offset))
                case 1 where !text.isEmpty:
                    text.remove(at: text.index(text.startIndex, offsetBy: min(offset, text.count - 1)))
                default: text = piece + text
                }
            }
            return text
        }
    }

    @Test func mutatedRevisionsEndNormallyAndNameTheArgument() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.git("tag", "start")
        try fixture.site.write("a.md", "# A(エー)\n\nMore.\n\nもっと。\n")
        try fixture.git("commit", "-q", "-am", "More", day: 2)
        let before = try fixture.git("status", "--porcelain", "--ignored")
        for argument in Self.mutations(count: 60, seed: 34) where !argument.contains("\u{0}") {
            // After `--` the argument reaches the revision check whatever it
            // looks like; before it, one that looks like an option is a
            // usage error, which exits 2 too.
            for arguments in [["diff", "--format", "json", "--", argument], ["diff", argument]] {
                let outcome = try KumikiProcess.run(arguments, in: fixture.site.root, launcher: ["/usr/bin/timeout", "30"])
                #expect(outcome.terminatedNormally, "\(argument.debugDescription)")
                #expect([0, 2].contains(outcome.status), "\(argument.debugDescription): \(outcome.standardError)")
                if outcome.status == 2 && arguments.contains("--") {
                    #expect(outcome.errorLines.count == 1, "\(argument.debugDescription)")
                    #expect(outcome.standardError.hasPrefix("kumiki: error: "), "\(argument.debugDescription)")
                }
            }
        }
        // Nothing was written: no file named by an option git might have read.
        let after = try fixture.git("status", "--porcelain", "--ignored")
        #expect(after.split(separator: "\n").filter { !$0.contains(".kumiki-cache") } == before.split(separator: "\n").filter { !$0.contains(".kumiki-cache") })
        #expect(!FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("owned").path))
    }

    @Test func anArgumentThatLooksLikeAnOptionIsRefusedByName() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let outcome = try KumikiProcess.run(["diff", "--", "--output=owned"], in: fixture.site.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: '--output=owned' is not a revision (a commit id, branch, tag or expression such as HEAD~1)"])
        #expect(!FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("owned").path))
    }

    @Test func anUnknownRevisionIsNamed() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let outcome = try KumikiProcess.run(["diff", "no-such-branch"], in: fixture.site.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: unknown revision 'no-such-branch': git knows no commit by that name"])
    }

    /// Git's ways of naming commits work as in `git diff`: a range names
    /// both sides (`A..B`; `A...B` from the commit both have last in
    /// common), a side left out is HEAD, and `:/text` is the newest commit
    /// whose message holds the text.
    @Test func rangesAndMessageSearchesNameTheCommitsGitDiffWould() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        try fixture.site.write("a.md", "# A(エー)\n\nMore.\n\nもっと。\n")
        try fixture.git("commit", "-q", "-am", "More", day: 2)
        let (start, more) = (try fixture.git("rev-parse", "HEAD~1").prefix(12), try fixture.git("rev-parse", "HEAD").prefix(12))
        for arguments in [["HEAD~1", "HEAD"], ["HEAD~1..HEAD"], ["HEAD~1.."], ["HEAD~1...HEAD"], [":/Start", ":/More"]] {
            let outcome = try KumikiProcess.run(["diff"] + arguments, in: fixture.site.root)
            #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix("kumiki diff \(start)..\(more): 1 page (1 changed"), "\(arguments)")
        }
    }

    @Test func aRangeWithASecondRevisionIsRefused() throws {
        let fixture = try GitFixture(["a.md": "# A(エー)\n"])
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Start", day: 1)
        let outcome = try KumikiProcess.run(["diff", "HEAD..HEAD", "HEAD"], in: fixture.site.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == [
            "kumiki: error: 'HEAD..HEAD' is a range, which names both sides already; give the range alone, or two revisions (kumiki diff A B)",
        ])
    }

    @Test func outsideGitTheCommandSaysSo() throws {
        let project = try FixtureProject(["a.md": "# A\n"])
        let outcome = try KumikiProcess.run(["diff", "HEAD"], in: project.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == ["kumiki: error: cannot compare revisions: the site is not in a git repository"])
    }
}
