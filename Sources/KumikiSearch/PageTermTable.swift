/// A page's distinct terms with the rows they occur in while the page is
/// indexed: the terms numbered as the tokenizer gives them
/// (`TermNumbering`), and each term's first occurrence in each row noted in
/// row order, so each term's postings come out ascending.
struct PageTermTable: TermSink, ~Copyable {
    static var wantsWordPairs: Bool { true }

    /// The posting of the row whose text is being added: the row's index
    /// times two, plus one for a heading row. Rows come in ascending order.
    var posting: Int32 = 0

    private var numbering = TermNumbering(expected: 2048)
    private var words = ShortWordMemo()
    /// Each first occurrence of a term in a row, in the order they came:
    /// the term's number and the row's posting, side by side, so noting one
    /// checks one buffer's room.
    private var occurrences = GrowableBuffer<Occurrence>(capacity: 2048)

    /// Not private: Swift 6.3 fails to compile a debug build in which a
    /// private type is a non-copyable buffer's element.
    struct Occurrence {
        var term: Int32
        var posting: Int32
    }

    /// Notes a term of at most eight bytes in the current row.
    @inline(__always)
    mutating func addTerm(key: UInt64, count: Int) {
        note(numbering.slot(key: key, count: count).slot)
    }

    /// Notes a term of more than eight bytes in the current row.
    mutating func addTerm(_ bytes: UnsafeBufferPointer<UInt8>, key: UInt64) {
        note(numbering.slot(bytes, key: key).slot)
    }

    /// The page's short English words, as the tokenizer made them.
    @inline(__always)
    mutating func rememberedWord(_ key: UInt64) -> ShortWordMemo.Entry? { words.entry(forWord: key) }

    @inline(__always)
    mutating func rememberWord(_ entry: ShortWordMemo.Entry) { words.remember(entry) }

    /// A term seen again in the same row is noted once; the slot's mark is
    /// the last row the term was noted in.
    @inline(__always)
    private mutating func note(_ slot: Int) {
        guard numbering.mark(atSlot: slot) != posting else { return }
        numbering.setMark(posting, atSlot: slot)
        occurrences.append(Occurrence(term: Int32(numbering.term(atSlot: slot)), posting: posting))
    }

    /// The terms' bytes grouped by the part of the site's merge each falls
    /// in (`TermMerge.part(ofKey:)`), in the order they came within a part,
    /// where each starts, their postings one after another, and where each
    /// part's terms start (`PageSearchEntries`). Grouped, not sorted: the
    /// merge numbers each part's terms and sorts them once for the site,
    /// and sorting every page's terms by their bytes had been a quarter of
    /// indexing a page.
    ///
    /// Every loop over the terms or their occurrences reads and writes
    /// through pointers: an array's checks of index and overflow were most
    /// of their cost. The lists used only here (each term's part, the terms
    /// in their new order, each term's count of rows) share one temporary
    /// allocation.
    func groupedByPart() -> (termBytes: [UInt8], termStarts: [Int32], values: [Int32], starts: [Int32], partStarts: [Int32]) {
        let count = numbering.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, 3 * count)) { scratch in
            let parts = scratch.baseAddress!, order = parts + count, perTerm = order + count
            var partStarts = [Int32](repeating: 0, count: TermMerge.partCount + 1)
            partStarts.withUnsafeMutableBufferPointer { partStarts in
                for term in 0..<count {
                    let part = TermMerge.part(ofKey: numbering.key(of: term))
                    parts[term] = Int32(truncatingIfNeeded: part)
                    partStarts[part &+ 1] &+= 1
                }
                for part in 0..<TermMerge.partCount { partStarts[part &+ 1] &+= partStarts[part] }
                // Each part's start moves on as its terms are placed, and
                // ends at the next part's start; the parts' starts are
                // then put back.
                for term in 0..<count {
                    let part = Int(parts[term])
                    order[Int(partStarts[part])] = Int32(truncatingIfNeeded: term)
                    partStarts[part] &+= 1
                }
                for part in stride(from: TermMerge.partCount, to: 0, by: -1) { partStarts[part] = partStarts[part &- 1] }
                partStarts[0] = 0
            }
            perTerm.initialize(repeating: 0, count: count)
            occurrences.withUnsafeBufferPointer { occurrences in
                for occurrence in occurrences { perTerm[Int(occurrence.term)] &+= 1 }
            }
            // Each term's next place among the values, in `parts`, whose
            // use is over.
            let next = parts
            var running: Int32 = 0
            let starts = [Int32](unsafeUninitializedCapacity: count + 1) { starts, initialized in
                starts[0] = 0
                for place in 0..<count {
                    let term = Int(order[place])
                    next[term] = running
                    running &+= perTerm[term]
                    starts[place &+ 1] = running
                }
                initialized = count + 1
            }
            let termStarts = [Int32](unsafeUninitializedCapacity: count + 1) { termStarts, initialized in
                termStarts[0] = 0
                for place in 0..<count {
                    let bytes = Int32(truncatingIfNeeded: numbering.byteCount(of: Int(order[place])))
                    termStarts[place &+ 1] = termStarts[place] &+ bytes
                }
                initialized = count + 1
            }
            // Room for eight bytes past the last term: a short term is stored
            // as its whole key, in one store, and the next term overwrites
            // what follows it.
            let byteCount = Int(termStarts[count])
            let termBytes = [UInt8](unsafeUninitializedCapacity: byteCount + 8) { buffer, initialized in
                termStarts.withUnsafeBufferPointer { termStarts in
                    for place in 0..<count {
                        numbering.writeBytes(of: Int(order[place]), to: buffer.baseAddress! + Int(termStarts[place]),
                                             roomForEight: true)
                    }
                }
                initialized = byteCount
            }
            // Occurrences came in row order, so each term's postings ascend.
            // Each place is written once: the terms' counts add up to
            // `running`.
            let values = [Int32](unsafeUninitializedCapacity: Int(running)) { values, initialized in
                occurrences.withUnsafeBufferPointer { occurrences in
                    for occurrence in occurrences {
                        let term = Int(occurrence.term)
                        values[Int(next[term])] = occurrence.posting
                        next[term] &+= 1
                    }
                }
                initialized = Int(running)
            }
            return (termBytes, termStarts, values, starts, partStarts)
        }
    }
}
