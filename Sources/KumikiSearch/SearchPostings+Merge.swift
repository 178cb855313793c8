import KumikiSupport

extension SearchPostings {
    /// The postings of pages whose entries are all at hand (a cold build).
    ///
    /// The terms fall into `TermMerge.partCount` parts by a hash of their
    /// first bytes, merged at once on every core. Each page's terms come
    /// grouped by part, with where each part starts (`PageSearchEntries`),
    /// and each list comes out ascending, at its final size (`TermMerge`).
    /// Each part's terms come out in byte order, and the parts' runs are
    /// interleaved into the site's order.
    public init(merging entries: [PageSearchEntries]) {
        self.init(pages: entries.map { Page(slug: $0.slug, rowCount: $0.rowCount) })
        let merge = TermMerge(pages: entries, shifts: firstRows.map { Int32(2 * $0) })
        let parts = concurrentMap(TermMerge.partCount) { part in merge.merged(part: part) }
        (terms, lists) = TermMerge.interleaved(parts)
    }
}

/// Merges the pages' terms of one part, a page at a time (each page's
/// lists are read in the order they lie in memory): each distinct term gets
/// a number (`TermNumbering`), the postings are counted per term, then
/// copied into one buffer at each term's place, pages in order, so each
/// term's part of it is ascending. The terms are sorted once, at the end,
/// and only then made strings.
struct TermMerge: Sendable {
    let pages: [PageSearchEntries]
    /// Each page's first posting: twice its first row's number.
    let shifts: [Int32]

    /// How many parts the merge has, 2 to the power `partBits`: several per
    /// core, so a part of common terms does not keep the others waiting.
    static let partBits: UInt64 = 4
    static let partCount = 1 << partBits

    /// The part of the merge a term with this key (`TermBytes.key`) falls
    /// in: the top bits of its product with a constant other than the one
    /// a table's slots are taken with (`TermBytes.slot`), so one part's
    /// terms still spread over every slot of the part's table.
    @inline(__always)
    static func part(ofKey key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0xBF58_476D_1CE4_E5B9) >> (64 - partBits))
    }

    /// The part of the term whose bytes are `bytes[range]`.
    @inline(__always)
    static func part(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        part(ofKey: TermBytes.key(UnsafeBufferPointer(rebasing: bytes[range])))
    }

    /// The pages are read through pointers, borrowed: both cores merge at
    /// once, and copying a page's arrays out would make both count
    /// references to the same arrays, which cost more than the merge.
    func merged(part: Int) -> Part {
        pages.withUnsafeBufferPointer { pages in
            shifts.withUnsafeBufferPointer { shifts in merged(part: part, pages: pages, shifts: shifts) }
        }
    }

    /// One part's terms in byte order, with their keys and lists.
    struct Part: Sendable {
        var terms: [String]
        var keys: [UInt64]
        var lists: [[Int32]]
    }

    private func merged(part: Int, pages: UnsafeBufferPointer<PageSearchEntries>,
                        shifts: UnsafeBufferPointer<Int32>) -> Part {
        let slices = pages.map { Int($0.partStarts[part])..<Int($0.partStarts[part + 1]) }
        // Each occurrence's term number, pages in order, and each term's
        // number of postings. The loops run over every term of every page,
        // through pointers: an array's checks of index, of overflow and of
        // sharing were most of their cost.
        var numbering = TermNumbering(expected: 4096)
        var counts = GrowableBuffer<Int>(capacity: 4096)
        let occurrences = UnsafeMutableBufferPointer<Int32>.allocate(capacity: slices.reduce(0) { $0 + $1.count })
        defer { occurrences.deallocate() }
        var occurrence = 0
        for (page, slice) in slices.enumerated() {
            pages[page].termBytes.withUnsafeBufferPointer { bytes in
                pages[page].termStarts.withUnsafeBufferPointer { termStarts in
                    pages[page].postingStarts.withUnsafeBufferPointer { postingStarts in
                        for index in slice {
                            let start = Int(termStarts[index])
                            let term = UnsafeBufferPointer(rebasing: bytes[start..<Int(termStarts[index + 1])])
                            let (slot, isNew) = numbering.slot(term, readable: bytes.count - start)
                            if isNew { counts.append(0) }
                            let number = numbering.term(atSlot: slot)
                            occurrences[occurrence] = Int32(truncatingIfNeeded: number)
                            occurrence &+= 1
                            counts[number] &+= Int(postingStarts[index + 1] &- postingStarts[index])
                        }
                    }
                }
            }
        }
        var listStarts = [Int](repeating: 0, count: counts.count + 1)
        for number in 0..<counts.count { listStarts[number + 1] = listStarts[number] + counts[number] }
        let total = listStarts.last ?? 0
        var next = listStarts
        let all = [Int32](unsafeUninitializedCapacity: total) { all, initialized in
            next.withUnsafeMutableBufferPointer { next in
                var occurrence = 0
                for (page, slice) in slices.enumerated() {
                    let shift = shifts[page]
                    pages[page].postingValues.withUnsafeBufferPointer { values in
                        pages[page].postingStarts.withUnsafeBufferPointer { postingStarts in
                            for index in slice {
                                let number = Int(occurrences[occurrence])
                                occurrence &+= 1
                                var at = next[number]
                                for valueIndex in Int(postingStarts[index])..<Int(postingStarts[index + 1]) {
                                    all[at] = values[valueIndex] &+ shift
                                    at &+= 1
                                }
                                next[number] = at
                            }
                        }
                    }
                }
            }
            // Each place is written once: the counts add up to `total`.
            initialized = total
        }
        let order = numbering.numbersInByteOrder()
        return Part(terms: order.map { numbering.text(of: $0) }, keys: order.map { numbering.key(of: $0) },
                    lists: order.map { Array(all[listStarts[$0]..<listStarts[$0 + 1]]) })
    }

    /// The parts' terms and lists in the site's order: every term's key
    /// sorted at once (`RadixSort`), which is stable. Keys in ascending
    /// order are terms in ascending order (`TermBytes.key`), and the terms
    /// that share a key (their first eight bytes) are all in one part, one
    /// after another in byte order already.
    static func interleaved(_ parts: [Part]) -> (terms: [String], lists: [[Int32]]) {
        let keys = parts.flatMap(\.keys)
        let allTerms = parts.flatMap(\.terms), allLists = parts.flatMap(\.lists)
        let order = keys.withUnsafeBufferPointer { RadixSort.order(of: $0) }
        return (order.map { allTerms[Int($0)] }, order.map { allLists[Int($0)] })
    }
}
