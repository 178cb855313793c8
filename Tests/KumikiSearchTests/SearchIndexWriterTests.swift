import Foundation
import Testing
import KumikiSearch

@Suite struct SearchIndexWriterTests {
    static let rows = [
        SearchRow(anchor: "", section: 0, english: "Modality", japanese: "モーダル", isHeading: true),
        SearchRow(anchor: "confirm-before-discarding-work", section: 1, english: "Confirm before discarding work",
                  japanese: "作業を破棄する前に確認する", isHeading: true),
        SearchRow(anchor: "confirm-before-discarding-work_1", section: 1, english: "Ask before throwing changes away.",
                  japanese: "変更を捨てる前に尋ねます。", isHeading: false),
    ]

    @Test func aTermListsTheRowsItOccursInWithHeadingsMarked() throws {
        let entries = PageSearchEntries(slug: "modality", rows: Self.rows)
        let index = try #require(entries.terms.firstIndex(of: "破棄"))
        #expect(entries.postings[index] == [3])
        let before = try #require(entries.terms.firstIndex(of: "befor"))
        #expect(entries.postings[before] == [3, 4])
    }

    @Test func theIndexIsTheSameWhateverTheOrderEntriesWereMadeIn() {
        let first = PageSearchEntries(slug: "a", rows: Self.rows)
        let second = PageSearchEntries(slug: "b", rows: Array(Self.rows.reversed()))
        let once = SearchIndexWriter.files([first, second])
        let again = SearchIndexWriter.files([PageSearchEntries(slug: "a", rows: Self.rows), second])
        #expect(once == again)
        #expect(once.first?.path == "search/index.js")
        #expect(once.first?.text.contains(#""slugs":["0a","0b"],"rowCounts":"3,3""#) == true)
    }

    @Test func storedEntriesReadBackTheSame() {
        let entries = PageSearchEntries(slug: "guides/modality", rows: Self.rows)
        #expect(PageSearchEntries(stored: entries.stored) == entries)
        #expect(PageSearchEntries(stored: Data("KUMIKI-SEARCH 1\nx\n".utf8)) == nil)
    }

    @Test func theTermHashIsFNV1a() {
        #expect(SearchIndexWriter.termHash("") == 0x811C_9DC5)
        #expect(SearchIndexWriter.termHash("a") == 0xE40C_292C)
    }
}
