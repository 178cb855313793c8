import Testing
@testable import KumikiMarkdown

/// Emphasis by the "markdown-cjk-friendly" rules: a delimiter run next to
/// Chinese, Japanese or Korean text opens or closes where CommonMark's own
/// flanking rules refuse, and English keeps CommonMark's exact behaviour.
@Suite struct CJKEmphasisTests {
    private func html(_ markdown: String) -> String {
        HTMLRenderer().render(MarkdownDocument.parse(path: "t.md", text: markdown).root)
    }

    // MARK: Japanese brackets and punctuation

    @Test func twoStrongPhrasesInBracketsStayTwo() {
        // The old repair, run after cmark had paired the delimiters, nested
        // the second phrase inside the first.
        #expect(html("**「A」**と**「B」**\n") == "<p><strong>「A」</strong>と<strong>「B」</strong></p>\n")
    }

    @Test func strongAndEmphasisInOneJapaneseSentence() {
        #expect(html("これは**「強調」**です。そして*『書名』*も斜体です。\n")
            == "<p>これは<strong>「強調」</strong>です。そして<em>『書名』</em>も斜体です。</p>\n")
    }

    @Test func closingAfterJapanesePunctuationBeforeALetter() {
        #expect(html("これは**私のやりたかったこと。**だからするの。\n")
            == "<p>これは<strong>私のやりたかったこと。</strong>だからするの。</p>\n")
    }

    @Test func chinesePunctuationInsideStrong() {
        #expect(html("**该星号不会被识别，而是直接显示。**这是因为\n")
            == "<p><strong>该星号不会被识别，而是直接显示。</strong>这是因为</p>\n")
    }

    // MARK: Escapes, underscores, triple runs

    @Test func escapedAndEntityDelimitersAreNeverEmphasis() {
        #expect(html("これは\\*「強調」\\*です。\n") == "<p>これは*「強調」*です。</p>\n")
        #expect(html("これは&#42;「強調」&#42;です。\n") == "<p>これは*「強調」*です。</p>\n")
        #expect(html("これは\\***「強調」**です。\n") == "<p>これは*<strong>「強調」</strong>です。</p>\n")
        // CommonMark's rule of three still holds: `*` cannot pair with
        // `**` when either run could both open and close.
        #expect(html("これは\\**「強調」**です。\n") == "<p>これは**「強調」**です。</p>\n")
    }

    @Test func underscoresOpenAndCloseNextToCJKPunctuation() {
        #expect(html("__注意__：注意事項\n") == "<p><strong>注意</strong>：注意事項</p>\n")
        #expect(html("注意：__注意事項__\n") == "<p>注意：<strong>注意事項</strong></p>\n")
        #expect(html("正體字。︁_Traditional._\n") == "<p>正體字。︁<em>Traditional.</em></p>\n")
    }

    @Test func underscoresStayLiteralInsideWords() {
        // `_` between two letters is inside a word, in Japanese as in
        // English (`snake_case`): the amendment keeps that rule.
        #expect(html("これは__「強調」__です。\n") == "<p>これは__「強調」__です。</p>\n")
        #expect(html("snake_case_name\n") == "<p>snake_case_name</p>\n")
    }

    @Test func tripleRunIsEmphasisAroundStrong() {
        #expect(html("これは***「強調」***です。\n") == "<p>これは<em><strong>「強調」</strong></em>です。</p>\n")
        #expect(html("***both***\n") == "<p><em><strong>both</strong></em></p>\n")
    }

    // MARK: Links and code

    @Test func emphasisAroundLinks() {
        #expect(html("**[製品ほげ](./product-foo)**と**[製品ふが](./product-bar)**をお試しください\n")
            == "<p><strong><a href=\"./product-foo\">製品ほげ</a></strong>と<strong><a href=\"./product-bar\">製品ふが</a></strong>をお試しください</p>\n")
        #expect(html("単語と**[単語と](word-and)**単語\n") == "<p>単語と<strong><a href=\"word-and\">単語と</a></strong>単語</p>\n")
    }

    @Test func emphasisAroundCode() {
        #expect(html("**`code`**を実行する\n") == "<p><strong><code>code</code></strong>を実行する</p>\n")
        // Delimiters inside code are code.
        #expect(html("`**「A」**`と書く\n") == "<p><code>**「A」**</code>と書く</p>\n")
    }

    @Test func delimitersInURLsAndHTMLStayAsWritten() {
        #expect(html("[a](http://x/a_b*c)\n") == "<p><a href=\"http://x/a_b*c\">a</a></p>\n")
        #expect(html("<http://x/a_b_c>\n") == "<p><a href=\"http://x/a_b_c\">http://x/a_b_c</a></p>\n")
    }

    // MARK: Beyond the basic block

    @Test func ideographsOfExtensionB() {
        // 𠮷 is U+20BB7, outside the Basic Multilingual Plane.
        #expect(html("**「𠮷野家」**で食べる\n") == "<p><strong>「𠮷野家」</strong>で食べる</p>\n")
        #expect(html("これは**𠮷。**𠮷\n") == "<p>これは<strong>𠮷。</strong>𠮷</p>\n")
    }

    @Test func variationSelectorsAfterIdeographs() {
        // 葛󠄀 is 葛 followed by the ideographic variation selector U+E0100;
        // 〇︀ has the standardized variation selector U+FE00.
        #expect(html("**葛󠄀**（かつら）\n") == "<p><strong>葛󠄀</strong>（かつら）</p>\n")
        #expect(html("a**「〇︀」**b\n") == "<p>a<strong>「〇︀」</strong>b</p>\n")
        // A quotation mark followed by U+FE01 is its full-width, CJK form.
        #expect(html("**“\u{FE01}Git”\u{FE01}**Hub\n") == "<p><strong>“\u{FE01}Git”\u{FE01}</strong>Hub</p>\n")
    }

    @Test func koreanBeforeAParticle() {
        #expect(html("패키지를 발행하려면 **`npm publish`**를 실행하십시오.\n")
            == "<p>패키지를 발행하려면 <strong><code>npm publish</code></strong>를 실행하십시오.</p>\n")
        #expect(html("**이 별표(\\*\\*)**는 강조\n") == "<p><strong>이 별표(**)</strong>는 강조</p>\n")
    }

    // MARK: English keeps CommonMark

    @Test func englishKeepsCommonMarkFlanking() {
        #expect(html("foo**\"bar\"**baz\n") == "<p>foo**&quot;bar&quot;**baz</p>\n")
        #expect(html("a * b * c and a*b\n") == "<p>a * b * c and a*b</p>\n")
        #expect(html("*(*foo*)*\n") == "<p><em>(<em>foo</em>)</em></p>\n")
        #expect(html("*foo**bar**baz*\n") == "<p><em>foo<strong>bar</strong>baz</em></p>\n")
        #expect(html("foo***bar***baz\n") == "<p>foo<em><strong>bar</strong></em>baz</p>\n")
    }

    @Test func listMarkersAndRulesAreStructure() {
        #expect(html("* *a* item\n") == "<ul>\n<li><em>a</em> item</li>\n</ul>\n")
        #expect(html("***\n") == "<hr>\n")
        #expect(html("___\n") == "<hr>\n")
    }
}
