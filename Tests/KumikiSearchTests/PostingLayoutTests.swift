import Foundation
import Testing
@testable import KumikiSearch

/// How the index files lay out a term's rows: every row kept however
/// common the term, in the shorter of two forms, long lists in files of
/// their own, word pairs for phrases, and a manifest that stays small.
@Suite struct PostingLayoutTests {
    /// A site of `pages` pages of `rows` rows each; every row says
    /// "margin" and 余白, row 5 of page 3 alone says "albatross", and each
    /// page's first row is its heading.
    static func site(pages: Int, rows: Int) -> [PageSearchEntries] {
        (0..<pages).map { page in
            PageSearchEntries(slug: "guides/page-\(page)", rows: (0..<rows).map { row in
                SearchRow(anchor: row == 0 ? "" : "r\(row)", section: 0,
                          english: row == 5 && page == 3 ? "margin albatross" : "Margin keyboard focus \(row % 7)",
                          japanese: "余白を調整します", isHeading: row == 0)
            })
        }
    }

    /// Every term's postings, read back from the files as `search.js`
    /// reads them: from the shard, or from its group's file of long lists
    /// (its hash modulo the manifest's `lists`) when the shard says `@`.
    static func postings(in files: [SearchIndexWriter.File]) throws -> [String: [Int32]] {
        var out: [String: [Int32]] = [:]
        var long: [String: String] = [:]
        let groups = try listGroups(in: files)
        for file in files where file.path.hasPrefix("search/l/") {
            for (term, text) in try object(in: file.text) {
                // Each list is in the file search.js looks in for it.
                #expect(file.path == "search/l/\(String(SearchIndexWriter.termHash(term) % UInt32(groups), radix: 36)).js")
                long[term] = text
            }
        }
        for file in files where file.path.hasPrefix("search/s/") {
            for (term, text) in try object(in: file.text) {
                let written = text == "@" ? try #require(long[term], "\(term) has no file of its own") : text
                out[term] = try #require(PostingListText.postings(of: written) as [Int32]?, "\(term): \(written.prefix(40))")
            }
        }
        return out
    }

    /// The manifest's `lists`: how many files of long lists there are.
    static func listGroups(in files: [SearchIndexWriter.File]) throws -> Int {
        let manifest = try #require(files.first { $0.path == "search/index.js" })
        let open = try #require(manifest.text.firstIndex(of: "{")), close = try #require(manifest.text.lastIndex(of: "}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(manifest.text[open...close].utf8)) as? [String: Any])
        return try #require(object["lists"] as? Int)
    }

    /// The JSON object a script passes last: `kumikiSearch.shard(3,{…});`.
    static func object(in script: String) throws -> [String: String] {
        let open = try #require(script.firstIndex(of: "{"))
        let close = try #require(script.lastIndex(of: "}"))
        let data = Data(script[open...close].utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test func aTermInEveryRowKeepsEveryRow() throws {
        let pages = Self.site(pages: 400, rows: 20)
        let merged = SearchPostings(merging: pages)
        let files = SearchIndexWriter.files(merged)
        let read = try Self.postings(in: files)
        let margin = try #require(read["margin"])
        #expect(margin.count == 8_000)
        #expect(margin == merged.list(of: "margin"))
        // Headings are kept: the first row of each page.
        #expect(margin.filter { $0 & 1 == 1 }.count == 400)
        #expect(read["余白"]?.count == 8_000)
    }

    @Test func aCommonTermIsWrittenAsBitsInItsGroupsFileOfLongLists() throws {
        let files = SearchIndexWriter.files(SearchPostings(merging: Self.site(pages: 400, rows: 20)))
        let shards = files.filter { $0.path.hasPrefix("search/s/") }
        let line = try #require(shards.lazy.compactMap { try? Self.object(in: $0.text)["margin"] }.first)
        #expect(line == "@")
        let groups = try Self.listGroups(in: files)
        let own = try #require(files.first {
            $0.path == "search/l/\(String(SearchIndexWriter.termHash("margin") % UInt32(groups), radix: 36)).js"
        })
        let text = try #require(try Self.object(in: own.text)["margin"])
        #expect(text.hasPrefix("~0."))
        // Six rows a character: 8,000 rows in about 1,334 characters, then
        // the 400 heading rows' gaps (a digit and a comma each), where gaps
        // for every row would take two bytes a row.
        #expect(text.utf8.count < 8_000 / 6 + 2 * 400 + 20)
        #expect(shards.allSatisfy { $0.text.utf8.count < 3 * SearchIndexWriter.shardBytes })
    }

    @Test func aTermInOneRowIsItsGap() throws {
        let merged = SearchPostings(merging: Self.site(pages: 400, rows: 20))
        let read = try Self.postings(in: SearchIndexWriter.files(merged))
        // Page 3's row 5: the 65th row of the site, not a heading.
        #expect(read["albatross"] == [130])
        #expect(PostingListText.text(of: [130]) == "3m")
    }

    @Test func bothFormsReadBackTheSamePostings() {
        let lists: [[Int32]] = [[], [1], [0, 2, 4, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33],
                                Array(stride(from: 1_000, to: 30_000, by: 2)), [5, 40_000, 900_001]]
        for list in lists {
            let text = PostingListText.text(of: list)
            #expect(PostingListText.postings(of: text) == list, "\(text.prefix(30))")
            #expect(PostingListText.length(of: list) == text.utf8.count)
        }
        // A dense run is bits, a sparse one gaps.
        #expect(PostingListText.text(of: Array(stride(from: 1_000, to: 30_000, by: 2))).hasPrefix("~"))
        #expect(!PostingListText.text(of: [5, 40_000, 900_001]).hasPrefix("~"))
    }

    /// The bits form's length, from its layout: `~`, the first block in
    /// base 36, `.`, a character a block of six rows, `;`, the heading
    /// rows' gaps.
    static func bitsLength(of list: [Int32]) -> Int {
        let firstBlock = Int(list[0] >> 1) / 6, lastBlock = Int(list[list.count - 1] >> 1) / 6
        let headings = list.filter { $0 & 1 == 1 }.map { $0 >> 1 }
        return 3 + String(firstBlock, radix: 36).count + (lastBlock - firstBlock + 1)
            + SearchIndexWriter.deltaEncoded(headings).utf8.count
    }

    @Test func aListIsWrittenInItsShorterFormAndAsGapsOnATie() {
        // Lists of every density, from a row in a hundred to every row, some
        // rows headings: pseudo-random, the same each run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var ties = 0
        for density in [1, 2, 3, 5, 8, 13, 21, 34, 55, 100] {
            for _ in 0..<40 {
                var list: [Int32] = [], row = next(500)
                for _ in 0..<(1 + next(300)) {
                    list.append(Int32(row * 2 + (next(9) == 0 ? 1 : 0)))
                    row += 1 + next(2 * density)
                }
                let text = PostingListText.text(of: list)
                let gaps = SearchIndexWriter.deltaEncoded(list).utf8.count, bits = Self.bitsLength(of: list)
                #expect(text.utf8.count == min(gaps, bits))
                #expect(text.hasPrefix("~") == (bits < gaps), "\(list.prefix(8))")
                #expect(PostingListText.length(of: list) == text.utf8.count)
                #expect(PostingListText.postings(of: text) == list)
                if gaps == bits { ties += 1 }
            }
        }
        #expect(ties > 0, "the lists include a tie")
    }

    @Test func twoWordsSideBySideAreAPairTermAcrossStopWords() throws {
        let entries = PageSearchEntries(slug: "p", rows: [
            SearchRow(anchor: "", section: 0, english: "Keyboard focus", japanese: "", isHeading: true),
            SearchRow(anchor: "a", section: 0, english: "focus of the keyboard", japanese: "", isHeading: false),
            SearchRow(anchor: "b", section: 0, english: "keyboard と focus", japanese: "", isHeading: false),
        ])
        let pair = Self.pairTerm("keyboard", "focus")
        let index = try #require(entries.terms.firstIndex(of: pair))
        // Only the heading says the two words in that order with nothing
        // but stop words between; a Japanese run parts them.
        #expect(entries.postings[index] == [1])
        let reversed = try #require(entries.terms.firstIndex(of: Self.pairTerm("focus", "keyboard")))
        #expect(entries.postings[reversed] == [2])
    }

    /// 変更で説明 holds the junction 更で説; a row that says 変更で and で説明
    /// apart does not, though it holds every character pair of the phrase.
    @Test func twoJapaneseWordsJoinedByAKanaAreAJunctionTerm() throws {
        let entries = PageSearchEntries(slug: "p", rows: [
            SearchRow(anchor: "", section: 0, english: "", japanese: "変更で説明します", isHeading: true),
            SearchRow(anchor: "a", section: 0, english: "", japanese: "変更で調整し、画面で説明します", isHeading: false),
        ])
        let junction = Self.junctionTerm("更で説")
        let index = try #require(entries.terms.firstIndex(of: junction))
        #expect(entries.postings[index] == [1])
        for pair in ["変更", "更で", "で説", "説明"] {
            #expect(entries.postings[try #require(entries.terms.firstIndex(of: pair))] == [1, 2])
        }
        // A kana word before the particle: 大きさを強 holds さを強.
        let kana = PageSearchEntries(slug: "q", rows: [
            SearchRow(anchor: "", section: 0, english: "", japanese: "大きさを強めます", isHeading: true),
        ])
        #expect(kana.terms.contains(Self.junctionTerm("さを強")))
        #expect(!kana.terms.contains(Self.junctionTerm("きさを")))
    }

    /// A kanji alone lists the rows of every pair that holds it, so 端 is
    /// found in 画面の端から though no run of the text is that one kanji.
    @Test func aKanjiAloneListsTheRowsOfEveryPairThatHoldsIt() throws {
        let pages = [PageSearchEntries(slug: "p", rows: [
            SearchRow(anchor: "", section: 0, english: "", japanese: "保護された画面の端から", isHeading: true),
            SearchRow(anchor: "a", section: 0, english: "", japanese: "端末", isHeading: false),
            SearchRow(anchor: "b", section: 0, english: "", japanese: "余白", isHeading: false),
            SearchRow(anchor: "c", section: 0, english: "", japanese: "端、そして面", isHeading: false),
        ])]
        let read = try Self.postings(in: SearchIndexWriter.files(pages))
        #expect(read["端"] == [1, 2, 6])
        #expect(read["面"] == [1, 6])
        #expect(read["余"] == [4])
        #expect(read["画面"] == [1])
        // No term is a kana alone.
        #expect(read["の"] == nil && read["そ"] == nil)
    }

    /// What `search.js` computes for two stems: `~` and six base-36 digits
    /// of FNV-1a of "first second", modulo 36⁶.
    static func pairTerm(_ first: String, _ second: String) -> String { hashedTerm(first + " " + second) }

    /// A junction's term, as `search.js` makes it: each character's UTF-8
    /// bytes packed into an integer, first byte highest, mixed by three
    /// multiplications, the top twelve bits (one of 4,096 buckets) in six
    /// base-36 digits after `~`.
    static func junctionTerm(_ text: String) -> String {
        let packed = text.unicodeScalars.map { scalar in UTF8.encode(scalar)!.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        var hash = packed[0] &* 0x9E37_79B1
        hash = (hash ^ packed[1]) &* 0x85EB_CA77
        hash = (hash ^ packed[2]) &* 0xC2B2_AE3D
        return term(ofHash: hash >> 20)
    }

    static func hashedTerm(_ text: String) -> String { term(ofHash: SearchIndexWriter.termHash(text) % 2_176_782_336) }

    /// `~` and a hash's six base-36 digits.
    static func term(ofHash value: UInt32) -> String {
        let digits = String(value, radix: 36)
        return "~" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    @Test func theManifestFrontCodesSlugsAndCountsRows() throws {
        let files = SearchIndexWriter.files(Self.site(pages: 3, rows: 4))
        let manifest = try #require(files.first { $0.path == "search/index.js" }).text
        #expect(manifest.contains(#""slugs":["0guides/page-0","c1","c2"]"#))
        #expect(manifest.contains(#""rowCounts":"4,4,4""#))
        #expect(manifest.contains(#""rows":12"#))
    }

    @Test func japaneseSuggestionsListTwoKanjiTermsMostCommonFirst() throws {
        let pages = [PageSearchEntries(slug: "a", rows: [
            SearchRow(anchor: "", section: 0, english: "", japanese: "余白と配置", isHeading: true),
            SearchRow(anchor: "x", section: 0, english: "", japanese: "余白", isHeading: false),
        ])]
        let file = try #require(SearchIndexWriter.files(pages).first { $0.path == "search/v/ja.js" })
        #expect(file.text == "kumikiSearch.vocabulary(\"ja\",\"余白 配置\");\n")
    }

    /// Ten times the pages, ten times the bytes (within a few percent):
    /// the index grows linearly with the site.
    @Test func theIndexGrowsLinearlyWithTheSite() {
        func bytes(_ pages: Int) -> Int {
            SearchIndexWriter.files(Self.site(pages: pages, rows: 20)).reduce(0) { $0 + $1.text.utf8.count }
        }
        let small = Double(bytes(100)), large = Double(bytes(1_000))
        #expect(large / small > 8 && large / small < 11, "\(large / small)")
    }
}
