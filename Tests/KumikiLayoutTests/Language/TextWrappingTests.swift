import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// Line counts and widest lines, the widths rounded to thousandths of an em.
private func lines(_ text: String, _ width: Double) -> [Double] {
    let wrapped = MeasuredText(text).lines(fittingWidth: width)
    return [Double(wrapped.count), (wrapped.widest * 1000).rounded() / 1000]
}

@Suite struct TextWrappingTests {
    @Test func theOneLineWidthIsTheFontMetricsWidth() {
        for text in ["Hello world", "続ける", "Delete this photo?", "この写真を削除しますか？", ""] {
            #expect(MeasuredText(text).width * 17 == FontMetrics.width(of: text, pointSize: 17))
        }
    }

    @Test func latinTextBreaksAtSpaces() {
        // "Hello" 2.278 em, " " 0.278, "world" 2.389: 4.945 em on one line.
        #expect(lines("Hello world", 5) == [1, 4.945])
        #expect(lines("Hello world", 4.945) == [1, 4.945])
        #expect(lines("Hello world", 4.9) == [2, 2.389])
        // The space at the break takes no room on either line.
        #expect(lines("Hello world", 2.389) == [2, 2.389])
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        // W is 0.944 em.
        #expect(lines("WWWW", 2) == [2, 1.888])
        #expect(lines("WWWW", 0) == [4, 0.944])
    }

    @Test func japaneseBreaksBetweenAnyTwoCharacters() {
        #expect(lines("あいうえおか", 3) == [2, 3])
        #expect(lines("あいうえおか", 2.5) == [3, 2])
    }

    @Test func closingPunctuationNeverStartsALine() {
        // "お。" stays together, so the first line ends one character early.
        #expect(lines("あいうえお。", 5) == [2, 4])
        #expect(lines("あいうえお」", 5) == [2, 4])
        #expect(lines("あいうえっと", 4) == [2, 3])
    }

    @Test func openingBracketsNeverEndALine() {
        // "「い" and "う」" each stay together.
        #expect(lines("あ「いう」", 2) == [3, 2])
        // Were "「" allowed at a line's end, "あい「" would fill the first line.
        #expect(lines("あい「うえ」", 3) == [3, 2])
    }

    @Test func latinInsideJapaneseStaysWhole() {
        // "iPhone" (2.61 em) between kana: the breaks are next to it, not in it.
        let width = MeasuredText("iPhone").width
        #expect(lines("あiPhoneい", width + 0.5) == [3, (width * 1000).rounded() / 1000])
    }

    @Test func anEmptyTextHasNoLines() {
        #expect(lines("", 10) == [0, 0])
        #expect(lines("   ", 10) == [0, 0])
    }
}
