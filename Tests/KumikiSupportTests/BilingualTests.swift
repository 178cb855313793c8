import Foundation
import Testing
import KumikiSupport

@Suite struct BilingualTests {
    @Test func holdsTheEnglishAndTheJapanese() {
        let title = Bilingual("Spacing", "余白")
        #expect(title.english == "Spacing" && title.japanese == "余白")
        #expect(title == Bilingual(english: "Spacing", japanese: "余白"))
        #expect(Bilingual(both: "iPad") == Bilingual("iPad", "iPad"))
    }

    @Test func transformsBothLanguagesAlike() {
        #expect(Bilingual("Go", "進む").map(\.count) == Bilingual(2, 2))
    }

    @Test func joinsPartsWithEachLanguagesSeparator() {
        let parts = [Bilingual("portrait", "縦向き"), Bilingual(both: "Split View 1/2")]
        #expect(Bilingual.joining(parts, english: ", ", japanese: "、") == Bilingual("portrait, Split View 1/2", "縦向き、Split View 1/2"))
        #expect(Bilingual.joining([], english: ", ", japanese: "、") == Bilingual("", ""))
    }

    @Test func encodesAsItsTwoNamedLanguages() throws {
        let data = try JSONEncoder().encode(Bilingual("A", "あ"))
        let decoded = try JSONDecoder().decode([String: String].self, from: data)
        #expect(decoded == ["english": "A", "japanese": "あ"])
        #expect(try JSONDecoder().decode(Bilingual<String>.self, from: data) == Bilingual("A", "あ"))
    }
}
