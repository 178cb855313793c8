import Testing
import KumikiSearch

@Suite struct EnglishStemmerTests {
    @Test(arguments: [
        ("discarding", "discard"), ("discarded", "discard"), ("popovers", "popover"), ("sheets", "sheet"),
        ("categories", "category"), ("classes", "class"), ("guides", "guid"), ("guide", "guid"),
        ("running", "run"), ("called", "call"), ("glass", "glass"), ("status", "status"),
    ])
    func endingsComeOff(word: String, stem: String) {
        #expect(EnglishStemmer.stem(word) == stem)
    }

    @Test func shortWordsAndWordsWithDigitsStayAsTheyAre() {
        #expect(EnglishStemmer.stem("bars") == "bar")
        #expect(EnglishStemmer.stem("ios") == "ios")
        #expect(EnglishStemmer.stem("x11s") == "x11s")
    }
}
