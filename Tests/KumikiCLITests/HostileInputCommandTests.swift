import Foundation
import Testing
import KumikiTestSupport

/// `render`, `check` and `solve-system` on input that used to crash them or
/// to print raw control characters: each ends normally with the exact
/// located diagnostic.
@Suite struct HostileInputCommandTests {
    private func project(_ files: [String: Data]) throws -> FixtureProject {
        let project = try FixtureProject([:])
        for (name, data) in files { try data.write(to: project.root.appendingPathComponent(name)) }
        return project
    }

    private static let hugeNumber = page(["title: A"], "```layout\nview v\nv.width = 100000000000000000000\n```\n")

    @Test(arguments: [["render", "a.md"], ["render", "a.md", "--format", "svg"], ["render", "a.md", "--format", "json"]])
    func renderReportsAHugeNumberInsteadOfCrashing(arguments: [String]) throws {
        let project = try project(["a.md": Data(Self.hugeNumber.utf8)])
        let outcome = try KumikiProcess.run(arguments, in: project.root)
        #expect(outcome.terminatedNormally)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "a.md:7:11: error: the number 10000000000000000000… is too large; numbers in a layout block are at most 100000",
        ])
    }

    @Test func checkReportsAHugeNumberInsteadOfCrashing() throws {
        let project = try FixtureProject(["a.md": Self.hugeNumber])
        let outcome = try KumikiProcess.run(["check", "--content", "Content"], in: project.root)
        #expect(outcome.terminatedNormally)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.first == "Content/a.md:7:11: error: the number 10000000000000000000… is too large; numbers in a layout block are at most 100000")
    }

    @Test func renderLocatesInvalidUTF8AndStillSolvesTheBlocks() throws {
        var bytes = Data("---\ntitle: A\n---\n\nCaf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: "\n\n```layout\nview v\nv.edges = safe.edges\n```\n".utf8)
        let project = try project(["a.md": bytes])
        let outcome = try KumikiProcess.run(["render", "a.md"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["a.md:5:4: error: the file is not valid UTF-8 (byte 0xE9)"])
        #expect(!outcome.standardOutput.isEmpty)
    }

    @Test func renderReadsCRLFAndCRPagesLikeLFPages() throws {
        let text = "---\ntitle: A\n---\n\n```layout\nview v\nv.edges = safe.edges\nv.width = 10 junk\n```\n"
        for ending in ["\n", "\r\n", "\r"] {
            let project = try project(["a.md": Data(text.replacingOccurrences(of: "\n", with: ending).utf8)])
            let outcome = try KumikiProcess.run(["render", "a.md"], in: project.root)
            #expect(outcome.errorLines == ["a.md:8:14: error: unexpected 'junk'"], "\(ending.unicodeScalars.map(\.value))")
        }
    }

    @Test func renderRefusesAPagePastTheSizeLimitAtItsFirstLine() throws {
        let project = try project(["a.md": Data(repeating: UInt8(ascii: "x"), count: 1_048_577)])
        let outcome = try KumikiProcess.run(["render", "a.md"], in: project.root)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == [
            "a.md:1:1: error: the page is 1048577 bytes; a page may have at most 1048576 bytes (1 MiB), so split it into several pages",
        ])
    }

    /// A page of gigabytes (a sparse file here) is refused by its size,
    /// before it is read, by `check` and `render` alike; `render` of a
    /// folder says it takes a page.
    @Test func aHugePageIsRefusedWithoutBeingRead() throws {
        let project = try FixtureProject(["a.md": page(["title: A"], "Hi.\n\nやあ。\n")])
        let huge = project.root.appendingPathComponent("Content/huge.md")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        let message = "the page is 4294967296 bytes; a page may have at most 1048576 bytes (1 MiB), so split it into several pages"
        let clock = ContinuousClock()
        var check: KumikiProcess.Outcome?
        let elapsed = try clock.measure { check = try KumikiProcess.run(["check"], in: project.root) }
        #expect(check?.status == 1)
        #expect(check?.errorLines.contains("Content/huge.md:1:1: error: \(message)") == true, "\(check?.standardError ?? "")")
        #expect(elapsed < .seconds(5), "reading 4 GB to refuse it took \(elapsed)")
        let render = try KumikiProcess.run(["render", "Content/huge.md"], in: project.root)
        #expect(render.errorLines == ["Content/huge.md:1:1: error: \(message)"])
        let folder = try KumikiProcess.run(["render", "Content"], in: project.root)
        #expect(folder.errorLines == ["kumiki: error: 'Content' is a folder; render takes one page (PAGE.md)"])
    }

    /// The page history (`history: on`, the default) replays every line
    /// git added: a committed page of 200,000 lines is read in linear
    /// time, where each line copied the lines before it and `check` ran
    /// for minutes, and the page is then refused by its size.
    @Test func aCommittedPageOfManyLinesIsReadInLinearTime() throws {
        let fixture = try GitFixture(["a.md": page(["title: A", "title_ja: エー"], "Hi.\n\nやあ。\n")])
        var lines = ["---", "title: Big", "title_ja: 大", "---", ""]
        for number in 0..<50_000 {
            lines += ["Paragraph \(number) in English, long enough to fill a line.", "", "段落 \(number) の日本語の文章です。", ""]
        }
        try fixture.site.write("big.md", lines.joined(separator: "\n"))
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "Big", day: 1)
        let clock = ContinuousClock()
        var check: KumikiProcess.Outcome?
        let elapsed = try clock.measure { check = try KumikiProcess.run(["check", "--no-cache"], in: fixture.site.root) }
        #expect(check?.status == 1)
        #expect(check?.errorLines.first?.hasPrefix("Content/big.md:1:1: error: the page is") == true, "\(check?.standardError ?? "")")
        #expect(elapsed < .seconds(15), "checking took \(elapsed)")
    }

    /// cmark takes a fence's indentation off each line of its block; a
    /// problem's column counts it back, as the file has it.
    @Test func aProblemInAnIndentedFenceIsAtItsColumnInTheFile() throws {
        let project = try FixtureProject(["a.md": page(["title: A"], """
            Hi.

            やあ。

               ```layout
               button b "A" "B"
               b.top = safe.tpo
               ```

              ```devices
              colums: size
              ```

            """)])
        let outcome = try KumikiProcess.run(["check"], in: project.root)
        #expect(outcome.errorLines.filter { $0.contains("error:") } == [
            "Content/a.md:11:17: error: unknown anchor 'tpo'; did you mean 'top'?",
            "Content/a.md:15:3: error: unknown option 'colums' in a 'devices' block; did you mean 'columns'?",
        ])
    }

    @Test func controlCharactersInALineAreEscapedInTheDiagnostic() throws {
        let text = "```layout\nview v\nv.width = 10 \u{1B}[2J\n```\n"
        let project = try project(["a.md": Data(text.utf8)])
        let outcome = try KumikiProcess.run(["render", "a.md"], in: project.root)
        #expect(outcome.standardError == "a.md:3:14: error: unexpected character '\\u{1B}'\n")
    }

    @Test func aLineBreakInAFileNameKeepsEachDiagnosticOnOneLine() throws {
        let name = "bad\nname\r.md"
        let project = try project([name: Data(Self.hugeNumber.utf8)])
        let outcome = try KumikiProcess.run(["render", name], in: project.root)
        #expect(outcome.standardError == "bad\\u{A}name\\u{D}.md:7:11: error: the number 10000000000000000000… is too large; numbers in a layout block are at most 100000\n")
        let missing = try KumikiProcess.run(["render", "no\u{1B}such.md"], in: project.root)
        #expect(missing.errorLines.count == 1)
        #expect(missing.standardError.hasPrefix("kumiki: error: cannot read 'no\\u{1B}such.md'"))
    }

    @Test func renderReportsTheBlockPastFiftyAsTheBuildDoes() throws {
        let block = "```layout\ndevices: iphone-se-1\norientations: portrait\nbutton b \"Go\" \"進む\"\nb.top = safe.top\nb.centerX = safe.centerX\n```\n\n"
        let project = try project(["a.md": Data(String(repeating: block, count: 51).utf8)])
        let outcome = try KumikiProcess.run(["render", "a.md", "--block", "1"], in: project.root)
        #expect(outcome.terminatedNormally)
        #expect(outcome.status == 1)
        #expect(outcome.errorLines == ["a.md:401:1: error: a page has at most 50 'layout' blocks; split the page"])
    }

    /// `count` weak constraints: around a cycle (`x[i+1] = x[i] + 1`), or
    /// all pulling one variable to different values.
    private static func weakConstraints(_ count: Int, cyclic: Bool) -> String {
        let constraints = (0..<count).map { index in
            cyclic
                ? #"{"terms": [[1, "x\#((index + 1) % count)"], [-1, "x\#(index)"]], "constant": -1, "op": "==", "strength": "weak"}"#
                : #"{"terms": [[1, "x0"]], "constant": -\#(index % 1000), "op": "==", "strength": "weak"}"#
        }
        let variables = (0..<(cyclic ? count : 1)).map { #""x\#($0)""# }
        return #"{"variables": ["# + variables.joined(separator: ",") + #"], "constraints": ["# + constraints.joined(separator: ",") + "]}"
    }

    @Test(arguments: [true, false])
    func solveSystemRefusesAHundredThousandWeakConstraintsAtOnce(cyclic: Bool) throws {
        let project = try project(["s.json": Data(Self.weakConstraints(100_000, cyclic: cyclic).utf8)])
        let clock = ContinuousClock()
        var outcome: KumikiProcess.Outcome?
        let elapsed = try clock.measure { outcome = try KumikiProcess.run(["solve-system", "s.json"], in: project.root) }
        #expect(outcome?.status == 2)
        #expect(outcome?.errorLines == ["s.json: error: constraints: the file has 100000 constraints; a system has at most 20000"])
        #expect(elapsed < .seconds(30))
    }

    @Test(arguments: [
        (#"{"variables": ["a"], "constraints": [{"terms": [[1e-320, "a"]], "constant": -1, "op": "=="}]}"#,
         "s.json: error: constraints[0].terms[0][0]: 1e-320 is out of range; numbers are 0 or between 1e-9 and 1e9 in magnitude"),
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "a"]], "constant": -1e300, "op": "=="}]}"#,
         "s.json: error: constraints[0].constant: -1e+300 is out of range; numbers are 0 or between 1e-9 and 1e9 in magnitude"),
        (#"{"variables": ["a"], "constraints": [], "edits": [{"variable": "a", "values": [1, 2e9]}]}"#,
         "s.json: error: edits[0].values[1]: 2000000000 is out of range; numbers are 0 or between 1e-9 and 1e9 in magnitude"),
        (#"{"variables": ["a"], "constraints": [{"terms": [[1, "a"]], "op": "==", "strength": 1e11}]}"#,
         "s.json: error: constraints[0].strength: a weight is 0 or between 1e-9 and 1e10"),
    ])
    func solveSystemRefusesNumbersOutOfRange(json: String, message: String) throws {
        let project = try project(["s.json": Data(json.utf8)])
        let outcome = try KumikiProcess.run(["solve-system", "s.json"], in: project.root)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == [message])
    }

    /// A file that is not JSON is told where, as a token file is; a
    /// trailing comma is not JSON.
    @Test(arguments: [
        ("{\"variables\": [\"a\"],\n \"constraints\": [\n  {\"terms\": [[1, \"a\"]] \"op\": \"==\"}]}\n",
         "s.json:3:24: error: invalid JSON: expected ',' or '}', found '\"'"),
        ("{\"variables\": [\"a\"], \"constraints\": [],}", "s.json:1:40: error: invalid JSON: expected a key in double quotes, found '}'"),
        ("", "s.json:1:1: error: invalid JSON: the file is empty"),
    ])
    func solveSystemPlacesASyntaxError(json: String, message: String) throws {
        let project = try project(["s.json": Data(json.utf8)])
        let outcome = try KumikiProcess.run(["solve-system", "s.json"], in: project.root)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines == [message])
    }
}
