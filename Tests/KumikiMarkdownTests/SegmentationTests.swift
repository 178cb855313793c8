import Testing
@testable import KumikiMarkdown

@Suite struct SegmentationTests {
    private func shape(_ markdown: String) -> [String] {
        let doc = MarkdownDocument.parse(path: "s.md", text: markdown)
        return BilingualSegmenter.segment(doc.root.children).map { segment in
            switch segment {
            case .row(let en, let ja): return "row(\(en.plainText) | \(ja.plainText))"
            case .span(let node): return "span(\(node.plainText.trimmingCharacters))"
            case .untranslated(let node, let script): return "\(script.rawValue)-only(\(node.plainText))"
            }
        }
    }

    @Test func interleavedParagraphsPair() {
        #expect(shape("Hello there.\n\nこんにちは。\n\nSecond one.\n\n二つ目です。\n")
            == ["row(Hello there. | こんにちは。)", "row(Second one. | 二つ目です。)"])
    }

    @Test func japaneseMayComeFirst() {
        #expect(shape("こんにちは。\n\nHello there.\n") == ["row(Hello there. | こんにちは。)"])
    }

    @Test func runsPairPositionByPosition() {
        #expect(shape("## Title\n\nFirst.\n\n## タイトル\n\n最初。\n")
            == ["row(Title | タイトル)", "row(First. | 最初。)"])
    }

    @Test func differentKindsDoNotPair() {
        #expect(shape("Just a paragraph.\n\n## 見出し\n")
            == ["en-only(Just a paragraph.)", "ja-only(見出し)"])
    }

    @Test func unpartneredBlocksAreUntranslated() {
        #expect(shape("Only English here.\n\n```\ncode\n```\n\n日本語だけ。\n")
            == ["en-only(Only English here.)", "span(code)", "ja-only(日本語だけ。)"])
    }

    @Test func headingWithParenthesisedJapaneseSplits() {
        #expect(shape("## Safe area(セーフエリア)\n") == ["row(Safe area | セーフエリア)"])
        #expect(shape("## Safe area（セーフエリア）\n") == ["row(Safe area | セーフエリア)"])
        #expect(shape("## Sizes (in points)\n") == ["en-only(Sizes (in points))"])
    }

    @Test func listSwitchingLanguagePartWaySplitsAndPairs() {
        #expect(shape("- One\n- Two\n- 一つ\n- 二つ\n") == ["row(One Two | 一つ 二つ)"])
    }

    @Test func listAlternatingItemsSplitsAndPairs() {
        #expect(shape("1. One\n2. 一つ\n3. Two\n4. 二つ\n") == ["row(One Two | 一つ 二つ)"])
    }

    @Test func separateListsPair() {
        #expect(shape("- One\n- Two\n\n<!-- -->\n\n- 一つ\n- 二つ\n").count == 3)
        #expect(shape("- One\n- Two\n\n---\n\n* 一つ\n* 二つ\n").first == "en-only(One Two)")
        #expect(shape("- One\n- Two\n\n* 一つ\n* 二つ\n") == ["row(One Two | 一つ 二つ)"])
    }

    @Test func aPlaceholderHoldsAMissingTranslationsPlaceAndStaysUntranslated() {
        // The second English paragraph's partner is a placeholder: the first
        // pair still pairs, and the second is untranslated, in one segment.
        #expect(shape("First.\n\nSecond.\n\n最初。\n\n（未翻訳）\n")
            == ["row(First. | 最初。)", "en-only(Second.)"])
        #expect(shape("## Heading\n\n## （未翻訳）\n") == ["en-only(Heading)"])
        #expect(shape("日本語。\n\n(untranslated)\n") == ["ja-only(日本語。)"])
        // A placeholder without a partner is shown as it is.
        #expect(shape("（未翻訳）\n") == ["ja-only(（未翻訳）)"])
    }

    @Test func aMissingTranslationGoesWhereItPairs() {
        let doc = MarkdownDocument.parse(path: "s.md", text: "First.\n\nSecond.\n\n最初。\n\nAlone.\n\n---\n\n1. 一つ\n")
        let placements = BilingualSegmenter.placements(doc.root.children).map { placement in
            "\(placement.block.plainText) after \(placement.after.plainText) (\(placement.missing.rawValue))"
        }
        #expect(placements == ["Second. after 最初。 (ja)", "Alone. after Alone. (ja)", "一つ after 一つ (en)"])
    }

    @Test func neutralBlocksSpan() {
        #expect(shape("![](a.png)\n\n***\n") == ["span()", "span()"])
    }
}

extension String {
    fileprivate var trimmingCharacters: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
