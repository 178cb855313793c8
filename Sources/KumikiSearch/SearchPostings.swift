/// Every term of the site with the rows it occurs in, the rows numbered
/// across the whole site in navigation order: what the index files are
/// written from (`SearchIndexWriter`).
///
/// A row's posting is its number times two, plus one for a heading row,
/// so each page's postings are one run of numbers and a page's place in the
/// site is a shift. That makes the postings cheap to carry from one build to
/// the next (`carried(to:)`, in place `carry(to:)`): a build that changed a
/// few pages moves the unchanged pages' runs instead of merging every page's
/// terms again.
///
/// The terms are kept in ascending order of their UTF-8 bytes, the order
/// the index files list them in, so writing the index sorts nothing, and a
/// cold build merges the pages' sorted terms part by part
/// (`init(merging:)`).
public struct SearchPostings: Sendable, Equatable {
    /// A page as the index numbers it.
    public struct Page: Sendable, Hashable {
        public var slug: String
        public var rowCount: Int

        public init(slug: String, rowCount: Int) {
            self.slug = slug
            self.rowCount = rowCount
        }
    }

    /// The pages in navigation order.
    public internal(set) var pages: [Page]
    /// The site-wide number of each page's first row.
    public internal(set) var firstRows: [Int]
    /// The distinct terms in ascending byte order.
    public internal(set) var terms: [String]
    /// Each term's postings, ascending, at the term's place in `terms`.
    public internal(set) var lists: [[Int32]]

    public var rowCount: Int { (firstRows.last ?? 0) + (pages.last?.rowCount ?? 0) }

    init(pages: [Page], terms: [String] = [], lists: [[Int32]] = []) {
        self.pages = pages
        self.firstRows = Self.firstRows(of: pages)
        self.terms = terms
        self.lists = lists
    }

    /// The postings of `term`, or nil when no row holds it.
    public func list(of term: String) -> [Int32]? {
        let place = place(of: term)
        return place < terms.count && TermBytes.compare(terms[place], term) == 0 ? lists[place] : nil
    }

    /// Where `term` is among the terms, or would be inserted: the first
    /// index from `start` whose term does not come before it.
    private func place(of term: String, from start: Int = 0) -> Int {
        var low = start, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if TermBytes.compare(terms[middle], term) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a row holds `term`.
    public func contains(_ term: String) -> Bool { list(of: term) != nil }

    /// The postings of a site whose pages are `pages`, from these (the last
    /// build's): an unchanged page names its place among `self.pages`, a
    /// changed or new one brings its entries. Pages of the last build that
    /// are named by none are dropped.
    public func carried(to pages: [Carried]) -> SearchPostings {
        var next = self
        next.carry(to: pages)
        return next
    }

    /// `carried(to:)` in place. Postings that nothing else holds are not
    /// copied: an edit that keeps every page's place changes only the lists
    /// of the runs it replaces (the preview server keeps the site's
    /// postings from one rebuild to the next).
    public mutating func carry(to pages: [Carried]) {
        if !replaceInPlace(pages) { self = moved(to: pages) }
    }

    /// The postings with every page's run moved to its place among `pages`.
    private func moved(to pages: [Carried]) -> SearchPostings {
        var next = SearchPostings(pages: pages.map { page in
            switch page {
            case .unchanged(let old): self.pages[old]
            case .changed(let entries): Page(slug: entries.slug, rowCount: entries.rowCount)
            }
        })
        // Where each old page's run moves to (nil: dropped), and whether the
        // runs keep their order, so each moved list stays ascending.
        var shifts = [Int32?](repeating: nil, count: self.pages.count)
        var previous = -1, keepsOrder = true
        for (number, page) in pages.enumerated() {
            guard case .unchanged(let old) = page else { continue }
            shifts[old] = Int32(2 * (next.firstRows[number] - firstRows[old]))
            if old < previous { keepsOrder = false }
            previous = old
        }
        next.terms.reserveCapacity(terms.count)
        next.lists.reserveCapacity(lists.count)
        for (term, list) in zip(terms, lists) {
            let moved = moved(list, by: shifts)
            guard !moved.isEmpty else { continue }
            next.terms.append(term)
            next.lists.append(keepsOrder ? moved : moved.sorted())
        }
        for (number, page) in pages.enumerated() {
            if case .changed(let entries) = page { next.add(entries, at: number) }
        }
        return next
    }

    /// The common case of `carry(to:)`, a page edited without adding or
    /// removing rows: every other page keeps its place, so only the edited
    /// pages' runs are replaced and the rest of the postings are not copied.
    /// False, with nothing changed, when pages moved.
    private mutating func replaceInPlace(_ pages: [Carried]) -> Bool {
        guard pages.count == self.pages.count else { return false }
        var changed: [(number: Int, entries: PageSearchEntries)] = []
        for (number, page) in pages.enumerated() {
            switch page {
            case .unchanged(let old): guard old == number else { return false }
            case .changed(let entries):
                guard entries.rowCount == self.pages[number].rowCount else { return false }
                changed.append((number, entries))
            }
        }
        for (number, entries) in changed {
            self.pages[number].slug = entries.slug
            let start = Int32(2 * firstRows[number]), end = Int32(2 * (firstRows[number] + entries.rowCount))
            var emptied = false
            for index in lists.indices {
                // The run is found before the list is changed, so no copy
                // of the list is alive to make the change copy it.
                if let run = Self.run(from: start, to: end, in: lists[index]) {
                    lists[index].removeSubrange(run)
                    if lists[index].isEmpty { emptied = true }
                }
            }
            if emptied { dropEmptyLists() }
            insertInPlace(entries, at: number)
        }
        return true
    }

    /// Where the postings from `start` up to `end` are in an ascending
    /// list; nil when it has none.
    private static func run(from start: Int32, to end: Int32, in list: [Int32]) -> Range<Int>? {
        let low = firstIndex(notBelow: start, in: list)
        guard low < list.count, list[low] < end else { return nil }
        return low..<firstIndex(notBelow: end, in: list, from: low)
    }

    /// Drops the terms whose lists an edit emptied, moving the others down
    /// in place rather than copying every term and list.
    private mutating func dropEmptyLists() {
        var kept = 0
        for index in lists.indices where !lists[index].isEmpty {
            if index != kept {
                terms.swapAt(index, kept)
                lists.swapAt(index, kept)
            }
            kept += 1
        }
        terms.removeSubrange(kept...)
        lists.removeSubrange(kept...)
    }

    /// `add(_:at:)` for a page whose run was just taken out: each of the
    /// page's terms is found by bisection and its run inserted into the
    /// term's list, a new term inserted at its place. The other terms and
    /// lists are not copied, as `add` would copy them into new arrays.
    private mutating func insertInPlace(_ entries: PageSearchEntries, at number: Int) {
        let shift = Int32(firstRows[number] * 2)
        var next = 0
        for page in entries.placesInByteOrder() {
            let term = entries.term(at: page)
            // The page's terms are taken in ascending order, so each one's
            // place is past the last's.
            let place = place(of: term, from: next)
            let run = entries.postings(at: page).map { $0 + shift }
            if place < terms.count, TermBytes.compare(terms[place], term) == 0 {
                lists[place].insert(contentsOf: run, at: Self.firstIndex(notBelow: shift, in: lists[place]))
            } else {
                terms.insert(term, at: place)
                lists.insert(run, at: place)
            }
            next = place + 1
        }
    }

    /// A page of `carried(to:)`.
    public enum Carried: Sendable {
        /// The page at this place of the last build's pages, unchanged.
        case unchanged(Int)
        /// A page changed or added since the last build.
        case changed(PageSearchEntries)
    }

    /// Adds a page's postings at its place, where other pages' runs may
    /// already be: the page's terms, in byte order, merged into the site's,
    /// each list kept ascending.
    private mutating func add(_ entries: PageSearchEntries, at number: Int) {
        let shift = Int32(firstRows[number] * 2)
        let places = entries.placesInByteOrder()
        let pageTerms = places.map(entries.term(at:))
        var mergedTerms: [String] = [], mergedLists: [[Int32]] = []
        mergedTerms.reserveCapacity(terms.count + pageTerms.count)
        mergedLists.reserveCapacity(terms.count + pageTerms.count)
        var site = 0, page = 0
        while site < terms.count || page < pageTerms.count {
            let order = site == terms.count ? 1 : page == pageTerms.count ? -1
                : TermBytes.compare(terms[site], pageTerms[page])
            if order < 0 {
                mergedTerms.append(terms[site])
                mergedLists.append(lists[site])
                site += 1
                continue
            }
            let run = entries.postings(at: places[page]).map { $0 + shift }
            mergedTerms.append(pageTerms[page])
            if order > 0 {
                mergedLists.append(run)
            } else {
                var list = lists[site]
                list.insert(contentsOf: run, at: Self.firstIndex(notBelow: shift, in: list))
                mergedLists.append(list)
                site += 1
            }
            page += 1
        }
        (terms, lists) = (mergedTerms, mergedLists)
    }

    /// The list with each old page's run shifted to its new place, and the
    /// runs of dropped pages left out. Finds each run's page once, not each
    /// posting's.
    private func moved(_ list: [Int32], by shifts: [Int32?]) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(list.count)
        var index = 0
        while index < list.count {
            let page = Self.lastIndex(notAbove: Int(list[index] / 2), in: firstRows)
            let end = Int32(2 * (firstRows[page] + pages[page].rowCount))
            // Past the end of the last page only in a damaged list, which
            // `init?(stored:)` refuses; stop rather than loop.
            guard end > list[index] else { break }
            let runEnd = Self.firstIndex(notBelow: end, in: list, from: index)
            if let shift = shifts[page] {
                for posting in list[index..<runEnd] { out.append(posting + shift) }
            }
            index = runEnd
        }
        return out
    }

    static func firstRows(of pages: [Page]) -> [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(pages.count)
        var count = 0
        for page in pages {
            rows.append(count)
            count += page.rowCount
        }
        return rows
    }

    /// The first index from `start` whose value is at least `value` in an
    /// ascending list (its count when there is none).
    static func firstIndex(notBelow value: Int32, in list: [Int32], from start: Int = 0) -> Int {
        var low = start, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last index whose value is at most `value` in an ascending list
    /// that starts at or below it.
    static func lastIndex(notAbove value: Int, in list: [Int]) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}
