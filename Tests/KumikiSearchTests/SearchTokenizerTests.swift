import Testing
import KumikiSearch

@Suite struct SearchTokenizerTests {
    @Test func aJapaneseWordIsFoundInsideRunningText() {
        let text = Set(SearchTokenizer.terms("作業を破棄する前に確認する"))
        for term in SearchTokenizer.queryTerms("破棄") { #expect(text.contains(term.text)) }
    }

    @Test func pairsInsideOneScriptCountAndPairsAcrossAParticleCountLess() {
        let terms = SearchTokenizer.queryTerms("作業の破棄")
        let weights = Dictionary(uniqueKeysWithValues: terms.map { ($0.text, $0.weight) })
        #expect(weights["作業"] == 1 && weights["破棄"] == 1)
        #expect((weights["業の"] ?? 1) < 1 && (weights["の破"] ?? 1) < 1)
        let text = Set(SearchTokenizer.terms("作業を破棄する前に確認する"))
        #expect(text.contains("作業") && text.contains("破棄"))
    }

    @Test func widthFormsGiveTheSameTerms() {
        #expect(SearchTokenizer.terms("ｾｰﾌｴﾘｱ") == SearchTokenizer.terms("セーフエリア"))
        #expect(SearchTokenizer.terms("ＩＰａｄ") == ["ipad"])
    }

    @Test func latinWordsInsideJapaneseTextAreWordsOfTheirOwn() {
        let terms = SearchTokenizer.terms("iPad のスプリットビュー")
        #expect(terms.first == "ipad")
        #expect(terms.contains("すぷ"))
        #expect(SearchTokenizer.terms("Auto Layoutと制約") == ["auto", "layout", "と制", "制約"])
    }

    @Test func englishWordsAreStemmedAndFunctionWordsLeftOut() {
        #expect(SearchTokenizer.terms("Discarding the popovers") == ["discard", "popover"])
        #expect(SearchTokenizer.terms("discards discarded discard") == ["discard", "discard", "discard"])
        #expect(SearchTokenizer.queryTerms("how much space around a button").map(\.text) == ["spac", "around", "button"])
    }

    @Test func aQueryInHiraganaOnlyCountsAllItsPairs() {
        #expect(SearchTokenizer.queryTerms("せいやく").allSatisfy { $0.weight == 1 })
    }

    @Test func stopWordsAreLeftOutInAnyCaseButWordsThatOnlyBeginLikeThemStay() {
        #expect(SearchTokenizer.terms("The THEORY of Them, andy; SHOULD shoulder") == ["theory", "them", "andy", "shoulder"])
        #expect(SearchTokenizer.terms("Über the café") == ["über", "café"])
    }

    /// Most text is cut as it is folded by hand; a character that cannot be
    /// (here a combining mark) sends the whole text through Unicode's rules,
    /// and no term of the character it changes is left behind.
    @Test func aCombiningMarkChangesTheCharacterBeforeItAndNoTermKeepsTheOldOne() {
        #expect(SearchTokenizer.terms("作業か\u{3099}き") == SearchTokenizer.terms("作業がき"))
        #expect(SearchTokenizer.terms("カ\u{3099}ラス") == SearchTokenizer.terms("ガラス"))
        #expect(SearchTokenizer.terms("cafe\u{301} au lait") == ["café", "au", "lait"])
        #expect(SearchTokenizer.terms("カ\u{3099}") == ["が"])
        #expect(SearchTokenizer.terms("か\u{3099}").isEmpty)
    }

    @Test func charactersOfEveryLengthInUTF8MakeTheirPairs() {
        #expect(SearchTokenizer.terms("𠀋の字") == ["𠀋の", "の字"])
        #expect(SearchTokenizer.terms("ア") == ["あ"])
        #expect(SearchTokenizer.terms("の") == [])
    }

    /// A query asks for a kanji alone when no kanji stands beside it (the
    /// index writes those lists, `KanjiAloneLists`).
    @Test func aQueryAsksForAKanjiAloneOnlyWhereNoKanjiStandsBesideIt() {
        #expect(SearchTokenizer.queryTerms("端").map(\.text) == ["端"])
        let query = SearchTokenizer.queryTerms("画面の端").map(\.text)
        #expect(query.contains("端") && query.contains("画面"))
        #expect(!query.contains("画") && !query.contains("面"))
    }

    /// The index cuts text as it reads it; a query is cut run by run, to
    /// weigh its pairs. Both find the same terms in any text, but for the
    /// kanji alone a query asks for, which the index writes from the pairs.
    @Test(arguments: [
        "作業を破棄する前に確認する", "iPad のスプリットビュー", "Auto Layoutと制約、ｾｰﾌｴﾘｱ。", "ア の 字 ー ・ インジケーター",
        "Café déjà-vu 𠀋𠀋の字 x11s ＩＰａｄ Ⅻ ① 〇〇", "The THEORY of them: 44 pt, ４４ｐｔ, 19.5:9",
        "作業か\u{3099}き", "設定cafe\u{301}と", "ア\u{3099}イ ー\u{3099}", "語\u{301}", "Ａ\u{301}b",
    ])
    func theIndexAndAQueryCutTextIntoTheSameTerms(text: String) {
        let index = Set(SearchTokenizer.terms(text))
        let query = Set(SearchTokenizer.queryTerms(text).map(\.text).filter { !index.contains($0) ? $0.unicodeScalars.count != 1 : true })
        #expect(index == query)
    }
}
