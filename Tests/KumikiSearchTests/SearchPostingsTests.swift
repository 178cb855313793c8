import Foundation
import Testing
@testable import KumikiSearch

/// The postings a build carries over from the last build's must be the ones
/// a merge of every page would make, whatever changed in between.
@Suite struct SearchPostingsTests {
    /// A page of `count` rows, the first a heading; `variant` changes its words.
    static func page(_ slug: String, rows count: Int, variant: Int = 0) -> PageSearchEntries {
        let words = ["button", "margin", "spacing", "tap target", "modal", "split view", "制約", "優先度", "余白", "ボタン"]
        let rows = (0..<count).map { row in
            SearchRow(anchor: row == 0 ? "" : "\(slug)-\(row)", section: 0,
                      english: "\(slug) \(words[(row + variant) % words.count]) \(words[(row * 3 + variant) % words.count])",
                      japanese: "\(words[(row + 6 + variant) % words.count])の\(words[(row + 7) % words.count])",
                      isHeading: row == 0)
        }
        return PageSearchEntries(slug: slug, rows: rows)
    }

    static let site = [page("alpha", rows: 4), page("beta", rows: 6), page("gamma", rows: 3), page("delta", rows: 5)]

    static func carried(from last: [PageSearchEntries], to next: [PageSearchEntries]) -> SearchPostings {
        let old = SearchPostings(merging: last)
        return old.carried(to: next.map { page in
            if let place = last.firstIndex(of: page) { .unchanged(place) } else { .changed(page) }
        })
    }

    @Test func aPageEditedInPlaceGivesTheMergedPostings() {
        var next = Self.site
        next[1] = Self.page("beta", rows: 6, variant: 3)
        #expect(Self.carried(from: Self.site, to: next) == SearchPostings(merging: next))
    }

    /// An edit that keeps the page's rows changes the postings in place: a
    /// word only the page held goes, a word no page held comes.
    @Test func aPageEditedInPlaceDropsTheWordsItLostAndAddsTheWordsItGained() {
        func delta(_ word: String) -> PageSearchEntries {
            PageSearchEntries(slug: "delta", rows: (0..<5).map { row in
                SearchRow(anchor: row == 0 ? "" : "delta-\(row)", section: 0,
                          english: row == 2 ? "delta \(word)" : "delta popover", japanese: "", isHeading: row == 0)
            })
        }
        var last = Self.site, next = Self.site
        last[3] = delta("albatross")
        next[3] = delta("zeppelin")
        let carried = Self.carried(from: last, to: next)
        #expect(carried == SearchPostings(merging: next))
        #expect(SearchPostings(merging: last).contains("albatross") && !carried.contains("albatross"))
        #expect(carried.contains("zeppelin"))
    }

    @Test func aPageThatGainsOrLosesRowsMovesTheRowsAfterIt() {
        var grown = Self.site
        grown[0] = Self.page("alpha", rows: 9, variant: 1)
        #expect(Self.carried(from: Self.site, to: grown) == SearchPostings(merging: grown))
        var shrunk = Self.site
        shrunk[2] = Self.page("gamma", rows: 1, variant: 2)
        #expect(Self.carried(from: Self.site, to: shrunk) == SearchPostings(merging: shrunk))
    }

    @Test func pagesAddedRemovedAndReorderedGiveTheMergedPostings() {
        let added = [Self.site[0], Self.page("epsilon", rows: 2, variant: 5)] + Self.site[1...]
        #expect(Self.carried(from: Self.site, to: added) == SearchPostings(merging: added))
        let removed = [Self.site[0], Self.site[2], Self.site[3]]
        #expect(Self.carried(from: Self.site, to: removed) == SearchPostings(merging: removed))
        let reordered = [Self.site[3], Self.site[1], Self.site[0], Self.site[2]]
        #expect(Self.carried(from: Self.site, to: reordered) == SearchPostings(merging: reordered))
        #expect(Self.carried(from: Self.site, to: []) == SearchPostings(merging: []))
    }

    @Test func carriedPostingsWriteTheSameIndexFiles() {
        var next = Self.site
        next[3] = Self.page("delta", rows: 7, variant: 4)
        #expect(SearchIndexWriter.files(Self.carried(from: Self.site, to: next)) == SearchIndexWriter.files(next))
    }

    @Test func storedPostingsReadBackTheSame() {
        let postings = SearchPostings(merging: Self.site)
        #expect(SearchPostings(stored: postings.stored) == postings)
        #expect(SearchPostings(stored: SearchPostings(merging: []).stored) == SearchPostings(merging: []))
    }

    @Test func damagedStoredPostingsAreRefused() {
        let stored = SearchPostings(merging: Self.site).stored
        for length in [0, 5, 18, 30, stored.count / 2, stored.count - 1] {
            #expect(SearchPostings(stored: stored.prefix(length)) == nil, "cut to \(length) bytes")
        }
        #expect(SearchPostings(stored: stored + Data([0])) == nil)
        #expect(SearchPostings(stored: Data("KUMIKI-POSTINGS 2\n".utf8) + stored.dropFirst(18)) == nil)
        // The last posting of the last term pointed past the last row.
        var pastTheEnd = stored
        pastTheEnd.replaceSubrange((stored.count - 4)..<stored.count, with: [0xFF, 0xFF, 0, 0])
        #expect(SearchPostings(stored: pastTheEnd) == nil)
    }

    @Test func gapsAreWrittenInBase36() {
        let list: [Int32] = [0, 1, 35, 36, 1_295, 1_296, 46_655, 2_000_000_000]
        var previous: Int32 = 0
        let expected = list.map { value in
            defer { previous = value }
            return String(value - previous, radix: 36)
        }.joined(separator: ",")
        #expect(SearchIndexWriter.deltaEncoded(list) == expected)
        #expect(SearchIndexWriter.deltaEncoded([Int32]()) == "")
        // The widest gaps, each way: seven digits and a sign, more bytes a
        // number than most.
        let swings = [Int32.min, .max, .min, .max, .min, .max]
        let written = SearchIndexWriter.deltaEncoded(swings)
        #expect(written == "-zik0zk,1z141z3,-1z141z3,1z141z3,-1z141z3,1z141z3")
        #expect(written.utf8.count == SearchIndexWriter.deltaEncodedLength(swings))
        // Every count of digits, at both of its ends.
        var edges: [UInt64] = [0, .max]
        for digits in 1...12 {
            let power = (0..<digits).reduce(UInt64(1)) { product, _ in product * 36 }
            edges += [power - 1, power]
        }
        for value in edges {
            #expect(Base36.digitCount(value) == String(value, radix: 36).count, "\(value)")
        }
    }

    /// A site large enough that the merge cuts its terms into several parts:
    /// words of every length and first letter, numbers, Japanese pairs of
    /// kana and kanji, some on every page and some on one.
    static let largeSite: [PageSearchEntries] = (0..<48).map { number in
        let kanji = Array("制約優先度余白画面配置縦横幅高端末表示")
        let kana = Array("ぼたんのおおきさをえらぶとスプリットビュー")
        let rows = (0..<40).map { row in
            let english = (0..<6).map { word in
                let letter = Character(Unicode.Scalar(UInt8(97 + (number * 7 + row * 3 + word) % 26)))
                return String(repeating: letter, count: 1 + (row + word) % 11) + "x\(number % 5)y\(row)"
            }.joined(separator: " ") + " spacing \(number * 40 + row)"
            let japanese = (0..<8).map { index in
                String([kanji[(number + row * index) % kanji.count], kana[(row + index) % kana.count]])
            }.joined() + "ボタン"
            return SearchRow(anchor: "r\(row)", section: 0, english: english, japanese: japanese, isHeading: row % 9 == 0)
        }
        return PageSearchEntries(slug: "page-\(number)", rows: rows)
    }

    @Test func theMergeListsEveryTermsRowsAsAPlainMergeWould() {
        let site = Self.largeSite
        var expected: [String: [Int32]] = [:]
        var firstRow: Int32 = 0
        for page in site {
            for (term, list) in zip(page.terms, page.postings) {
                expected[term, default: []] += list.map { $0 + 2 * firstRow }
            }
            firstRow += Int32(page.rowCount)
        }
        let terms = expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let merged = SearchPostings(merging: site)
        #expect(Set(terms.map { TermParts.part(ofKey: TermBytes.key($0)) }).count == TermParts.partCount,
                "the terms fall in every part of the merge")
        #expect(merged.terms == terms)
        #expect(merged.lists == terms.map { expected[$0] ?? [] })
        #expect(merged.list(of: "spacing") == expected["spacing"])
        #expect(merged.list(of: "ボタン") == nil)
        #expect(merged.contains("ぼた") && !merged.contains("zzzz"))
    }
}
