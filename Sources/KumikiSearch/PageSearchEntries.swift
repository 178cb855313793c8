import KumikiSupport

/// A page's terms with the rows they occur in, as the build store keeps
/// them, and the page's script: what a later build reads instead of
/// parsing and indexing the page again (`SearchIndexing.index(_:)`), and
/// what carries a changed page into the last build's postings
/// (`SearchPostings.carry(to:)`). The rows' text goes out as the page's
/// own script (`script`), loaded only for the pages a query shows.
public struct PageSearchEntries: Sendable, Hashable {
    public var slug: String
    public var rowCount: Int
    /// The distinct terms' UTF-8 bytes, one after another, grouped by the
    /// part each term falls in (`TermParts.part(ofKey:)`), the parts in
    /// ascending order, in the order they came within a part: term `n` is
    /// `termBytes[termStarts[n]..<termStarts[n + 1]]`.
    public private(set) var termBytes: [UInt8]
    public private(set) var termStarts: [Int32]
    /// Every term's postings one after another, term `n`'s from
    /// `postingStarts[n]` to `postingStarts[n + 1]`: one array per page,
    /// not one per term. A posting is the row's index times two, plus one
    /// for a heading row; each term's ascend.
    public private(set) var postingValues: [Int32]
    public private(set) var postingStarts: [Int32]
    /// Where each part's terms start among the terms, and past the last
    /// (`TermParts.partCount + 1` numbers).
    public private(set) var partStarts: [Int32]
    /// `search/p/SLUG.js`, as UTF-8 bytes: the page's rows for result
    /// titles and snippets.
    public var script: [UInt8]

    /// The entries of a page whose rows are these, indexed alone.
    public init(slug: String, rows: [SearchRow]) {
        self = SearchIndexing().index(slug: slug, rows: rows, keepingEntries: true).entries!
    }

    /// Entries grouped by a table (`WorkerTermTable.groupedByPart`).
    init(slug: String, rowCount: Int,
         grouped: (termBytes: [UInt8], termStarts: [Int32], values: [Int32], starts: [Int32], partStarts: [Int32]),
         script: [UInt8]) {
        self.slug = slug
        self.rowCount = rowCount
        (termBytes, termStarts, postingValues, postingStarts, partStarts) = grouped
        self.script = script
    }

    /// Entries of terms already in their order; nil when the terms are not
    /// grouped by part, the parts ascending (not entries Kumiki made).
    init?(slug: String, rowCount: Int, termBytes: [UInt8], termStarts: [Int32], postingValues: [Int32],
          postingStarts: [Int32], script: [UInt8]) {
        guard let partStarts = Self.partStarts(termBytes: termBytes, termStarts: termStarts) else { return nil }
        self.slug = slug
        self.rowCount = rowCount
        self.termBytes = termBytes
        self.termStarts = termStarts
        self.postingValues = postingValues
        self.postingStarts = postingStarts
        self.partStarts = partStarts
        self.script = script
    }

    /// Where each part's terms start, found by reading every term's part;
    /// nil when the parts do not ascend.
    private static func partStarts(termBytes: [UInt8], termStarts: [Int32]) -> [Int32]? {
        let count = termStarts.count - 1
        var starts: [Int32] = [0], current = 0
        let ascending = termBytes.withUnsafeBufferPointer { bytes in
            for index in 0..<count {
                let part = TermParts.part(bytes, Int(termStarts[index])..<Int(termStarts[index + 1]))
                guard part >= current else { return false }
                while current < part {
                    starts.append(Int32(index))
                    current += 1
                }
            }
            return true
        }
        guard ascending else { return nil }
        while starts.count <= TermParts.partCount { starts.append(Int32(count)) }
        return starts
    }

    /// How many distinct terms the page has.
    public var termCount: Int { termStarts.count - 1 }

    /// The term at `index`, as a string.
    public func term(at index: Int) -> String {
        String(decoding: termBytes[Int(termStarts[index])..<Int(termStarts[index + 1])], as: UTF8.self)
    }

    /// The distinct terms, as strings, in their order (grouped for the
    /// merge, see `termBytes`).
    public var terms: [String] { (0..<termCount).map(term(at:)) }

    /// The postings of the term at `index` of `terms`.
    public func postings(at index: Int) -> ArraySlice<Int32> {
        postingValues[Int(postingStarts[index])..<Int(postingStarts[index + 1])]
    }

    /// Each term's postings, at the term's place in `terms`.
    public var postings: [[Int32]] { (0..<termCount).map { Array(postings(at: $0)) } }

    /// The places of the terms in `terms`, in ascending byte order of the
    /// terms: for adding one page to the site's postings, whose terms are
    /// in that order.
    public func placesInByteOrder() -> [Int] {
        termBytes.withUnsafeBufferPointer { bytes in
            func term(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(termStarts[index])..<Int(termStarts[index + 1])])
            }
            return (0..<termCount).sorted { TermBytes.compare(term($0), term($1)) < 0 }
        }
    }

    /// The path of the page's script in the site.
    public var scriptPath: String { Self.scriptPath(slug: slug) }

    /// The path of the script of the page written to `slug`.
    public static func scriptPath(slug: String) -> String { "search/p/\(slug)\(scriptSuffix)" }

    /// What the name of a page's script adds to its slug: the longest file
    /// name a build makes of a slug (the page itself is `SLUG/index.html`).
    public static let scriptSuffix = ".js"

    /// Written as bytes, each text quoted in place: a string per row and
    /// per quoted text showed in the profile, and so did appending to a
    /// string and checking the finished string's UTF-8.
    ///
    /// The rows are read in place, by index: taking each row as a value
    /// (`for row in rows`) retained and released its three texts.
    static func script(slug: String, rows: [SearchRow]) -> [UInt8] {
        var capacity = slug.utf8.count + 32
        for index in rows.indices {
            capacity += rows[index].anchor.utf8.count + rows[index].english.utf8.count + rows[index].japanese.utf8.count + 24
        }
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        out += "kumikiSearch.page(".utf8
        slug.appendJSONStringLiteral(to: &out)
        out += ",[".utf8
        for index in rows.indices {
            if index > 0 { out += ",\n".utf8 }
            out.append(UInt8(ascii: "["))
            rows[index].anchor.appendJSONStringLiteral(to: &out)
            out.append(UInt8(ascii: ","))
            out += String(rows[index].section).utf8
            out.append(UInt8(ascii: ","))
            rows[index].english.appendJSONStringLiteral(to: &out)
            out.append(UInt8(ascii: ","))
            rows[index].japanese.appendJSONStringLiteral(to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out += "]);\n".utf8
        return out
    }
}
