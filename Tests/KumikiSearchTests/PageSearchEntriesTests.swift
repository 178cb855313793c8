import Foundation
import Testing
@testable import KumikiSearch

@Suite struct PageSearchEntriesTests {
    /// Enough distinct terms to make the page's table grow several times,
    /// in every kind of text the tokenizer tells apart.
    static let rows: [SearchRow] = (0..<40).map { number in
        let english = (0..<60).map { "Word\(number * 60 + $0)" }.joined(separator: " ")
            + " Discarding the popovers, Café déjà vu, ＩＰａｄ and iPad" + (number % 4 == 0 ? " cafe\u{301}" : "")
        let japanese = "作業を破棄する前に確認する\(number)回目。ｾｰﾌｴﾘｱ と セーフエリア、𠀋𠀋の字、ア。"
            + (number % 3 == 0 ? "作業か\u{3099}き" : "")
            + String(repeating: "漢字かなカナ", count: number % 3)
        return SearchRow(anchor: "row-\(number)", section: number - number % 5, english: english, japanese: japanese,
                         isHeading: number % 5 == 0)
    }

    @Test func aPageHoldsEachOfItsRowsTermsOnceGroupedForTheMergeWithEveryRowItIsIn() {
        var expected: [String: [Int32]] = [:]
        for (index, row) in Self.rows.enumerated() {
            let posting = Int32(index * 2 + (row.isHeading ? 1 : 0))
            for term in SearchTokenizer.indexedTerms(row.english) + SearchTokenizer.indexedTerms(row.japanese)
            where expected[term]?.last != posting {
                expected[term, default: []].append(posting)
            }
        }
        let order = expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let entries = PageSearchEntries(slug: "page", rows: Self.rows)
        #expect(Dictionary(uniqueKeysWithValues: zip(entries.terms, entries.postings)) == expected)
        #expect(entries.terms.count > 2_400)
        // Grouped by the part of the site's merge each term is in, the
        // parts ascending; `placesInByteOrder` gives the terms' byte order.
        let parts = entries.terms.map { TermMerge.part(ofKey: TermBytes.key($0)) }
        #expect(parts == parts.sorted())
        #expect(Set(parts).count == TermMerge.partCount)
        #expect(entries.placesInByteOrder().map { entries.terms[$0] } == order)
    }

    @Test func theSameRowsGiveTheSameEntries() {
        #expect(PageSearchEntries(slug: "page", rows: Self.rows) == PageSearchEntries(slug: "page", rows: Self.rows))
    }

    @Test func theStoredFormListsEachTermWithItsRowsInDecimal() throws {
        let rows = [SearchRow(anchor: "a", section: 0, english: "Grid", japanese: "", isHeading: false)]
            + Array(repeating: SearchRow(anchor: "b", section: 0, english: "", japanese: "", isHeading: false), count: 6)
            + [SearchRow(anchor: "c", section: 7, english: "grid gap", japanese: "", isHeading: true)]
        let entries = PageSearchEntries(slug: "p", rows: rows)
        let text = String(decoding: entries.stored, as: UTF8.self)
        #expect(text.hasPrefix("KUMIKI-SEARCH 3\np\n8\n\(entries.script.count)\n"))
        // A line a term, in the entries' order: the words and the pair
        // "grid gap" (`~` and its hash).
        let pair = try #require(SearchTokenizer.indexedTerms("grid gap").last)
        #expect(pair.hasPrefix("~"))
        let lines = text.split(separator: "\n").suffix(3).map(String.init)
        #expect(lines == entries.terms.map { ["gap": "gap\t15", "grid": "grid\t0,15", pair: "\(pair)\t15"][$0] })
        #expect(PageSearchEntries(stored: entries.stored) == entries)
    }

    /// The merge reads each part of a page where the page says it starts,
    /// so stored terms out of that order (as an older version stored them,
    /// in byte order) are refused, and the page is indexed again.
    @Test func aStoredEntryWhoseTermsAreNotGroupedByPartIsRefused() throws {
        let entries = PageSearchEntries(slug: "p", rows: Self.rows)
        let text = String(decoding: entries.stored, as: UTF8.self)
        let termsStart = try #require(text.range(of: String(decoding: entries.script, as: UTF8.self))).upperBound
        let lines = text[termsStart...].split(separator: "\n")
        #expect(lines.count == entries.termCount)
        let sorted = lines.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(PageSearchEntries(stored: Data((text[..<termsStart] + sorted.joined(separator: "\n") + "\n").utf8)) == nil)
        #expect(PageSearchEntries(stored: Data((text[..<termsStart] + lines.joined(separator: "\n") + "\n").utf8)) == entries)
    }

    /// A stored entry whose postings are not all row numbers is not one
    /// Kumiki wrote: it is refused whole, and the page is indexed again.
    @Test func aStoredEntryWithAPostingThatIsNotANumberIsRefused() {
        let rows = [SearchRow(anchor: "a", section: 0, english: "grid", japanese: "", isHeading: true)]
        let text = String(decoding: PageSearchEntries(slug: "p", rows: rows).stored, as: UTF8.self)
        #expect(text.hasSuffix("grid\t1\n"))
        let damaged = text.dropLast("grid\t1\n".count) + "grid\t1,x\n"
        #expect(PageSearchEntries(stored: Data(damaged.utf8)) == nil)
    }
}
