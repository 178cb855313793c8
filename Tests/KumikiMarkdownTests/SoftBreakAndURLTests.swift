import Testing
@testable import KumikiMarkdown

/// Line breaks inside CJK text, and link destinations percent-encoded the
/// way CommonMark's reference renderer writes them.
@Suite struct SoftBreakAndURLTests {
    private func html(_ markdown: String) -> String {
        HTMLRenderer().render(MarkdownDocument.parse(path: "t.md", text: markdown).root)
    }

    // MARK: Soft line breaks

    @Test func breakBetweenChineseCharactersVanishes() {
        #expect(html("中文的句子\n换行后继续。\n") == "<p>中文的句子换行后继续。</p>\n")
    }

    @Test func breakBetweenIdeographsBeyondTheBasicBlockVanishes() {
        // U+20BB7 (Extension B) and U+2A6B2 (Extension B), and a fullwidth form.
        #expect(html("𠮷\n𠮷\n") == "<p>𠮷𠮷</p>\n")
        #expect(html("野家\n𪚲\n") == "<p>野家𪚲</p>\n")
        #expect(html("全角！\n全角\n") == "<p>全角！全角</p>\n")
    }

    @Test func breakAfterAVariationSelectorVanishes() {
        // 葛󠄀: 葛 and the ideographic variation selector U+E0100.
        #expect(html("葛󠄀\n城\n") == "<p>葛󠄀城</p>\n")
        #expect(html("〇︀\n城\n") == "<p>〇︀城</p>\n")
    }

    @Test func breakBetweenHangulStaysASpace() {
        #expect(html("한국어는\n띄어 쓴다\n") == "<p>한국어는\n띄어 쓴다</p>\n")
    }

    @Test func breakBetweenCJKAndLatinStays() {
        #expect(html("𠮷\nLatin\n") == "<p>𠮷\nLatin</p>\n")
        #expect(html("Latin\n日本\n") == "<p>Latin\n日本</p>\n")
    }

    // MARK: Percent-encoded destinations

    @Test func spacesAndNonASCIIArePercentEncoded() {
        #expect(html("[link](</my uri>)\n") == "<p><a href=\"/my%20uri\">link</a></p>\n")
        #expect(html("[link](foo%20bä)\n") == "<p><a href=\"foo%20b%C3%A4\">link</a></p>\n")
        #expect(html("![画像](写真 1.png)\n") == "<p>![画像](写真 1.png)</p>\n")
        #expect(html("![画像](<写真 1.png>)\n")
            == "<p><img src=\"%E5%86%99%E7%9C%9F%201.png\" alt=\"画像\" loading=\"lazy\"></p>\n")
    }

    @Test func escapesAlreadyWrittenAreKept() {
        #expect(html("[a](https://example.com/%E6%97%A5?q=1&r=2#top)\n")
            == "<p><a href=\"https://example.com/%E6%97%A5?q=1&amp;r=2#top\">a</a></p>\n")
    }

    @Test func backslashInAnAutolinkIsEncoded() {
        #expect(html("<http://example.com/\\[\\>\n")
            == "<p><a href=\"http://example.com/%5C%5B%5C\">http://example.com/\\[\\</a></p>\n")
    }

    @Test func percentEncodingIsIdempotent() {
        let once = "/my uri/ä".percentEncodedForHref
        #expect(once == "/my%20uri/%C3%A4")
        #expect(once.percentEncodedForHref == once)
    }
}
