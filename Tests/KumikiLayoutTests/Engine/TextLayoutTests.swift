import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
import KumikiTestSupport
@testable import KumikiLayoutLanguage

/// The solution of `text` in the environment `id`.
private func solve(_ text: String, in id: String = "iphone-x/portrait") throws -> EnvironmentSolution {
    let p = try #require(program(text), "\(diagnostics(text))")
    let env = try #require(environment(id))
    return try #require(engine.solve(p, environments: [env]).environments.first)
}

// At 17 pt (the default text size) one line is 1.193 × 17 = 20.281 pt tall;
// "Name" is N 0.722 + a 0.556 + m 0.833 + e 0.556 = 2.667 em = 45.339 pt and
// "Value" is V 0.667 + a 0.556 + l 0.222 + u 0.556 + e 0.556 = 2.557 em =
// 43.469 pt. On the iPhone X in portrait the margins run from x 16 to 359
// (343 pt) and the safe area starts at y 44.

/// Two labels side by side between the margins: one of them must grow.
private let sideBySide = """
    label name "Name"
    label value "Value"
    name.leading = margins.leading
    value.leading = name.trailing + 8
    value.trailing = margins.trailing
    name.top = safe.top
    value.top = safe.top

    """

/// The same two labels in an 80 pt box: 72 pt for 88.808 pt of text.
private let squeezed = """
    guide box
    box.leading = margins.leading
    box.top = safe.top
    box.width = 80
    box.height = 30
    label name "Name"
    label value "Value"
    name.leading = box.leading
    value.leading = name.trailing + 8
    value.trailing = box.trailing
    name.top = box.top
    value.top = box.top

    """

@Suite struct ContentPriorityTests {
    @Test func raisingOneLabelsHuggingMakesTheOtherStretch() throws {
        let s = try solve(sideBySide + "name.horizontalHugging = 251")
        #expect(rounded(s.frames["name"]) == [16, 44, 45.34, 20.28])
        #expect(rounded(s.frames["value"]) == [69.34, 44, 289.66, 20.28])
        #expect(s.broken.isEmpty)

        let other = try solve(sideBySide + "value.hugging = 251")
        // 343 − 8 − 43.469 = 291.531 for the name.
        #expect(rounded(other.frames["name"]) == [16, 44, 291.53, 20.28])
        #expect(rounded(other.frames["value"]) == [315.53, 44, 43.47, 20.28])
    }

    @Test func loweringOneLabelsCompressionResistanceMakesItTheOneSqueezed() throws {
        let s = try solve(squeezed + "value.horizontalCompressionResistance = 749")
        // The name keeps its 45.339 pt; the value gets 72 − 45.339 = 26.661.
        #expect(rounded(s.frames["name"]) == [16, 44, 45.34, 20.28])
        #expect(rounded(s.frames["value"]) == [69.34, 44, 26.66, 20.28])
        // A priority the block sets is one of its lines: giving way, it is listed.
        #expect(s.broken.map(\.text) == ["value.horizontalCompressionResistance = 749"])
        #expect(s.broken.first?.location.line == 22)
        #expect(s.findings.map(\.kind) == [.truncatedText])
        #expect(s.findings.first?.views == ["value"])

        let other = try solve(squeezed + "name.compressionResistance = 749")
        // 72 − 43.469 = 28.531 for the name.
        #expect(rounded(other.frames["name"]) == [16, 44, 28.53, 20.28])
        #expect(rounded(other.frames["value"]) == [52.53, 44, 43.47, 20.28])
        #expect(other.findings.map(\.views) == [["name"]])
    }

    @Test func aVariantsPriorityReplacesTheBaseOne() throws {
        let block = sideBySide + """
            name.horizontalHugging = 251
            when landscape {
              name.horizontalHugging = 249
            }
            """
        #expect(rounded(try solve(block).frames["name"])[2] == 45.34)
        // In landscape the value hugs harder (250 > 249), so the name stretches.
        let landscape = try solve(block, in: "iphone-x/landscape-left")
        #expect(rounded(landscape.frames["value"])[2] == 43.47)
    }

    @Test func aRequiredHuggingHoldsAgainstEveryOptionalConstraint() throws {
        let s = try solve("""
            label heading "Hello" "こんにちは"
            heading.leading = margins.leading
            heading.top = safe.top
            heading.width = 300 @999
            heading.horizontalHugging = required
            """)
        // こんにちは is 5 em: 85 pt.
        #expect(rounded(s.frames["heading"]) == [16, 44, 85, 20.28])
        #expect(s.broken.map(\.text) == ["heading.width = 300 @999"])
    }

    @Test func aRequiredResistanceInConflictIsReportedAtItsLine() throws {
        let text = """
            devices: iphone-x
            orientations: portrait
            label heading "Hello" "こんにちは"
            heading.leading = margins.leading
            heading.top = safe.top
            heading.width = 40
            heading.horizontalCompressionResistance = required
            """
        let p = try #require(program(text))
        let solution = engine.solve(p)
        let phone = try #require(solution.environments.first)
        #expect(phone.broken.map(\.text) == ["heading.horizontalCompressionResistance = required"])
        #expect(phone.broken.first?.conflicts.map(\.text) == ["heading.width = 40"])
        #expect(phone.broken.first?.conflictsWithEnvironment == true)
        #expect(rounded(phone.frames["heading"])[2] == 40)
        let error = try #require(solution.diagnostics.first { $0.severity == .error })
        #expect(error.message == "unable to simultaneously satisfy constraints in 1 of 1 environment (iphone-x/portrait); broke 'heading.horizontalCompressionResistance = required'")
        #expect(error.location == SourceLocation(file: "test.md", line: 16, column: 1))
        #expect(error.notes.map(\.message) == [
            "it conflicts with 'heading.width = 40'",
            "it conflicts with the environment's screen, safe area, margins or text size",
        ])
    }

    @Test func inAConflictTheLaterLineBreaks() throws {
        let s = try solve("""
            label heading "Hello" "こんにちは"
            heading.horizontalHugging = required
            heading.horizontalEdges = margins inset 0
            heading.top = safe.top
            """)
        #expect(s.broken.map(\.text) == ["heading.horizontalEdges = margins inset 0"])
        #expect(s.broken.first?.conflicts.map(\.text) == ["heading.horizontalHugging = required", "heading.horizontalEdges = margins inset 0"])
    }
}


@Suite struct WrappingTests {
    @Test func aWrappingLabelTakesTheHeightOfItsLinesAtTheWidthItGets() throws {
        let s = try solve(wrappingNoteBlock(12, lines: 0))
        // 8 + 4 words: two lines, as wide as the first.
        #expect(rounded(s.frames["note"]) == [16, 44, 342.89, 40.56])
        #expect(rounded(s.frames["go"])[1] == 92.56)
        #expect(s.findings.isEmpty)
    }

    @Test func aShortWrappingLabelStaysOnOneLine() throws {
        let s = try solve(wrappingNoteBlock(3, lines: 0))
        // 3 × 2.556 − 0.278 = 7.39 em.
        #expect(rounded(s.frames["note"]) == [16, 44, 125.63, 20.28])
    }

    @Test func theTextSizeChangesTheLines() throws {
        let text = "textSizes: default, AX3\n" + wrappingNoteBlock(12, lines: 0)
        // At 40 pt the 343 pt are 8.575 em: three words a line (7.39 em =
        // 295.6 pt), four lines of 1.193 × 40 pt.
        let large = try solve(text, in: "iphone-x/portrait/ax3")
        #expect(rounded(large.frames["note"]) == [16, 44, 295.6, 190.88])
        #expect(large.findings.isEmpty)
    }

    @Test func theTallerLanguageDecidesTheHeight() throws {
        // Thirty kana (30 em = 510 pt) beside a two-letter English label:
        // 20 a line in 20.176 em, so two lines of which the first is 340 pt.
        let s = try solve("""
            label note "OK" "\(String(repeating: "あ", count: 30))"
            note.lines = 0
            note.leading = margins.leading
            note.trailing <= margins.trailing
            note.top = safe.top
            """)
        #expect(rounded(s.frames["note"]) == [16, 44, 340, 40.56])
    }

    @Test func aLineLimitCutsTheTextShort() throws {
        let s = try solve(wrappingNoteBlock(20, lines: 2))
        // 8 + 8 + 4 words need three lines; two are shown, over the whole width.
        #expect(rounded(s.frames["note"]) == [16, 44, 343, 40.56])
        #expect(s.findings.map(\.kind) == [.truncatedText])
        #expect(s.findings.first?.measurement == .lineShortfall(width: 343, needed: 3, shown: 2))
        #expect(try solve(wrappingNoteBlock(20, lines: 3)).findings.isEmpty)
    }

    @Test func aWrappingLabelNarrowerThanACharacterIsTruncated() throws {
        // Wrapping gives it a line per character and the height for them
        // all, but no character fits 1 pt: the widest is a kana, 1 em.
        let s = try solve("""
            label note "Hello world" "こんにちは"
            note.lines = 0
            note.width = 1
            note.leading = margins.leading
            note.top = safe.top
            """)
        #expect(s.findings.map(\.kind) == [.truncatedText])
        #expect(s.findings.first?.measurement == .characterWiderThanLabel(width: 1, character: 17))
    }

    @Test func aOneLineLabelNarrowerThanItsTextIsTruncated() throws {
        let s = try solve(wrappingNoteBlock(12, lines: nil))
        // 12 × 2.556 − 0.278 = 30.394 em = 516.698 pt on one line.
        #expect(rounded(s.frames["note"]) == [16, 44, 343, 20.28])
        #expect(s.findings.map(\.kind) == [.truncatedText])
        guard case .oneLineShortfall(let width, let needed)? = s.findings.first?.measurement else { Issue.record("no shortfall"); return }
        #expect(width == 343 && (needed * 10).rounded() / 10 == 516.7)
        #expect(try solve(wrappingNoteBlock(8, lines: nil)).findings.isEmpty)
    }

    @Test func aWrappingLabelTooShortForItsLinesIsTruncated() throws {
        let s = try solve(wrappingNoteBlock(12, lines: 0) + "\nnote.height = 20")
        #expect(s.findings.map(\.kind) == [.truncatedText])
        #expect(try solve(wrappingNoteBlock(12, lines: 0) + "\nnote.height = 41").findings.isEmpty)
    }

    @Test func aWrappingLabelSettlesWhereRequiredLinesConflictToo() throws {
        // The conflict sends the environment down the path that solves it
        // afresh with the environment pinned; the label wraps there as well.
        let s = try solve(wrappingNoteBlock(12, lines: 0) + "\nnote.width >= 500")
        #expect(s.broken.map(\.text) == ["note.width >= 500"])
        #expect(rounded(s.frames["note"]) == [16, 44, 342.89, 40.56])
        #expect(s.findings.isEmpty)
    }

    @Test func aVariantChangesTheLineLimit() throws {
        let block = wrappingNoteBlock(12, lines: 0) + """

            when landscape {
              note.lines = 1
            }
            """
        #expect(rounded(try solve(block).frames["note"])[3] == 40.56)
        // In landscape the margins are 812 − 2 × 44 − 2 × 16 = 692 pt wide: one line anyway.
        let landscape = try solve(block, in: "iphone-x/landscape-left")
        #expect(rounded(landscape.frames["note"]) == [60, 0, 516.7, 20.28])
        #expect(landscape.findings.isEmpty)
    }

    @Test func aDoBlockWithATruncatedLabelIsWarned() throws {
        let p = try #require(program("devices: iphone-x\norientations: portrait\n" + wrappingNoteBlock(12, lines: nil), kind: .do))
        let warning = try #require(engine.solve(p).diagnostics.first)
        #expect(warning.message.contains("(truncated-text)"))
    }
}
