import Testing
@testable import KumikiSearch

@Suite struct SearchGlossaryTests {
    @Test func linesOfFormsSeparatedByEqualsSignsAreEntries() {
        let glossary = SearchGlossary(lines: """
            # Layout
            制約 = せいやく = constraint

            スプリットビュー = split view
            lonely
            """)
        #expect(glossary.entries == [["制約", "せいやく", "constraint"], ["スプリットビュー", "split view"]])
    }

    @Test func everyBundledEntryHasTwoFormsThatSearchCanFind() {
        #expect(SearchGlossary.bundled.entries.count > 100)
        for entry in SearchGlossary.bundled.entries {
            #expect(entry.count >= 2, "\(entry)")
            for form in entry { #expect(!SearchTokenizer.terms(form).isEmpty, "\(form) in \(entry)") }
        }
    }

    @Test func everyBundledJapaneseFormHasTwoCharactersOrMore() {
        // A lone kanji is a term of the index only where no other Japanese
        // letter touches it, and a query would find it inside other words.
        for form in SearchGlossary.bundled.entries.joined() where !form.unicodeScalars.allSatisfy(\.isASCII) {
            #expect(form.count >= 2, "\(form)")
        }
    }

    @Test func theBundledEntriesGiveEachKanjiWordItsReadingInHiragana() {
        let readings = SearchGlossary.bundled.entries.filter { $0.contains("制約") || $0.contains("優先度") }
        #expect(readings == [["制約", "せいやく", "constraint"], ["優先度", "ゆうせんど", "priority"]])
    }

    @Test func aSiteKeepsOnlyTheEntriesOfWhichItsTextHoldsAForm() {
        let glossary = SearchGlossary(entries: [["制約", "せいやく"], ["split view", "スプリットビュー"], ["余白", "padding"]])
        let siteTerms = Set(SearchTokenizer.terms("制約を書く。In Split View, the window is narrower."))
        let used = glossary.used(bySiteTerms: siteTerms)
        #expect(used.entries == [["制約", "せいやく"], ["split view", "スプリットビュー"]])
        #expect(used.heldForms == [["制約"], ["split view"]])
        #expect(used.script == "kumikiSearch.glossary([\n[\"制約\",null,\"せいやく\"],\n[\"split view\",null,\"スプリットビュー\"]]);\n")
        // Every word of a form must be there, not only one of them.
        #expect(glossary.used(bySiteTerms: Set(SearchTokenizer.terms("a split in two"))).entries == [])
    }

    @Test func theSiteEntriesFollowTheBundledOnes() {
        let site = SearchGlossary(entries: [["組版", "くみはん", "typesetting"]])
        let merged = SearchGlossary.bundled.adding(site)
        #expect(merged.entries.last == ["組版", "くみはん", "typesetting"])
        #expect(merged.entries.count == SearchGlossary.bundled.entries.count + 1)
    }

    @Test func theScriptHandsTheEntriesToTheSearchAsJSON() {
        let glossary = SearchGlossary(entries: [["制約", "せいやく"], ["say \"hi\"", "やあ"]])
        #expect(glossary.script == "kumikiSearch.glossary([\n[\"制約\",\"せいやく\"],\n[\"say \\\"hi\\\"\",\"やあ\"]]);\n")
    }
}
