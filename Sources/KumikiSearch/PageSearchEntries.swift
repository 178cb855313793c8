import KumikiSupport

/// What the index needs of one page, made where the page is rendered and
/// small enough to keep for every page until the index is written: the
/// page's terms with the rows they occur in. The rows' text goes out at
/// once as the page's own script (`script`), loaded only for the pages a
/// query shows.
public struct PageSearchEntries: Sendable, Hashable {
    public var slug: String
    public var rowCount: Int
    /// Distinct terms in ascending order, each with its postings: the row's
    /// index times two, plus one for a heading row, ascending.
    public var terms: [String]
    /// Every term's postings one after another, term `n`'s from
    /// `postingStarts[n]` to `postingStarts[n + 1]`: one array per page,
    /// not one per term, so the site's merge reads each page's postings
    /// in the order they lie in memory, and indexing a page makes two
    /// arrays instead of hundreds.
    public private(set) var postingValues: [Int32]
    public private(set) var postingStarts: [Int32]
    /// `search/p/SLUG.js`: the page's rows for result titles and snippets.
    public var script: String

    public init(slug: String, rows: [SearchRow]) {
        self.slug = slug
        self.rowCount = rows.count
        var table = PageTermTable()
        for (index, row) in rows.enumerated() {
            let posting = Int32(index * 2 + (row.isHeading ? 1 : 0))
            SearchTokenizer.forEachTerm(row.english) { table.add($0, posting: posting) }
            SearchTokenizer.forEachTerm(row.japanese) { table.add($0, posting: posting) }
        }
        (terms, postingValues, postingStarts) = table.sortedByBytes()
        script = Self.script(slug: slug, rows: rows)
    }

    init(slug: String, rowCount: Int, terms: [String], postingValues: [Int32], postingStarts: [Int32], script: String) {
        self.slug = slug
        self.rowCount = rowCount
        self.terms = terms
        self.postingValues = postingValues
        self.postingStarts = postingStarts
        self.script = script
    }

    /// The postings of the term at `index` of `terms`.
    public func postings(at index: Int) -> ArraySlice<Int32> {
        postingValues[Int(postingStarts[index])..<Int(postingStarts[index + 1])]
    }

    /// Each term's postings, at the term's place in `terms`.
    public var postings: [[Int32]] { terms.indices.map { Array(postings(at: $0)) } }

    /// The path of the page's script in the site.
    public var scriptPath: String { Self.scriptPath(slug: slug) }

    /// The path of the script of the page written to `slug`.
    public static func scriptPath(slug: String) -> String { "search/p/\(slug).js" }

    /// Written into one string of about the right size, each text quoted in
    /// place: a string per row and per quoted text showed in the profile.
    private static func script(slug: String, rows: [SearchRow]) -> String {
        var out = "kumikiSearch.page("
        out.reserveCapacity(rows.reduce(slug.utf8.count + 32) {
            $0 + $1.anchor.utf8.count + $1.english.utf8.count + $1.japanese.utf8.count + 24
        })
        slug.appendJSONStringLiteral(to: &out)
        out += ",["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += ",\n" }
            out += "["
            row.anchor.appendJSONStringLiteral(to: &out)
            out += ","
            out += String(row.section)
            out += ","
            row.english.appendJSONStringLiteral(to: &out)
            out += ","
            row.japanese.appendJSONStringLiteral(to: &out)
            out += "]"
        }
        out += "]);\n"
        return out
    }
}
