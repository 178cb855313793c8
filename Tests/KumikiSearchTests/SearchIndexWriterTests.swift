import Foundation
import Testing
import KumikiSearch
import KumikiSupport

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

    /// A build makes its pages' entries on every core at once, in no set
    /// order; the index depends only on the pages and their order in the
    /// site.
    @Test func theIndexIsTheSameWhateverOrderThePagesEntriesWereMadeIn() {
        let pages = (0..<60).map { page in
            (slug: "p\(page)", rows: page.isMultiple(of: 2) ? Self.rows : Array(Self.rows.reversed()) + [
                SearchRow(anchor: "r", section: 0, english: "Word\(page) and word\(page % 7)",
                          japanese: "本文\(page)の段落", isHeading: false),
            ])
        }
        let inOrder = pages.map { PageSearchEntries(slug: $0.slug, rows: $0.rows) }
        let backwards = Array(pages.reversed().map { PageSearchEntries(slug: $0.slug, rows: $0.rows) }.reversed())
        // Made on every core, the last pages first.
        let together = Array(concurrentMap(pages.count) { index in
            let page = pages[pages.count - 1 - index]
            return PageSearchEntries(slug: page.slug, rows: page.rows)
        }.reversed())
        let files = SearchIndexWriter.files(inOrder)
        #expect(files.count > 3)
        #expect(SearchIndexWriter.files(backwards) == files)
        #expect(SearchIndexWriter.files(together) == files)
    }

    @Test func theManifestListsThePagesInTheSitesOrder() {
        let files = SearchIndexWriter.files([PageSearchEntries(slug: "a", rows: Self.rows),
                                             PageSearchEntries(slug: "b", rows: Array(Self.rows.reversed()))])
        #expect(files.first?.path == "search/index.js")
        #expect(files.first?.text.contains(#""slugs":["0a","0b"],"rowCounts":"3,3""#) == true)
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

    /// Pages of many distinct words, so the index has many shards.
    static func wordyPages(replacing word: String? = nil) -> [PageSearchEntries] {
        (0..<120).map { page in
            let words = (0..<80).map { "w\(page)x\($0)" }
            let english = words.joined(separator: " ").replacingOccurrences(of: "w7x30 ", with: (word ?? "w7x30") + " ")
            return PageSearchEntries(slug: "p\(page)", rows: [
                SearchRow(anchor: "", section: 0, english: "Page \(page)", japanese: "ページ", isHeading: true),
                SearchRow(anchor: "r", section: 0, english: english, japanese: "本文です。", isHeading: false),
            ])
        }
    }

    @Test func aShardOrListTheOutputKeepsIsLeftOutAndNeverWritten() {
        let site = SearchPostings(merging: Self.wordyPages())
        let every = SearchIndexWriter.files(site)
        let kept = every.filter { $0.path.hasPrefix("search/s/") || $0.path.hasPrefix("search/l/") }
        #expect(kept.count > 20)
        #expect(kept.allSatisfy { $0.fingerprint != nil })
        var asked: [String: String] = [:]
        let written = SearchIndexWriter.files(site) { path, fingerprint in
            asked[path] = fingerprint
            return true
        }
        #expect(written.map(\.path) == every.map(\.path).filter { !$0.hasPrefix("search/s/") && !$0.hasPrefix("search/l/") })
        #expect(asked == Dictionary(uniqueKeysWithValues: kept.map { ($0.path, $0.fingerprint!) }))
    }

    @Test func anEditChangesTheFingerprintsOfTheShardsItsTermsAreInAlone() throws {
        let before = SearchIndexWriter.files(Self.wordyPages())
        let after = SearchIndexWriter.files(Self.wordyPages(replacing: "edited"))
        #expect(before.map(\.path) == after.map(\.path))
        var changed = 0
        for (old, new) in zip(before, after) where old.fingerprint != nil {
            // The same fingerprint is the same text, and a new text a new one.
            #expect((old.fingerprint == new.fingerprint) == (old.text == new.text), "\(old.path)")
            if old.fingerprint != new.fingerprint { changed += 1 }
        }
        // The word gone, the word come, and the two pairs each made:
        // six terms, so at most six shards.
        #expect(changed >= 1 && changed <= 6)
    }
}

