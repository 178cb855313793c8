import KumikiSupport

extension SearchPostings {
    /// The postings of pages whose entries are all at hand (a cold build).
    ///
    /// The term space is cut by the terms' first two bytes into parts of
    /// about the same size, merged at once on every core; each part's terms
    /// all come after the one before's, so the parts joined are the site's
    /// terms in order. Each page's terms are in byte order, so a part finds
    /// its share of a page by bisection, and each list comes out ascending,
    /// at its final size (`TermMerge`).
    public init(merging entries: [PageSearchEntries]) {
        self.init(pages: entries.map { Page(slug: $0.slug, rowCount: $0.rowCount) })
        let bounds = Self.partBounds(entries)
        let merge = TermMerge(pages: entries, shifts: firstRows.map { Int32(2 * $0) })
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
        let total = entries.reduce(0) { $0 + $1.termCount }
        let partCount = min(16, max(1, total / 4096))
        guard partCount > 1 else { return [0, 0x1_0000] }
        var counts = [Int](repeating: 0, count: 0x1_0000)
        // Every `stride`th term of the pages taken one after another, the
        // first the `stride`th: found by arithmetic, not by visiting the rest.
        let stride = max(1, total / 65_536)
        var sampled = 0, seen = 0, next = stride - 1
        for page in entries {
            while next < seen + page.termCount {
                counts[Int(TermMerge.prefix(of: next - seen, bytes: page.termBytes, starts: page.termStarts))] += 1
                sampled += 1
                next += stride
            }
            seen += page.termCount
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
/// term gets a number (`TermNumbering`), the postings are counted per term,
/// then copied into one buffer at each term's place, pages in order, so
/// each term's part of it is ascending. The terms are sorted once, at the
/// end, and only then made strings.
struct TermMerge: Sendable {
    let pages: [PageSearchEntries]
    /// Each page's first posting: twice its first row's number.
    let shifts: [Int32]

    /// The first two bytes of a term, first byte highest (zero for a
    /// missing second byte): ascending with the terms.
    static func prefix(of term: Int, bytes: [UInt8], starts: [Int32]) -> UInt32 {
        bytes.withUnsafeBufferPointer { prefix($0, Int(starts[term])..<Int(starts[term + 1])) }
    }

    /// The prefix of the term whose bytes are `bytes[range]`.
    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
        let first = range.count > 0 ? UInt32(bytes[range.lowerBound]) : 0
        let second = range.count > 1 ? UInt32(bytes[range.lowerBound + 1]) : 0
        return first << 8 | second
    }

    /// The pages are read through pointers, borrowed: both cores merge at
    /// once, and copying a page's arrays out would make both count
    /// references to the same arrays, which cost more than the merge.
    func merged(prefixes: Range<UInt32>) -> (terms: [String], lists: [[Int32]]) {
        pages.withUnsafeBufferPointer { pages in
            shifts.withUnsafeBufferPointer { shifts in merged(prefixes: prefixes, pages: pages, shifts: shifts) }
        }
    }

    private func merged(prefixes: Range<UInt32>, pages: UnsafeBufferPointer<PageSearchEntries>,
                        shifts: UnsafeBufferPointer<Int32>) -> (terms: [String], lists: [[Int32]]) {
        var slices: [Range<Int>] = []
        slices.reserveCapacity(pages.count)
        for page in pages.indices {
            let start = Self.firstIndex(in: pages[page], notBelow: prefixes.lowerBound, from: 0)
            slices.append(start..<Self.firstIndex(in: pages[page], notBelow: prefixes.upperBound, from: start))
        }
        // Each occurrence's term number, pages in order, and each term's
        // number of postings.
        var numbering = TermNumbering(expected: 4096)
        var counts: [Int] = [], occurrences: [Int32] = []
        for (page, slice) in slices.enumerated() {
            pages[page].termBytes.withUnsafeBufferPointer { bytes in
                pages[page].termStarts.withUnsafeBufferPointer { termStarts in
                    pages[page].postingStarts.withUnsafeBufferPointer { postingStarts in
                        for index in slice {
                            let term = UnsafeBufferPointer(rebasing: bytes[Int(termStarts[index])..<Int(termStarts[index + 1])])
                            let (slot, isNew) = numbering.slot(term)
                            if isNew { counts.append(0) }
                            let number = numbering.term(atSlot: slot)
                            occurrences.append(Int32(number))
                            counts[number] += Int(postingStarts[index + 1] - postingStarts[index])
                        }
                    }
                }
            }
        }
        var listStarts = [Int](repeating: 0, count: counts.count + 1)
        for (number, count) in counts.enumerated() { listStarts[number + 1] = listStarts[number] + count }
        var next = listStarts
        var all = [Int32](repeating: 0, count: listStarts.last ?? 0)
        all.withUnsafeMutableBufferPointer { all in
            var occurrence = 0
            for (page, slice) in slices.enumerated() {
                let shift = shifts[page]
                pages[page].postingValues.withUnsafeBufferPointer { values in
                    pages[page].postingStarts.withUnsafeBufferPointer { postingStarts in
                        for index in slice {
                            let number = Int(occurrences[occurrence])
                            occurrence += 1
                            var at = next[number]
                            for posting in values[Int(postingStarts[index])..<Int(postingStarts[index + 1])] {
                                all[at] = posting + shift
                                at += 1
                            }
                            next[number] = at
                        }
                    }
                }
            }
        }
        let order = numbering.numbersInByteOrder()
        return (order.map { numbering.text(of: $0) }, order.map { Array(all[listStarts[$0]..<listStarts[$0 + 1]]) })
    }

    /// The first index from `start` among a page's terms whose prefix is at
    /// least `prefix`.
    private static func firstIndex(in page: PageSearchEntries, notBelow prefix: UInt32, from start: Int) -> Int {
        page.termBytes.withUnsafeBufferPointer { bytes in
            page.termStarts.withUnsafeBufferPointer { starts in
                var low = start, high = starts.count - 1
                while low < high {
                    let middle = (low + high) / 2
                    if Self.prefix(bytes, Int(starts[middle])..<Int(starts[middle + 1])) < prefix { low = middle + 1 } else { high = middle }
                }
                return low
            }
        }
    }
}
