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
    public var postings: [[Int32]]
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
        (terms, postings) = table.sortedByBytes()
        script = Self.script(slug: slug, rows: rows)
    }

    init(slug: String, rowCount: Int, terms: [String], postings: [[Int32]], script: String) {
        self.slug = slug
        self.rowCount = rowCount
        self.terms = terms
        self.postings = postings
        self.script = script
    }

    /// The path of the page's script in the site.
    public var scriptPath: String { "search/p/\(slug).js" }

    private static func script(slug: String, rows: [SearchRow]) -> String {
        var out = "kumikiSearch.page(\(slug.jsonStringLiteral),["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += ",\n" }
            out += "[\(row.anchor.jsonStringLiteral),\(row.section),\(row.english.jsonStringLiteral),"
            out += "\(row.japanese.jsonStringLiteral)]"
        }
        out += "]);\n"
        return out
    }
}
