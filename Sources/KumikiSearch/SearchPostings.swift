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
    public private(set) var pages: [Page]
    /// The site-wide number of each page's first row.
    public private(set) var firstRows: [Int]
    /// Each term's postings, ascending.
    public internal(set) var lists: [String: [Int32]]

    public var rowCount: Int { (firstRows.last ?? 0) + (pages.last?.rowCount ?? 0) }

    init(pages: [Page], lists: [String: [Int32]]) {
        self.pages = pages
        self.firstRows = Self.firstRows(of: pages)
        self.lists = lists
    }

    /// The postings of pages whose entries are all at hand (a cold build).
    public init(merging entries: [PageSearchEntries]) {
        self.init(pages: entries.map { Page(slug: $0.slug, rowCount: $0.rowCount) }, lists: [:])
        for (number, page) in entries.enumerated() {
            add(page, at: number, sorted: false)
        }
    }

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
        }, lists: [:])
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
        next.lists.reserveCapacity(lists.count)
        for (term, list) in lists {
            let moved = moved(list, by: shifts)
            if !moved.isEmpty { next.lists[term] = keepsOrder ? moved : moved.sorted() }
        }
        for (number, page) in pages.enumerated() {
            if case .changed(let entries) = page { next.add(entries, at: number, sorted: true) }
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
            var emptied: [String] = []
            var index = lists.startIndex
            while index != lists.endIndex {
                // The run is found before the list is changed, so no copy
                // of the list is alive to make the change copy it.
                if let run = Self.run(from: start, to: end, in: lists.values[index]) {
                    lists.values[index].removeSubrange(run)
                    if lists.values[index].isEmpty { emptied.append(lists.keys[index]) }
                }
                lists.formIndex(after: &index)
            }
            for term in emptied { lists[term] = nil }
            add(entries, at: number, sorted: true)
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

    /// A page of `carried(to:)`.
    public enum Carried: Sendable {
        /// The page at this place of the last build's pages, unchanged.
        case unchanged(Int)
        /// A page changed or added since the last build.
        case changed(PageSearchEntries)
    }

    /// Adds a page's postings at its place. `sorted` keeps each list
    /// ascending when other pages' runs may follow (a cold merge appends
    /// pages in order, so it never needs to look).
    private mutating func add(_ entries: PageSearchEntries, at number: Int, sorted: Bool) {
        let shift = Int32(firstRows[number] * 2)
        for (term, list) in zip(entries.terms, entries.postings) {
            let run = list.map { $0 + shift }
            guard let found = lists.index(forKey: term) else {
                lists[term] = run
                continue
            }
            if !sorted || lists.values[found].last.map({ $0 < shift }) ?? true {
                lists.values[found].append(contentsOf: run)
            } else {
                let at = Self.firstIndex(notBelow: shift, in: lists.values[found])
                lists.values[found].insert(contentsOf: run, at: at)
            }
        }
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

    private static func firstRows(of pages: [Page]) -> [Int] {
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
