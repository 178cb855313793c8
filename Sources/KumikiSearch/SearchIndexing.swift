import KumikiSupport

/// Indexes the pages of one build, each on whichever core renders it, and
/// merges them into the site's postings.
///
/// The terms are numbered in a few tables (`WorkerTermTable`), one for each
/// page being indexed at once, lent to a page and given back: a core takes
/// the same table page after page, so a term is numbered once per table,
/// not once per page. A page comes out as its occurrences, each a term's
/// number in its table and a row (`IndexedPage`), and the merge numbers
/// each table's terms for the site once, then places every occurrence
/// where its term's list is. Grouping every page's terms by their bytes and
/// merging them by their bytes again had been a third of indexing.
///
/// The postings are the same whichever core indexed which page: the
/// tables' numbers never reach them, and every list is filled in page
/// order.
public final class SearchIndexing: Sendable {
    /// One table, lent to one page at a time.
    private final class Table: @unchecked Sendable {
        // Unchecked: only the page that borrowed the table (`withTable`)
        // changes it, and the merge reads it once every page is indexed.
        var table = WorkerTermTable()
        let number: Int

        init(number: Int) { self.number = number }
    }

    /// The tables free to lend, and every table made, by number.
    private let tables = LockedValue((free: [Table](), all: [Table]()))

    public init() {}

    /// Indexes one page: its rows' terms, numbered in a table of this
    /// indexing, and its script. With `keepingEntries`, the page's entries
    /// as the build store keeps them come too (`PageSearchEntries`).
    public func index(slug: String, rows: [SearchRow], keepingEntries: Bool = false) -> IndexedPage {
        let stopWords = StopWords.table
        let script = PageSearchEntries.script(slug: slug, rows: rows)
        return withTable { table, number in
            table.beginPage(rowCount: rows.count)
            defer { table.endPage(rowCount: rows.count) }
            // By index: taking each row as a value retained and released its
            // texts (`PageSearchEntries.script` reads them the same way).
            for index in rows.indices {
                table.beginRow(posting: Int32(index * 2 + (rows[index].isHeading ? 1 : 0)))
                SearchTokenizer.cut(rows[index].english, into: &table, ignoresRepeats: true, stopWords: stopWords)
                SearchTokenizer.cut(rows[index].japanese, into: &table, ignoresRepeats: true, stopWords: stopWords)
            }
            let entries = keepingEntries
                ? PageSearchEntries(slug: slug, rowCount: rows.count, grouped: table.groupedByPart(), script: script) : nil
            return IndexedPage(slug: slug, rowCount: rows.count, table: number, occurrences: table.pageOccurrences(),
                               script: script, entries: entries)
        }
    }

    /// A page's entries as the build store kept them, numbered in a table
    /// of this indexing for the merge.
    public func index(_ entries: PageSearchEntries) -> IndexedPage {
        withTable { table, number in
            let terms = entries.termBytes.withUnsafeBufferPointer { bytes in
                (0..<entries.termCount).map { index in
                    let start = Int(entries.termStarts[index])
                    return table.number(of: UnsafeBufferPointer(rebasing: bytes[start..<Int(entries.termStarts[index + 1])]),
                                        readable: bytes.count - start)
                }
            }
            let occurrences = PageOccurrences.inRowOrder(rowCount: entries.rowCount, terms: terms,
                                                         postings: { entries.postings(at: $0) })
            return IndexedPage(slug: entries.slug, rowCount: entries.rowCount, table: number, occurrences: occurrences,
                               script: entries.script, entries: entries)
        }
    }

    /// Lends a free table, or a new one when every table is lent.
    private func withTable<Result>(_ body: (inout WorkerTermTable, Int) -> Result) -> Result {
        let lent = tables.withValue { tables -> Table in
            if let free = tables.free.popLast() { return free }
            let made = Table(number: tables.all.count)
            tables.all.append(made)
            return made
        }
        defer { tables.withValue { $0.free.append(lent) } }
        return body(&lent.table, lent.number)
    }

    /// The postings of `pages`, in navigation order, all indexed by this
    /// indexing and none being indexed still.
    ///
    /// Each table's terms get the site's numbers (the terms' places in byte
    /// order) once; then every page's occurrences are counted per term, so
    /// each list is made at its size, and placed, pages in order, so each
    /// list ascends.
    public func postings(merging pages: [IndexedPage]) -> SearchPostings {
        var postings = SearchPostings(pages: pages.map { SearchPostings.Page(slug: $0.slug, rowCount: $0.rowCount) })
        let all = tables.withValue { $0.all }
        // The site's terms: every table's, each once.
        var site = TermNumbering(expected: 16_384)
        var siteNumbers: [[Int32]] = []
        for table in all {
            siteNumbers.append(table.table.numbering.renumbered(into: &site))
        }
        let order = site.numbersInByteOrder()
        var places = [Int32](repeating: 0, count: order.count)
        for (place, number) in order.enumerated() { places[number] = Int32(truncatingIfNeeded: place) }
        // Each table's numbers turned into the terms' places.
        let placesByTable = siteNumbers.map { numbers in numbers.map { places[Int($0)] } }
        var counts = [Int](repeating: 0, count: order.count)
        counts.withUnsafeMutableBufferPointer { counts in
            for page in pages {
                placesByTable[page.table].withUnsafeBufferPointer { placeOf in
                    page.occurrences.forEach { term, _ in counts[Int(placeOf[Int(term)])] &+= 1 }
                }
            }
        }
        // Each list's room allocated on its own and freed once its array is
        // made: in one buffer for every list, the postings were held twice
        // at the end, in the buffer and in the lists. `next` is each room's
        // next place to fill, moved on as it is filled; once it is full, the
        // room starts its count before.
        let next = UnsafeMutableBufferPointer<UnsafeMutablePointer<Int32>>.allocate(capacity: order.count)
        defer { next.deallocate() }
        for place in 0..<order.count { next[place] = .allocate(capacity: max(1, counts[place])) }
        for (page, firstRow) in zip(pages, postings.firstRows) {
            let shift = Int32(truncatingIfNeeded: 2 * firstRow)
            placesByTable[page.table].withUnsafeBufferPointer { placeOf in
                page.occurrences.forEach { term, posting in
                    let place = Int(placeOf[Int(term)])
                    next[place].pointee = posting &+ shift
                    next[place] += 1
                }
            }
        }
        // Each room is filled: the counts are what was placed.
        postings.lists = (0..<order.count).map { place in
            let room = next[place] - counts[place]
            defer { room.deallocate() }
            return [Int32](unsafeUninitializedCapacity: counts[place]) { list, initialized in
                if counts[place] > 0 { list.baseAddress!.initialize(from: room, count: counts[place]) }
                initialized = counts[place]
            }
        }
        postings.terms = order.map { site.text(of: $0) }
        return postings
    }
}

/// A page as `SearchIndexing` indexed it: its terms' occurrences, numbered
/// in one of the indexing's tables, and its script.
public struct IndexedPage: Sendable {
    public var slug: String
    public var rowCount: Int
    /// The number of the table the page's terms are numbered in.
    let table: Int
    /// Each term's first occurrence in each row, rows in order.
    let occurrences: PageOccurrences
    /// `search/p/SLUG.js`, as UTF-8 bytes (`PageSearchEntries.script`).
    public var script: [UInt8]
    /// The page's entries as the build store keeps them, when they were
    /// asked for.
    public var entries: PageSearchEntries?

    /// The path of the page's script in the site.
    public var scriptPath: String { PageSearchEntries.scriptPath(slug: slug) }

    /// How many of the page's terms occur in its rows, each counted once
    /// per row.
    public var occurrenceCount: Int { occurrences.count }
}
