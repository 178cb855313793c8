import Testing
import KumikiSearch

@Suite struct SearchNormalizerTests {
    @Test func halfWidthKatakanaMeetsFullWidth() {
        #expect(SearchNormalizer.normalized("ｾｰﾌｴﾘｱ") == SearchNormalizer.normalized("セーフエリア"))
    }

    @Test func fullWidthLatinAndDigitsMeetTheirNarrowForms() {
        #expect(SearchNormalizer.normalized("ＩＰａｄ") == "ipad")
        #expect(SearchNormalizer.normalized("４４ポイント") == SearchNormalizer.normalized("44ポイント"))
    }

    @Test func theProlongedSoundMarkIsOptional() {
        #expect(SearchNormalizer.normalized("インジケーター") == SearchNormalizer.normalized("インジケータ"))
    }

    @Test func katakanaAndHiraganaAreOneForm() {
        #expect(SearchNormalizer.normalized("シート") == SearchNormalizer.normalized("しーと"))
    }
}
