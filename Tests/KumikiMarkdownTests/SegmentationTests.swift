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

    /// One block left untranslated does not unpair the blocks after it:
    /// the runs pair the most blocks of a kind they can, in order.
    @Test func aBlockWithoutAPartnerIsPassedOverAndTheRestPair() {
        #expect(shape("## English heading\n\nMore English text.\n\nもっと日本語。\n")
            == ["en-only(English heading)", "row(More English text. | もっと日本語。)"])
        #expect(shape("First.\n\n## Heading\n\nSecond.\n\n最初。\n\n二番目。\n")
            == ["row(First. | 最初。)", "en-only(Heading)", "row(Second. | 二番目。)"])
        #expect(shape("## 見出し\n\n本文。\n\nBody.\n")
            == ["ja-only(見出し)", "row(Body. | 本文。)"])
        // Where two blocks could take a partner, the first does.
        #expect(shape("One.\n\nTwo.\n\n一。\n") == ["row(One. | 一。)", "en-only(Two.)"])
    }

    /// A paragraph of images pairs only with another (an image localised
    /// in each language); alone it spans both columns, untranslated by
    /// nobody, and the paragraphs around it pair.
    @Test func aParagraphOfImagesPairsOnlyWithImages() {
        #expect(shape("Intro.\n\n紹介。\n\n![A diagram of margins](x.png)\n\nOutro.\n\n結び。\n")
            == ["row(Intro. | 紹介。)", "span(A diagram of margins)", "row(Outro. | 結び。)"])
        #expect(shape("![A diagram of margins](x.png)\n\n![余白の図](y.png)\n") == ["row(A diagram of margins | 余白の図)"])
        #expect(shape("![Margins](x.png)\n\nBody.\n\n![余白](y.png)\n\n本文。\n")
            == ["row(Margins | 余白)", "row(Body. | 本文。)"])
        #expect(shape("[![The logo](l.png)](https://example.org)\n") == ["span(The logo)"])
        #expect(shape("See ![the diagram](x.png).\n") == ["en-only(See the diagram.)"])
    }

    @Test func aPassedOverBlocksTranslationGoesWhereItWouldPair() {
        let text = "First.\n\n## Heading\n\nSecond.\n\n最初。\n\n二番目。\n"
        let doc = MarkdownDocument.parse(path: "s.md", text: text)
        let placements = BilingualSegmenter.placements(doc.root.children)
        #expect(placements.count == 1)
        #expect(placements.first?.block.plainText == "Heading")
        #expect(placements.first?.after.plainText == "最初。")
        #expect(placements.first?.partnersOf.map(\.plainText) == ["Heading"])
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
