import KumikiSupport

extension SearchPostings {
    /// The postings of pages whose entries are all at hand (a cold build).
    ///
    /// Each page's terms are already in byte order, so the site's are a
    /// merge of the pages' lists: no term is hashed or looked up, and each
    /// list comes out ascending, at its final size. The term space is cut by
    /// the terms' first two bytes into parts of about the same size, merged
    /// at once on every core; each part's terms all come after the one
    /// before's, so the parts joined are the site's terms in order.
    public init(merging entries: [PageSearchEntries]) {
        self.init(pages: entries.map { Page(slug: $0.slug, rowCount: $0.rowCount) })
        let bounds = Self.partBounds(entries)
        let merge = TermMerge(terms: entries.map(\.terms), values: entries.map(\.postingValues),
                              starts: entries.map(\.postingStarts), shifts: firstRows.map { Int32(2 * $0) })
        let parts = concurrentMap(bounds.count - 1) { part in merge.merged(prefixes: bounds[part]..<bounds[part + 1]) }
        terms.reserveCapacity(parts.reduce(0) { $0 + $1.terms.count })
        lists.reserveCapacity(terms.capacity)
        for part in parts {
            terms += part.terms
            lists += part.lists
        }
    }

    /// The parts' bounds as two-byte prefixes (`TermMerge.prefix`), from 0
    /// to past the last: chosen from a sample of the pages' terms so each
    /// part holds about as many, several per core so a part of common
    /// prefixes does not keep the others waiting.
    static func partBounds(_ entries: [PageSearchEntries]) -> [UInt32] {
        let total = entries.reduce(0) { $0 + $1.terms.count }
        let partCount = min(16, max(1, total / 4096))
        guard partCount > 1 else { return [0, 0x1_0000] }
        var counts = [Int](repeating: 0, count: 0x1_0000)
        let stride = max(1, total / 65_536)
        var sampled = 0, seen = 0
        for page in entries {
            for term in page.terms {
                seen += 1
                guard seen % stride == 0 else { continue }
                counts[Int(TermMerge.prefix(term))] += 1
                sampled += 1
            }
        }
        var bounds: [UInt32] = [0]
        var cumulative = 0
        for (prefix, count) in counts.enumerated() where count > 0 {
            if cumulative * partCount >= sampled * bounds.count, UInt32(prefix) > bounds.last! {
                bounds.append(UInt32(prefix))
            }
            cumulative += count
        }
        bounds.append(0x1_0000)
        return bounds
    }
}

/// Merges the pages' terms over a range of prefixes, a page at a time (each
/// page's lists are read in the order they lie in memory): each distinct
/// term gets a number, the postings are counted per term, then copied into
/// one buffer at each term's place, pages in order, so each term's part of
/// it is ascending. The terms are sorted once, at the end.
struct TermMerge: Sendable {
    let terms: [[String]]
    /// Each page's postings and where each term's start
    /// (`PageSearchEntries.postingValues`, `postingStarts`).
    let values: [[Int32]]
    let starts: [[Int32]]
    /// Each page's first posting: twice its first row's number.
    let shifts: [Int32]

    /// The first two bytes of a term, first byte highest (zero for a
    /// missing second byte): ascending with the terms.
    static func prefix(_ term: String) -> UInt32 {
        var bytes = term.utf8.makeIterator()
        let first = UInt32(bytes.next() ?? 0), second = UInt32(bytes.next() ?? 0)
        return first << 8 | second
    }

    func merged(prefixes: Range<UInt32>) -> (terms: [String], lists: [[Int32]]) {
        var slices: [Range<Int>] = []
        slices.reserveCapacity(terms.count)
        for page in terms.indices {
            let start = firstIndex(in: terms[page], notBelow: prefixes.lowerBound, from: 0)
            slices.append(start..<firstIndex(in: terms[page], notBelow: prefixes.upperBound, from: start))
        }
        // Each occurrence's term number, pages in order, and each term's
        // number of postings.
        var numbers: [TermKey: Int32] = [:]
        var distinct: [String] = [], counts: [Int] = [], occurrences: [Int32] = []
        for (page, slice) in slices.enumerated() {
            let pageTerms = terms[page], pageStarts = starts[page]
            for index in slice {
                let term = pageTerms[index]
                let number: Int32
                let key = TermKey(term)
                if let known = numbers[key] {
                    number = known
                } else {
                    number = Int32(distinct.count)
                    numbers[key] = number
                    distinct.append(term)
                    counts.append(0)
                }
                occurrences.append(number)
                counts[Int(number)] += Int(pageStarts[index + 1] - pageStarts[index])
            }
        }
        var listStarts = [Int](repeating: 0, count: counts.count + 1)
        for (number, count) in counts.enumerated() { listStarts[number + 1] = listStarts[number] + count }
        var next = listStarts
        var all = [Int32](repeating: 0, count: listStarts.last ?? 0)
        var occurrence = 0
        for (page, slice) in slices.enumerated() {
            let pageValues = values[page], pageStarts = starts[page], shift = shifts[page]
            for index in slice {
                let number = Int(occurrences[occurrence])
                occurrence += 1
                var at = next[number]
                for posting in pageValues[Int(pageStarts[index])..<Int(pageStarts[index + 1])] {
                    all[at] = posting + shift
                    at += 1
                }
                next[number] = at
            }
        }
        let order = Self.byteOrder(distinct)
        return (order.map { distinct[$0] }, order.map { Array(all[listStarts[$0]..<listStarts[$0 + 1]]) })
    }

    /// The indices of `terms` in ascending byte order of their terms.
    static func byteOrder(_ terms: [String]) -> [Int] {
        let keys = terms.map(TermBytes.key)
        return terms.indices.sorted { first, second in
            keys[first] != keys[second] ? keys[first] < keys[second] : TermBytes.compare(terms[first], terms[second]) < 0
        }
    }

    /// The first index from `start` whose term's prefix is at least `prefix`.
    private func firstIndex(in list: [String], notBelow prefix: UInt32, from start: Int) -> Int {
        var low = start, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if Self.prefix(list[middle]) < prefix { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A term as a dictionary key, hashed and compared on its bytes: String's
/// own hash normalises non-ASCII text first, which every Japanese pair is.
private struct TermKey: Hashable {
    let term: String
    let key: UInt64
    let length: Int

    init(_ term: String) {
        var bytes = term
        (key, length) = bytes.withUTF8 { (TermBytes.key($0), $0.count) }
        self.term = term
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(length)
    }

    static func == (first: TermKey, second: TermKey) -> Bool {
        first.key == second.key && first.length == second.length
            && (first.length <= 8 || TermBytes.compare(first.term, second.term) == 0)
    }
}
