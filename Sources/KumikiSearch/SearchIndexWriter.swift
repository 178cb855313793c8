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
    /// A shard holds about this many bytes of postings. A query loads a
    /// shard and often a group of long lists for each of its terms, and a
    /// phrase of a dozen Japanese characters has twenty terms or more:
    /// with 12 KB shards and 16 KB groups, a long phrase drawn from the
    /// scale site's rows loaded up to 690 KB, past the budget of 600 KB,
    /// in three draws of nine. At 6 KB, the most any query of eleven draws
    /// loaded was 414 KB, and the median fell from about 218 to 182 KB, for
    /// some 470 more small files on a 1,000-page site.
    static let shardBytes = 6_000
    /// Postings longer than this go to a file of their own: a shard stays
    /// small, and a query loads a long list only for its own term.
    static let longListBytes = 1_500
    /// A group of long lists holds about this many bytes: a common word
    /// costs its query this much more than its own list, on average (see
    /// `shardBytes`).
    static let listGroupBytes = 6_000

    public struct File: Sendable, Hashable {
        public var path: String
        /// The file's UTF-8 bytes.
        public var bytes: [UInt8]
        /// What the text is made of, when it is found without the text: the
        /// postings' hash and the layout (`keeping`). A file with the same
        /// fingerprint has the same bytes.
        public var fingerprint: String?

        init(path: String, bytes: [UInt8], fingerprint: String? = nil) {
            self.path = path
            self.bytes = bytes
            self.fingerprint = fingerprint
        }

        init(path: String, text: String) {
            self.init(path: path, bytes: Array(text.utf8))
        }

        /// The file's text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    public static func files(_ pages: [PageSearchEntries]) -> [File] {
        files(SearchPostings(merging: pages))
    }

    /// The index files of the site's postings: the same bytes however the
    /// postings were made (merged from every page, or carried from the last
    /// build's).
    ///
    /// A shard or list file that `keeping` keeps (the output folder still
    /// holds the file of that fingerprint) is left out, and its text is
    /// never written: after an edit of one page, most lists are as they
    /// were, and encoding every list was most of a warm build's index.
    public static func files(_ site: SearchPostings,
                             keeping: (_ path: String, _ fingerprint: String) -> Bool = { _, _ in false }) -> [File] {
        // The terms are in byte order already (`SearchPostings`), and stay
        // so with each kanji alone added.
        let (terms, lists) = KanjiAloneLists.adding(to: site)
        // Each list's form and length in the index and the hash of its
        // postings, on every core: the layout needs the lengths, a file's
        // fingerprint the hashes, and neither needs the text. The form is
        // kept for the text, so each list is sized once.
        let chunkCount = min(16, max(1, terms.count / 512))
        let measured = Array(concurrentMap(chunkCount) { chunk in
            (chunk * lists.count / chunkCount..<(chunk + 1) * lists.count / chunkCount).map { index in
                let form = PostingListText.form(of: lists[index])
                return (form: form, length: PostingListText.length(of: lists[index], form: form),
                        hash: postingsHash(lists[index]))
            }
        }.joined())
        var totalBytes = 0, longBytes = 0
        var isLong = [Bool](repeating: false, count: terms.count)
        for (index, term) in terms.enumerated() {
            let termBytes = term.utf8.count
            isLong[index] = measured[index].length > longListBytes
            if isLong[index] { longBytes += termBytes + measured[index].length + 6 }
            totalBytes += (isLong[index] ? 1 : measured[index].length) + termBytes + 6
        }
        let shardCount = max(1, (totalBytes + shardBytes - 1) / shardBytes)
        let listGroups = max(1, (longBytes + listGroupBytes - 1) / listGroupBytes)
        var shards = Array(repeating: [Int](), count: shardCount)
        var groups = Array(repeating: [Int](), count: listGroups)
        for (index, term) in terms.enumerated() {
            let hash = termHash(term)
            shards[Int(hash % UInt32(shardCount))].append(index)
            if isLong[index] { groups[Int(hash % UInt32(listGroups))].append(index) }
        }

        // Each shard and group of lists, unless the output keeps it.
        let hashes = measured.map(\.hash)
        var candidates: [(path: String, terms: [Int], isShard: Bool, name: String)] = []
        for (number, members) in shards.enumerated() {
            candidates.append(("search/s/\(number).js", members, true, String(number)))
        }
        for (number, members) in groups.enumerated() where !members.isEmpty {
            let name = String(number, radix: 36)
            candidates.append(("search/l/\(name).js", members, false, name))
        }
        let (shardLayout, fingerprinted) = (isLong, candidates)
        let fingerprints = concurrentMap(fingerprinted.count) { number in
            let part = fingerprinted[number]
            return partFingerprint(part.path, part.terms, terms: terms, hashes: hashes, isLong: part.isShard ? shardLayout : nil)
        }
        var parts: [(path: String, fingerprint: String, terms: [Int], isShard: Bool, name: String)] = []
        for (part, fingerprint) in zip(candidates, fingerprints) where !keeping(part.path, fingerprint) {
            parts.append((part.path, fingerprint, part.terms, part.isShard, part.name))
        }
        // Written on every core: the index is written while the other core
        // assembles the site, and encoding is the largest part of writing it.
        let (toWrite, long) = (parts, isLong)
        let written = concurrentMap(toWrite.count) { number -> File in
            let part = toWrite[number]
            var bytes: [UInt8] = []
            bytes.reserveCapacity(part.terms.reduce(64) { $0 + measured[$1].length + terms[$1].utf8.count + 8 })
            bytes += (part.isShard ? "kumikiSearch.shard(\(part.name),{\n" : "kumikiSearch.list(\(part.name.jsonStringLiteral),{").utf8
            for (place, index) in part.terms.enumerated() {
                if place > 0 { bytes += (part.isShard ? ",\n" : ",").utf8 }
                terms[index].appendJSONStringLiteral(to: &bytes)
                // A list's text is digits and punctuation that JSON takes
                // as they are (`PostingListText`): only quoted.
                bytes += ":\"".utf8
                if part.isShard && long[index] {
                    bytes.append(UInt8(ascii: "@"))
                } else {
                    PostingListText.append(lists[index], form: measured[index].form, to: &bytes)
                }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes += "});\n".utf8
            return File(path: part.path, bytes: bytes, fingerprint: part.fingerprint)
        }
        var files: [File] = []
        let vocabulary = vocabularyFiles(site.terms, into: &files)
        files.append(japaneseVocabularyFile(site))
        files.insert(File(path: "search/index.js",
                          text: manifest(site, shardCount: shardCount, listGroups: listGroups, vocabulary: vocabulary)), at: 0)
        return files + written
    }

    /// What a shard's or a group's text is made of: its path, and each of
    /// its terms with the hash of its postings (and, in a shard, whether the
    /// list is in a file of its own). Gathered as bytes and hashed at once:
    /// hashing each term and number on its own cost more than the rest of
    /// the fingerprints.
    private static func partFingerprint(_ path: String, _ members: [Int], terms: [String], hashes: [UInt64],
                                        isLong: [Bool]?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(members.reduce(0) { $0 + terms[$1].utf8.count + 13 })
        for index in members {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: terms[index].utf8.count).littleEndian) { bytes += $0 }
            bytes += terms[index].utf8
            withUnsafeBytes(of: hashes[index].littleEndian) { bytes += $0 }
            bytes.append(isLong?[index] == true ? UInt8(ascii: "@") : 0)
        }
        var hash = StableHash()
        hash.combine(field: "search-index-part 3")
        hash.combine(field: path)
        bytes.withUnsafeBytes { hash.combine(bulk: $0) }
        return hash.hex
    }

    /// A hash of a list's postings, 32 bytes at a time in four lanes that
    /// do not wait on each other (a common term's list is hundreds of
    /// kilobytes, and one chain of multiplications was most of measuring
    /// the lists), then the count, the lanes and the rest combined as
    /// `StableHash` combines bytes.
    static func postingsHash(_ list: [Int32]) -> UInt64 {
        list.withUnsafeBytes { bytes in
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
            var offset = 0
            while offset + 32 <= bytes.count {
                lanes.0 = mixed(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mixed(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mixed(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mixed(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            var hash = StableHash()
            [UInt64(list.count), lanes.0, lanes.1, lanes.2, lanes.3].withUnsafeBytes { hash.combine(bulk: $0) }
            hash.combine(bulk: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            return hash.value
        }
    }

    @inline(__always)
    private static func mixed(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let value = (lane ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return value ^ (value >> 32)
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

    /// Appends ascending numbers as base-36 gaps to `out`: `3,10,12` →
    /// `3,7,2` (a number below the one before gives a negative gap, `-` and
    /// its digits). Written in place: a large site's index has millions of
    /// numbers, and a String for each was most of writing it.
    static func appendDeltaEncoded(_ list: some Collection<Int32>, to out: inout [UInt8]) {
        guard !list.isEmpty else { return }
        // A gap between two Int32s is below 2³² < 36⁷: at most seven digits,
        // with a sign and a comma nine bytes a number.
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: list.count * 9))
        let count = out.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! + start
            // Unchecked sums: a gap between two Int32s and a count below
            // nine bytes a number cannot overflow.
            var count = 0, previous: Int32 = 0
            for value in list {
                if count > 0 {
                    base[count] = UInt8(ascii: ",")
                    count &+= 1
                }
                let gap = Int64(value) &- Int64(previous)
                previous = value
                if gap < 0 {
                    base[count] = UInt8(ascii: "-")
                    count &+= 1
                }
                count &+= Base36.write(gap.magnitude, to: base + count)
            }
            return count
        }
        out.removeLast(list.count * 9 - count)
    }

    /// How many bytes `appendDeltaEncoded` writes of `list`, found without
    /// writing them.
    static func deltaEncodedLength(_ list: some Collection<Int32>) -> Int {
        deltaEncodedLength(list, below: .max)!
    }

    /// `deltaEncodedLength(list)` when it is below `limit`, else nil, found
    /// without counting past the limit.
    static func deltaEncodedLength(_ list: some Collection<Int32>, below limit: Int) -> Int? {
        var length = max(0, list.count - 1), previous: Int32 = 0
        for value in list {
            let gap = Int64(value) - Int64(previous)
            previous = value
            length += Base36.digitCount(UInt64(gap.magnitude)) + (gap < 0 ? 1 : 0)
            if length >= limit { return nil }
        }
        return length
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
