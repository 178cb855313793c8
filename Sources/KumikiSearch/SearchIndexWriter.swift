import KumikiSupport

/// Writes the site's index from every page's entries, in navigation order:
///
/// - `search/index.js`: the pages (their slugs, each written as the length
///   of the prefix it shares with the one before and the rest, and how many
///   rows each has) and the shard count;
/// - `search/s/N.js`: the terms whose hash falls in shard N (each kanji
///   alone among them, `KanjiAloneLists`), each with its
///   postings (`PostingListText`), or `@` when they are in a file of
///   their own, so a query loads only the shards of its own terms;
/// - `search/l/H.js`: the postings of the terms whose postings are long
///   (a common word's), one file per term hash `H` (base 36), so a query
///   for a common word loads its rows without the shard's other long
///   lists;
/// - `search/v/L.js`: the English words of length L, for one-letter typos
///   and suggestions; `search/v/ja.js`: the site's two-kanji terms, the
///   most common first, for suggestions when a Japanese query finds
///   nothing.
///
/// Each is a script calling `kumikiSearch.…`, loaded with a `<script>`
/// element, which works from file:// where `fetch` does not. The bytes
/// depend only on the entries, never on the order pages finished in.
public enum SearchIndexWriter {
    /// A shard holds about this many bytes of postings.
    static let shardBytes = 12_000
    /// Postings longer than this go to a file of their own: a shard stays
    /// small, and a query loads a long list only for its own term.
    static let longListBytes = 1_500
    /// A group of long lists holds about this many bytes: a common word
    /// costs its query this much more than its own list, on average.
    static let listGroupBytes = 16_000

    public struct File: Sendable, Hashable {
        public var path: String
        public var text: String
    }

    public static func files(_ pages: [PageSearchEntries]) -> [File] {
        files(SearchPostings(merging: pages))
    }

    /// The index files of the site's postings: the same bytes however the
    /// postings were made (merged from every page, or carried from the last
    /// build's).
    public static func files(_ site: SearchPostings) -> [File] {
        var longLists: [(term: String, text: String, hash: UInt32)] = []
        // The terms are in byte order already (`SearchPostings`), and stay
        // so with each kanji alone added.
        let (terms, lists) = KanjiAloneLists.adding(to: site)
        // Encoded on every core: the index is written while the other core
        // assembles the site, and encoding is the largest part of writing it.
        let chunkCount = min(16, max(1, terms.count / 512))
        let texts = Array(concurrentMap(chunkCount) { chunk in
            (chunk * lists.count / chunkCount..<(chunk + 1) * lists.count / chunkCount).map { PostingListText.text(of: lists[$0]) }
        }.joined())
        var totalBytes = 0, longBytes = 0
        var lines: [(term: String, text: String, hash: UInt32)] = []
        lines.reserveCapacity(terms.count)
        for (term, text) in zip(terms, texts) {
            let hash = termHash(term)
            let isLong = text.utf8.count > longListBytes
            if isLong {
                longLists.append((term, text, hash))
                longBytes += term.utf8.count + text.utf8.count + 6
            }
            lines.append((term, isLong ? "@" : text, hash))
            totalBytes += lines[lines.count - 1].text.utf8.count + term.utf8.count + 6
        }
        let shardCount = max(1, (totalBytes + shardBytes - 1) / shardBytes)
        var shards = Array(repeating: [String](), count: shardCount)
        for line in lines {
            shards[Int(line.hash % UInt32(shardCount))].append("\(line.term.jsonStringLiteral):\(line.text.jsonStringLiteral)")
        }
        var files: [File] = []
        let vocabulary = vocabularyFiles(site.terms, into: &files)
        files.append(japaneseVocabularyFile(site))
        let listGroups = max(1, (longBytes + listGroupBytes - 1) / listGroupBytes)
        files.insert(File(path: "search/index.js",
                          text: manifest(site, shardCount: shardCount, listGroups: listGroups, vocabulary: vocabulary)), at: 0)
        for (number, lines) in shards.enumerated() {
            files.append(File(path: "search/s/\(number).js",
                              text: "kumikiSearch.shard(\(number),{\n" + lines.joined(separator: ",\n") + "});\n"))
        }
        var groups = Array(repeating: [String](), count: listGroups)
        for list in longLists {
            groups[Int(list.hash % UInt32(listGroups))].append("\(list.term.jsonStringLiteral):\(list.text.jsonStringLiteral)")
        }
        for (number, entries) in groups.enumerated() where !entries.isEmpty {
            let name = String(number, radix: 36)
            files.append(File(path: "search/l/\(name).js",
                              text: "kumikiSearch.list(\(name.jsonStringLiteral),{" + entries.joined(separator: ",") + "});\n"))
        }
        return files
    }

    /// `search/index.js`. Slugs are front-coded: a page's slug is the
    /// number of UTF-16 code units it shares with the one before (one base-36
    /// digit, at most 35) and the rest, so a 10,000-page site's list is a
    /// few bytes a page (`guides/a`, `guides/b` → `guides/a`, `7b`).
    static func manifest(_ site: SearchPostings, shardCount: Int, listGroups: Int, vocabulary: [Int]) -> String {
        var slugs: [String] = []
        slugs.reserveCapacity(site.pages.count)
        // Counted in UTF-16 code units, as JavaScript's strings count.
        var previous: [UInt16] = []
        for page in site.pages {
            let units = Array(page.slug.utf16)
            var shared = 0
            while shared < min(35, units.count, previous.count), units[shared] == previous[shared] { shared += 1 }
            // Never cut a surrogate pair in two.
            while shared > 0, shared < units.count, UTF16.isTrailSurrogate(units[shared]) { shared -= 1 }
            let rest = String(decoding: units[shared...], as: UTF16.self)
            slugs.append((String(shared, radix: 36) + rest).jsonStringLiteral)
            previous = units
        }
        let rowCounts = site.pages.map { String($0.rowCount, radix: 36) }.joined(separator: ",")
        return "kumikiSearch.index({\"shards\":\(shardCount),\"lists\":\(listGroups),\"rows\":\(site.rowCount),\"slugs\":["
            + slugs.joined(separator: ",") + "],\"rowCounts\":\(rowCounts.jsonStringLiteral),"
            + "\"vocabulary\":[\(vocabulary.map(String.init).joined(separator: ","))]});\n"
    }

    /// 32-bit FNV-1a of the term's UTF-8 bytes (`search.js` computes the same).
    public static func termHash(_ term: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in term.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// Ascending numbers as base-36 gaps: `3,10,12` → `3,7,2`. Written as
    /// bytes: a large site's index has millions of numbers, and a String
    /// for each was most of writing it.
    static func deltaEncoded(_ list: some Sequence<Int32>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(list.underestimatedCount * 3)
        var previous: Int32 = 0
        for value in list {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
            var gap = Int64(value) - Int64(previous)
            previous = value
            if gap < 0 {
                bytes.append(UInt8(ascii: "-"))
                gap = -gap
            }
            // Most significant digit first, as `String(_:radix:)` writes them.
            var place: Int64 = 1
            while place <= gap / 36 { place *= 36 }
            repeat {
                let digit = UInt8(gap / place)
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                gap %= place
                place /= 36
            } while place > 0
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The English words (stems) of three letters or more, one file per length;
    /// returns the lengths written.
    private static func vocabularyFiles(_ terms: [String], into files: inout [File]) -> [Int] {
        var byLength: [Int: [String]] = [:]
        for term in terms where term.utf8.count >= 3 && term.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            byLength[term.utf8.count, default: []].append(term)
        }
        let lengths = byLength.keys.sorted()
        for length in lengths {
            let words = (byLength[length] ?? []).sorted().joined(separator: " ")
            files.append(File(path: "search/v/\(length).js", text: "kumikiSearch.vocabulary(\(length),\(words.jsonStringLiteral));\n"))
        }
        return lengths
    }

    /// The terms of two kanji (most are words: 配置, 余白), the terms in
    /// most rows first.
    static func japaneseVocabularyFile(_ site: SearchPostings) -> File {
        var pairs: [(term: String, rows: Int)] = []
        for (term, list) in zip(site.terms, site.lists) {
            let scalars = term.unicodeScalars
            guard scalars.count == 2, scalars.allSatisfy({ SearchCharacterClass($0) == .kanji }) else { continue }
            pairs.append((term, list.count))
        }
        pairs.sort { $0.rows != $1.rows ? $0.rows > $1.rows : TermBytes.compare($0.term, $1.term) < 0 }
        let words = pairs.map(\.term).joined(separator: " ")
        return File(path: "search/v/ja.js", text: "kumikiSearch.vocabulary(\"ja\",\(words.jsonStringLiteral));\n")
    }
}
