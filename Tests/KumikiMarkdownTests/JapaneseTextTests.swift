import Testing
@testable import KumikiMarkdown

@Suite struct JapaneseTextTests {
    private func html(_ markdown: String) -> String {
        HTMLRenderer().render(MarkdownDocument.parse(path: "t.md", text: markdown).root)
    }

    @Test func softBreakBetweenJapaneseCharactersIsNoSpace() {
        #expect(html("日本語の文章は\n改行しても続く。\n") == "<p>日本語の文章は改行しても続く。</p>\n")
    }

    @Test func softBreakAfterJapanesePunctuationIsNoSpace() {
        #expect(html("最初の文です。\n次の文です。\n") == "<p>最初の文です。次の文です。</p>\n")
    }

    @Test func softBreakBetweenEnglishWordsStaysALineBreak() {
        #expect(html("English text\ncontinues here\n") == "<p>English text\ncontinues here</p>\n")
    }

    @Test func softBreakBetweenJapaneseAndLatinStays() {
        #expect(html("ボタンは\nAuto Layout で置く\n") == "<p>ボタンは\nAuto Layout で置く</p>\n")
    }

    @Test func strongEmphasisNextToJapaneseBracketsRenders() {
        #expect(html("これは**「強調」**です。\n") == "<p>これは<strong>「強調」</strong>です。</p>\n")
    }

    @Test func emphasisNextToJapaneseBracketsRenders() {
        #expect(html("これは*「強調」*です。\n") == "<p>これは<em>「強調」</em>です。</p>\n")
    }

    @Test func emphasisThatCommonMarkAlreadyParsesIsUnchanged() {
        #expect(html("これは**強調**です。\n") == "<p>これは<strong>強調</strong>です。</p>\n")
        #expect(html("a **b** c\n") == "<p>a <strong>b</strong> c</p>\n")
    }

    @Test func literalAsterisksInEnglishStayLiteral() {
        #expect(html("2 * 3 * 4 and a*b\n") == "<p>2 * 3 * 4 and a*b</p>\n")
        #expect(html("foo**\"bar\"**baz\n") == "<p>foo**&quot;bar&quot;**baz</p>\n")
    }

    @Test func scriptClassificationCountsJapaneseLettersAgainstLatinWords() {
        #expect(ScriptClassifier.classify("Buttons stay centred.") == .english)
        #expect(ScriptClassifier.classify("ボタンは中央に置きます。") == .japanese)
        #expect(ScriptClassifier.classify("Auto Layout を使うと、ボタンを中央に保てます。") == .japanese)
        #expect(ScriptClassifier.classify("The Japanese word 組木 means joinery.") == .english)
        #expect(ScriptClassifier.classify("375 × 812") == .neutral)
        #expect(ScriptClassifier.classify("") == .neutral)
    }
}
