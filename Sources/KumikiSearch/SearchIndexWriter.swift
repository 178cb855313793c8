import KumikiSupport

/// Writes the site's index from every page's entries, in navigation order:
///
/// - `search/index.js`: the pages (slug, first row) and the shard count;
/// - `search/s/N.js`: the postings of the terms whose hash falls in shard
///   N, so a query loads only the shards of its own terms;
/// - `search/v/L.js`: the English words of length L, for one-letter typos.
///
/// Each is a script calling `kumikiSearch.…`, loaded with a `<script>`
/// element, which works from file:// where `fetch` does not. The bytes
/// depend only on the entries, never on the order pages finished in.
public enum SearchIndexWriter {
    /// A shard holds about this many bytes of postings.
    static let shardBytes = 12_000
    /// A term in more rows than this would be most of a shard: only its
    /// heading rows are kept (at most this many), after `!` and the number
    /// of rows it is in, so a browser still weighs it by how common it is.
    static func commonRowLimit(rowCount: Int) -> Int { max(400, rowCount / 8) }

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
        let rowCount = site.rowCount
        let limit = commonRowLimit(rowCount: rowCount)
        var encoded: [(term: String, list: String)] = []
        encoded.reserveCapacity(site.terms.count)
        var totalBytes = 0
        // The terms are in byte order already (`SearchPostings`).
        for (term, list) in zip(site.terms, site.lists) {
            let text = list.count > limit
                ? "!\(String(list.count, radix: 36))," + deltaEncoded(Array(list.filter { $0 & 1 == 1 }.prefix(limit)))
                : deltaEncoded(list)
            totalBytes += text.utf8.count + term.utf8.count + 6
            encoded.append((term, text))
        }
        let shardCount = max(1, (totalBytes + shardBytes - 1) / shardBytes)
        var shards = Array(repeating: [String](), count: shardCount)
        for entry in encoded {
            shards[Int(termHash(entry.term) % UInt32(shardCount))].append(
                "\(entry.term.jsonStringLiteral):\(entry.list.jsonStringLiteral)")
        }
        var files: [File] = []
        var manifest = "kumikiSearch.index({\"shards\":\(shardCount),\"rows\":\(rowCount),\"pages\":["
        manifest += zip(site.pages, site.firstRows).map { "[\($0.slug.jsonStringLiteral),\($1)]" }.joined(separator: ",")
        manifest += "],\"vocabulary\":[\(vocabularyFiles(site.terms, into: &files).map(String.init).joined(separator: ","))]});\n"
        files.insert(File(path: "search/index.js", text: manifest), at: 0)
        for (number, lines) in shards.enumerated() {
            files.append(File(path: "search/s/\(number).js",
                              text: "kumikiSearch.shard(\(number),{\n" + lines.joined(separator: ",\n") + "});\n"))
        }
        return files
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

    /// The English words of four letters or more, one file per length;
    /// returns the lengths written.
    private static func vocabularyFiles(_ terms: [String], into files: inout [File]) -> [Int] {
        var byLength: [Int: [String]] = [:]
        for term in terms where term.utf8.count >= 4 && term.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) {
            byLength[term.utf8.count, default: []].append(term)
        }
        let lengths = byLength.keys.sorted()
        for length in lengths {
            let words = (byLength[length] ?? []).sorted().joined(separator: " ")
            files.append(File(path: "search/v/\(length).js", text: "kumikiSearch.vocabulary(\(length),\(words.jsonStringLiteral));\n"))
        }
        return lengths
    }
}
