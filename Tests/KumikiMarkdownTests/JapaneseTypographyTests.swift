import Testing
@testable import KumikiMarkdown

/// The Japanese typography warnings of `kumiki check`: full-width and
/// half-width forms mixed in one page, and the spacing between Japanese and
/// Latin text that `ja_latin_spacing` asks for.
@Suite struct JapaneseTypographyTests {
    private func warnings(_ markdown: String, spacing: JapaneseLatinSpacing = .off) -> [String] {
        let document = MarkdownDocument.parse(path: "t.md", text: markdown)
        return JapaneseTypography(latinSpacing: spacing).warnings(for: document).map(\.description)
    }

    @Test func oneFormPerPageIsClean() {
        #expect(warnings("ボタン（Button）は中央に置きます。\n\n注意：余白を残します。\n").isEmpty)
    }

    @Test func onlyLinesWithAMarkInEitherFormAreLookedAtClosely() {
        #expect(JapaneseTypography.mayHoldMark("注意：余白"))
        #expect(JapaneseTypography.mayHoldMark("ボタン（押す）"))
        #expect(JapaneseTypography.mayHoldMark("ボタン）"))
        #expect(JapaneseTypography.mayHoldMark("10:30"))
        #expect(JapaneseTypography.mayHoldMark("f(x)"))
        #expect(!JapaneseTypography.mayHoldMark("余白を残します。「強調」、ｾｰﾌｴﾘｱ"))
        // ｈ (U+FF48, EF BD 88) and 〈 (U+3008, E3 80 88) end in the byte
        // that ends （ (EF BC 88), after other lead bytes: not marks.
        #expect(!JapaneseTypography.mayHoldMark("\u{FF48}\u{3008}\u{FF49}"))
        #expect(!JapaneseTypography.mayHoldMark("Plain English, no marks at all."))
    }

    @Test func theLessUsedFormIsReportedAtItsColumnInCharacters() {
        let found = warnings("ボタン（押す）と（引く）。\n\nスライダー(動かす)。\n")
        #expect(found == [
            "t.md:3:6: warning: the Japanese text of this page writes the opening parenthesis both as '（' (2×) and '(' (1×); write '（' here instead of '('",
            "t.md:3:10: warning: the Japanese text of this page writes the closing parenthesis both as '）' (2×) and ')' (1×); write '）' here instead of ')'",
        ])
    }

    @Test func ratiosTimesCodeURLsAndFormulasAreNotProse() {
        let markdown = """
            注意：画面比は 19.5:9、コントラストは 4.5:1 以上、集合は 10:30 です。

            優先度 p の重みは 10^((p − 250) / 125) で、f(x) と書きます（例）。

            注意：`a:b` と <https://example.com/a:b> と [リンク](https://example.com/(x)) と $x:y$ と https://example.com/c:d を使う。

            ```
            コード(例)：a:b
            ```
            """
        #expect(warnings(markdown).isEmpty)
    }

    @Test func englishTextIsNotChecked() {
        #expect(warnings("Note: the ratio (here) is fine.\n\n注意：日本語です。\n").isEmpty)
    }

    @Test func spacingAlwaysWantsASpaceBetweenJapaneseAndLatin() {
        #expect(warnings("Auto Layoutを使う。\n", spacing: .always)
            == ["t.md:1:12: warning: put a space between 't' and 'を': Japanese and Latin text are separated by spaces on this site (ja_latin_spacing: always)"])
        #expect(warnings("Auto Layout を使う。\n", spacing: .always).isEmpty)
    }

    @Test func spacingNeverWantsNoSpace() {
        #expect(warnings("Auto Layout を使う。\n", spacing: .never)
            == ["t.md:1:12: warning: remove the space between 't' and 'を': Japanese and Latin text touch on this site (ja_latin_spacing: never)"])
        #expect(warnings("Auto Layoutを使う。\n", spacing: .never).isEmpty)
    }

    @Test func spacingOffChecksNothing() {
        #expect(warnings("Auto Layoutを使う。Auto Layout を使う。\n").isEmpty)
    }
}
