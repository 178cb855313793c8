import Foundation
import Testing
import KumikiSupport
@testable import KumikiSearch

/// A build indexes its pages on every core at once, each page in whichever
/// of the indexing's tables is free, and merges them (`SearchIndexing`).
/// These tests pin that neither the tables nor the order pages were
/// indexed in reach the postings or a page's entries.
@Suite struct SearchIndexingTests {
    /// Pages that share most of their words and each have some of their
    /// own, English and Japanese, headings and body rows.
    static let pages: [(slug: String, rows: [SearchRow])] = (0..<48).map { page in
        let rows = (0..<(3 + page % 5)).map { row in
            let own = (0..<12).map { "w\(page)x\($0 * 7 + row)" }.joined(separator: " ")
            let english = "Keyboard focus moves with the tapped buttons; \(own) Café déjà vu, ＩＰａｄ"
            let japanese = "配置を調整する前に余白\(page)を確認する。セーフエリア、第\(row)節の画面の端"
                + (page % 3 == 0 ? "作業か\u{3099}き" : "")
            return SearchRow(anchor: "r\(row)", section: 0, english: english, japanese: japanese, isHeading: row == 0)
        }
        return ("page-\(page)", rows)
    }

    /// The postings worked out from the tokenizer alone: each term's rows,
    /// site-wide, each row once.
    static func expectedPostings(_ pages: [(slug: String, rows: [SearchRow])]) -> [String: [Int32]] {
        var expected: [String: [Int32]] = [:]
        var firstRow = 0
        for page in pages {
            for (index, row) in page.rows.enumerated() {
                let posting = Int32((firstRow + index) * 2 + (row.isHeading ? 1 : 0))
                for term in SearchTokenizer.indexedTerms(row.english) + SearchTokenizer.indexedTerms(row.japanese)
                where expected[term]?.last != posting {
                    expected[term, default: []].append(posting)
                }
            }
            firstRow += page.rows.count
        }
        return expected
    }

    @Test func pagesIndexedOnEveryCoreAtOnceGiveEachTermItsRowsInOrder() {
        let indexing = SearchIndexing()
        let indexed = LockedValue([IndexedPage?](repeating: nil, count: Self.pages.count))
        // Backwards and all at once: tables are lent in no particular order.
        DispatchQueue.concurrentPerform(iterations: Self.pages.count) { step in
            let number = Self.pages.count - 1 - step
            let page = indexing.index(slug: Self.pages[number].slug, rows: Self.pages[number].rows)
            indexed.withValue { $0[number] = page }
        }
        let postings = indexing.postings(merging: indexed.withValue { $0.map { $0! } })
        let expected = Self.expectedPostings(Self.pages)
        #expect(postings.terms == expected.keys.sorted { TermBytes.compare($0, $1) < 0 })
        #expect(Dictionary(uniqueKeysWithValues: zip(postings.terms, postings.lists)) == expected)
        #expect(postings.pages.map(\.slug) == Self.pages.map(\.slug))
    }

    @Test func aTableThatIndexedOtherPagesGivesAPageTheEntriesOfAFreshOne() {
        let indexing = SearchIndexing()
        for page in Self.pages.prefix(10) { _ = indexing.index(slug: page.slug, rows: page.rows) }
        let last = Self.pages[10]
        let entries = indexing.index(slug: last.slug, rows: last.rows, keepingEntries: true).entries
        #expect(entries == PageSearchEntries(slug: last.slug, rows: last.rows))
        #expect(indexing.index(slug: last.slug, rows: last.rows).entries == nil)
    }

    /// A warm build merges pages it took from the build store with pages it
    /// indexed: the store's entries give the same postings as the rows.
    @Test func storedEntriesMergeWithIndexedPagesAsTheirRowsWould() {
        let indexing = SearchIndexing()
        let indexed = Self.pages.enumerated().map { number, page in
            number % 2 == 0
                ? indexing.index(PageSearchEntries(slug: page.slug, rows: page.rows))
                : indexing.index(slug: page.slug, rows: page.rows)
        }
        let postings = indexing.postings(merging: indexed)
        #expect(Dictionary(uniqueKeysWithValues: zip(postings.terms, postings.lists)) == Self.expectedPostings(Self.pages))
    }

    /// A page's occurrences mark where each row starts, and a row without a
    /// term leaves no mark: rows with none first, between others, in a run
    /// and last keep every other row's posting, whether the page was
    /// indexed from its rows or from the store's entries.
    @Test func rowsWithoutATermAnywhereInAPageLeaveTheOtherRowsTheirPostings() {
        func row(_ number: Int, _ english: String, _ japanese: String = "") -> SearchRow {
            SearchRow(anchor: "r\(number)", section: 0, english: english, japanese: japanese, isHeading: number % 3 == 0)
        }
        let rows = [row(0, "… of the"), row(1, "Margin and padding", "余白"), row(2, "", "、。"), row(3, "the"),
                    row(4, "Padding", "余白を調整"), row(5, "—"), row(6, "")]
        let pages = [("gaps", rows), Self.pages[2], ("only-gaps", [row(0, "of"), row(1, "")])]
        let expected = Self.expectedPostings(pages)
        for fromStore in [false, true] {
            let indexing = SearchIndexing()
            let indexed = pages.map { page in
                fromStore ? indexing.index(PageSearchEntries(slug: page.0, rows: page.1)) : indexing.index(slug: page.0, rows: page.1)
            }
            #expect(indexed.map(\.occurrenceCount) == pages.map { page in
                page.1.reduce(0) { $0 + Set(SearchTokenizer.indexedTerms($1.english) + SearchTokenizer.indexedTerms($1.japanese)).count }
            })
            let postings = indexing.postings(merging: indexed)
            #expect(Dictionary(uniqueKeysWithValues: zip(postings.terms, postings.lists)) == expected)
        }
    }

    /// A page of punctuation and stop words alone has no term: it keeps its
    /// rows' place, and the pages after it keep theirs.
    @Test func aPageWithoutATermIsIndexedAndMergedInItsPlace() {
        let indexing = SearchIndexing()
        let silent = [SearchRow(anchor: "", section: 0, english: "… — of the", japanese: "、。", isHeading: true),
                      SearchRow(anchor: "r1", section: 0, english: "", japanese: "", isHeading: false)]
        let pages = [Self.pages[0], ("silent", silent), Self.pages[1]]
        let indexed = pages.map { indexing.index(slug: $0.0, rows: $0.1, keepingEntries: true) }
        #expect(indexed[1].occurrenceCount == 0 && indexed[1].entries?.termCount == 0)
        let postings = indexing.postings(merging: indexed)
        #expect(Dictionary(uniqueKeysWithValues: zip(postings.terms, postings.lists)) == Self.expectedPostings(pages))
        #expect(postings.firstRows == [0, Self.pages[0].rows.count, Self.pages[0].rows.count + 2])
    }

    /// A table stamps each row of each page it sees; when the stamps would
    /// overflow it clears its marks and starts again, and the pages on both
    /// sides of that keep each term's rows. Here they run out every two or
    /// three pages.
    @Test func aTableWhoseRowStampsRunOutStartsThemAgain() {
        var table = WorkerTermTable(stampLimit: 24)
        var occurrences: [PageOccurrences] = []
        for page in Self.pages.prefix(12) {
            table.beginPage(rowCount: page.rows.count)
            for (index, row) in page.rows.enumerated() {
                table.beginRow(posting: Int32(index * 2 + (row.isHeading ? 1 : 0)))
                SearchTokenizer.cut(row.english, into: &table, ignoresRepeats: true)
                SearchTokenizer.cut(row.japanese, into: &table, ignoresRepeats: true)
            }
            occurrences.append(table.pageOccurrences())
            table.endPage(rowCount: page.rows.count)
        }
        for (page, found) in zip(Self.pages.prefix(12), occurrences) {
            var terms: [String: [Int32]] = [:]
            found.forEach { term, posting in terms[table.numbering.text(of: Int(term)), default: []].append(posting) }
            #expect(terms == Self.expectedPostings([page]))
        }
    }
}
