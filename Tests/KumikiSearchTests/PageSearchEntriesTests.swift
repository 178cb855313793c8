import Foundation
import Testing
import KumikiSupport
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
        let parts = entries.terms.map { TermParts.part(ofKey: TermBytes.key($0)) }
        #expect(parts == parts.sorted())
        #expect(Set(parts).count == TermParts.partCount)
        #expect(entries.placesInByteOrder().map { entries.terms[$0] } == order)
    }

    /// A page's table keeps what was made of each short English word
    /// (`ShortWordMemo`) and takes it back when the word comes again: the
    /// entries are those of every row cut afresh, for stop words, stems
    /// that change letters (stories, story), pairs across a stop word, and
    /// more distinct short words than the memo has slots, which take each
    /// other's slots.
    @Test func aPagesRepeatedShortWordsGiveTheTermsOfAFirstReading() {
        let rows: [SearchRow] = (0..<30).map { number in
            let common = "The stories of a button, buttons and the tapped tabs; stories TAPPED"
            let many = (0..<40).map { "w\((number * 37 + $0 * 11) % 700)x" }.joined(separator: " ")
            return SearchRow(anchor: "r\(number)", section: 0, english: "\(common) \(many) \(common)", japanese: "",
                             isHeading: number == 0)
        }
        var expected: [String: [Int32]] = [:]
        for (index, row) in rows.enumerated() {
            let posting = Int32(index * 2 + (row.isHeading ? 1 : 0))
            for term in SearchTokenizer.indexedTerms(row.english) where expected[term]?.last != posting {
                expected[term, default: []].append(posting)
            }
        }
        let entries = PageSearchEntries(slug: "page", rows: rows)
        #expect(Dictionary(uniqueKeysWithValues: zip(entries.terms, entries.postings)) == expected)
        #expect(expected["story"]?.count == 30 && expected[EnglishStemmer.stem("tapped")]?.count == 30 && expected["the"] == nil)
    }

    @Test func theSameRowsGiveTheSameEntries() {
        #expect(PageSearchEntries(slug: "page", rows: Self.rows) == PageSearchEntries(slug: "page", rows: Self.rows))
    }

    /// The stored form, written out here field by field: the build store
    /// keeps it in each page's entry, and a warm build reads it back.
    static func storedForm(slug: String, rowCount: Int, script: [UInt8], terms: [(term: String, postings: [Int32])]) -> Data {
        var out = ByteWriter()
        out.append("KUMIKI-SEARCH 4\n".utf8)
        out.appendText(slug)
        out.appendVarint(UInt64(rowCount))
        out.appendVarint(UInt64(script.count))
        out.append(script)
        let termBytes = terms.flatMap { Array($0.term.utf8) }
        out.appendVarint(UInt64(termBytes.count))
        out.append(termBytes)
        out.appendVarint(UInt64(terms.count))
        for term in terms { out.appendVarint(UInt64(term.term.utf8.count)) }
        for term in terms { out.appendVarint(UInt64(term.postings.count)) }
        // Signed here, so a test can write a posting below zero.
        for term in terms { for posting in term.postings { out.appendVarint(UInt64(bitPattern: Int64(posting))) } }
        return Data(out.bytes)
    }

    static func storedForm(of entries: PageSearchEntries, terms: [(term: String, postings: [Int32])]? = nil) -> Data {
        storedForm(slug: entries.slug, rowCount: entries.rowCount, script: entries.script,
                   terms: terms ?? Array(zip(entries.terms, entries.postings)))
    }

    @Test func theStoredFormHoldsTheScriptAndEachTermWithItsRows() throws {
        let rows = [SearchRow(anchor: "a", section: 0, english: "Grid", japanese: "", isHeading: false)]
            + Array(repeating: SearchRow(anchor: "b", section: 0, english: "", japanese: "", isHeading: false), count: 6)
            + [SearchRow(anchor: "c", section: 7, english: "grid gap", japanese: "", isHeading: true)]
        let entries = PageSearchEntries(slug: "p", rows: rows)
        // The words and the pair "grid gap" (`~` and its hash), in the
        // entries' order.
        let pair = try #require(SearchTokenizer.indexedTerms("grid gap").last)
        #expect(pair.hasPrefix("~"))
        let postings: [String: [Int32]] = ["gap": [15], "grid": [0, 15], pair: [15]]
        #expect(entries.stored == Self.storedForm(slug: "p", rowCount: 8, script: entries.script,
                                                  terms: entries.terms.map { ($0, postings[$0] ?? []) }))
        #expect(PageSearchEntries(stored: entries.stored) == entries)
        #expect(PageSearchEntries(stored: Self.storedForm(of: PageSearchEntries(slug: "guides/modality", rows: Self.rows)))
            == PageSearchEntries(slug: "guides/modality", rows: Self.rows))
    }

    /// The merge reads each part of a page where the page says it starts,
    /// so stored terms out of that order (as an older version stored them,
    /// in byte order) are refused, and the page is indexed again.
    @Test func aStoredEntryWhoseTermsAreNotGroupedByPartIsRefused() {
        let entries = PageSearchEntries(slug: "p", rows: Self.rows)
        let terms = Array(zip(entries.terms, entries.postings))
        let sorted = terms.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: sorted)) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: terms)) == entries)
    }

    /// The index's lists are written on the promise that each term's rows
    /// ascend and are rows of the page: a stored entry that breaks it is
    /// not one Kumiki wrote, and is refused whole.
    @Test func aStoredEntryWhosePostingsAreNotThePagesRowsInOrderIsRefused() {
        let rows = [SearchRow(anchor: "a", section: 0, english: "grid", japanese: "", isHeading: true),
                    SearchRow(anchor: "b", section: 0, english: "grid", japanese: "", isHeading: false)]
        let entries = PageSearchEntries(slug: "p", rows: rows)
        #expect(entries.terms == ["grid"] && entries.postings == [[1, 2]])
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [1, 2])])) == entries)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [2, 1])])) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [1, 1])])) == nil)
        // 3 is the last row as a heading, the largest posting of two rows.
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [3])]))?.postings == [[3]])
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [4])])) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [1, 4])])) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [-1, 2])])) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("grid", [])])) == nil)
        #expect(PageSearchEntries(stored: Self.storedForm(of: entries, terms: [("", [1])])) == nil)
    }

    /// Whatever a byte of a stored entry is changed to, reading it neither
    /// traps nor reads past it, and what it reads keeps the promise the
    /// index's lists rely on: each term's rows ascend and are the page's.
    @Test func aStoredEntryWithAnyByteChangedIsReadSafely() {
        let rows = [SearchRow(anchor: "", section: 0, english: "Grid gap", japanese: "余白を調整", isHeading: true),
                    SearchRow(anchor: "a", section: 0, english: "Keep the grid", japanese: "作業を破棄する", isHeading: false),
                    SearchRow(anchor: "b", section: 2, english: "Gap sizes", japanese: "余白の大きさ", isHeading: true)]
        let stored = PageSearchEntries(slug: "p", rows: rows).stored
        for offset in stored.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF, stored[offset] &+ 1] {
                var changed = stored
                changed[offset] = value
                guard let read = PageSearchEntries(stored: changed) else { continue }
                for postings in read.postings {
                    #expect(postings == postings.sorted() && Set(postings).count == postings.count)
                    #expect(postings.allSatisfy { $0 >= 0 && $0 < Int32(2 * read.rowCount) })
                }
            }
        }
    }

    /// A stored entry cut short anywhere, or with bytes after its end, is
    /// refused rather than read past.
    @Test func aStoredEntryCutShortOrRunningOnIsRefused() {
        let stored = PageSearchEntries(slug: "p", rows: Array(Self.rows.prefix(3))).stored
        for length in 0..<stored.count {
            #expect(PageSearchEntries(stored: stored.prefix(length)) == nil, "cut to \(length) bytes")
        }
        #expect(PageSearchEntries(stored: stored + Data([0])) == nil)
        #expect(PageSearchEntries(stored: Data("KUMIKI-SEARCH 3\np\n1\n0\n".utf8)) == nil)
    }
}
