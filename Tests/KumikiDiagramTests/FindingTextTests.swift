import Testing
import KumikiLayout
import KumikiLayoutLanguage
import KumikiTestSupport
@testable import KumikiDiagram

/// The words of findings, English and Japanese: the engine reports what it
/// measured, `FindingText` says it.
@Suite struct FindingTextTests {
    private func firstFinding(_ text: String, in id: String = "iphone-x/portrait") throws -> FindingText {
        let solution = try solve(text, environments: [id])
        let finding = try #require(solution.environments.first?.findings.first)
        return FindingText(finding, in: solution.program)
    }

    @Test func theMessagesSayWhatHidesTheText() throws {
        let text = try firstFinding("""
            label heading "Today" "今日"
            heading.top = screen.top
            heading.centerX = screen.centerX
            """)
        #expect(text.english == "'heading' (\"Today\") is under the sensor housing, where the screen shows nothing")
        #expect(text.japanese == "「heading」（今日）がセンサーハウジング（ノッチや Dynamic Island）に隠れています")
    }

    @Test func theOffScreenMessageBracketsTheFrameOnce() throws {
        let text = try firstFinding("""
            image i
            i.leading = screen.trailing - 10
            i.top = safe.top
            i.size = 100
            """)
        #expect(text.english == "'i' is partly off screen at (365, 44, 100×100) on a 375 × 812 pt screen")
        #expect(text.japanese == "「i」の一部が画面の外に出ています。位置と大きさは (365, 44, 100×100)、画面は 375 × 812 pt です")
        #expect(!text.english.contains("((") && !text.japanese.contains("（("))
    }

    @Test func messagesAreInBothLanguages() throws {
        let text = try firstFinding("""
            button go "Continue" "続ける"
            go.centerX = safe.centerX
            go.centerY = safe.centerY
            """)
        #expect(text.english == "'go' (\"Continue\") is 92 × 34.3 pt, smaller than the 44 × 44 pt minimum touch target")
        #expect(text.japanese == "「go」（続ける）は 92 × 34.3 pt で、最小タッチ領域 44 × 44 pt より小さくなっています")
    }


    @Test func aLabelCutShortByItsLineLimitSaysHowManyLinesItNeeds() throws {
        let text = try firstFinding(wrappingNoteBlock(20, lines: 2))
        #expect(text.english == "'note' (\"\(hellos(20))\") is cut off: at 343 pt wide its text needs 3 lines, and the label shows 2")
        #expect(text.japanese == "「note」（\(hellos(20))）のテキストが切れています。幅 343 pt では 3 行必要ですが、表示できるのは 2 行です")
    }

    @Test func aOneLineLabelNarrowerThanItsTextSaysHowWideItsTextIs() throws {
        let text = try firstFinding(wrappingNoteBlock(12, lines: nil))
        #expect(text.english == "'note' (\"\(hellos(12))\") is cut off: its text needs 516.7 pt on one line, and the label is 343 pt wide")
        #expect(text.japanese == "「note」（\(hellos(12))）のテキストが切れています。1 行に 516.7 pt 必要ですが、ラベルの幅は 343 pt です")
    }
}
