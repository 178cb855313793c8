/// The terms of every page one worker indexes, numbered as the tokenizer
/// gives them (`TermNumbering`), and the current page's occurrences: each
/// term's first occurrence in each row, in row order, so each term's
/// postings come out ascending.
///
/// One table serves page after page (`SearchIndexing` lends it to one page
/// at a time): a term already seen on an earlier page is found, not
/// numbered again, and the site's merge reads each table's terms once
/// instead of every page's (`SearchIndexing.postings(merging:)`). Making a
/// table per page, and grouping and merging every page's terms by their
/// bytes, had been a third of indexing.
struct WorkerTermTable: TermSink, ~Copyable {
    static var wantsWordPairs: Bool { true }

    /// The posting of the row whose text is being added: the row's index
    /// times two, plus one for a heading row. Rows come in ascending order.
    private var posting: Int32 = 0
    /// The current row's stamp: its posting plus the page's first stamp.
    /// A slot's mark is the stamp of the last row its term was noted in,
    /// so marks from earlier pages never match.
    private var stamp: Int32 = 0
    /// The first stamp of the current page's rows.
    private var pageStamp: Int32 = 0

    private(set) var numbering = TermNumbering(expected: 4096)
    private var words = ShortWordMemo()
    /// The current page's occurrences, as `PageOccurrences` keeps them:
    /// each row's marker, then the numbers of the terms noted in it.
    private var occurrences = GrowableBuffer<Int32>(capacity: 4096)
    /// How many rows of the current page hold a term (have a marker).
    private var markedRows = 0
    /// Each term's number among the current page's terms (`groupedByPart`),
    /// beside the stamp of the page it was given for, so one look-up reads
    /// one cache line.
    private var pageNumbers: [PageNumber] = []

    struct PageNumber: BitwiseCopyable {
        /// The page's stamp (`pageStamp`) when the number is the current
        /// page's; -1 before any.
        var stamp: Int32 = -1
        var number: Int32 = 0
    }

    /// The stamps stay below this; tests make it small, so that the stamps
    /// run out every few pages.
    private let stampLimit: Int

    init(stampLimit: Int32 = .max) {
        self.stampLimit = Int(stampLimit)
    }

    /// Starts a page of `rowCount` rows: its stamps follow the last page's,
    /// and start again from zero, every mark cleared, before they would
    /// overflow.
    mutating func beginPage(rowCount: Int) {
        occurrences.removeAll()
        markedRows = 0
        if Int(pageStamp) + 2 * rowCount + 2 >= stampLimit {
            numbering.clearMarks()
            pageNumbers = [PageNumber](repeating: PageNumber(), count: pageNumbers.count)
            pageStamp = 0
        }
    }

    /// The rows of the page that began last have all been added.
    mutating func endPage(rowCount: Int) {
        pageStamp &+= Int32(truncatingIfNeeded: 2 * rowCount + 2)
    }

    /// Sets the row whose text comes next, by its posting, and opens it
    /// with its marker, which takes the place of the last row's if that
    /// row held no term.
    mutating func beginRow(posting: Int32) {
        self.posting = posting
        stamp = pageStamp &+ posting
        if markedRows > 0, occurrences[occurrences.count &- 1] < 0 {
            occurrences[occurrences.count &- 1] = PageOccurrences.marker(ofPosting: posting)
        } else {
            occurrences.append(PageOccurrences.marker(ofPosting: posting))
            markedRows &+= 1
        }
    }

    /// How many of the buffer's values are the current page's occurrences:
    /// all but the last row's marker when that row held no term.
    private var streamLength: Int {
        markedRows > 0 && occurrences[occurrences.count &- 1] < 0 ? occurrences.count &- 1 : occurrences.count
    }

    /// The current page's occurrences, in the order they came, copied at
    /// once (an array made from the buffer copied them one by one).
    func pageOccurrences() -> PageOccurrences {
        let length = streamLength
        let stream = occurrences.withUnsafeBufferPointer { buffer in
            [Int32](unsafeUninitializedCapacity: length) { copy, initialized in
                if length > 0 { copy.baseAddress!.initialize(from: buffer.baseAddress!, count: length) }
                initialized = length
            }
        }
        return PageOccurrences(stream: stream, count: occurrences.count - markedRows)
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

    /// Keeps a pair by its hash (`WordPairTerm.tableKey(ofHash:)`).
    @inline(__always)
    mutating func addPair(hash: UInt32) {
        note(numbering.slot(key: WordPairTerm.tableKey(ofHash: hash), count: WordPairTerm.byteCount).slot)
    }

    /// The short English words of the pages, as the tokenizer made them.
    @inline(__always)
    mutating func rememberedWord(_ key: UInt64) -> ShortWordMemo.Entry? { words.entry(forWord: key) }

    @inline(__always)
    mutating func rememberWord(_ entry: ShortWordMemo.Entry) { words.remember(entry) }

    /// A term seen again in the same row is noted once.
    @inline(__always)
    private mutating func note(_ slot: Int) {
        guard numbering.mark(atSlot: slot) != stamp else { return }
        numbering.setMark(stamp, atSlot: slot)
        occurrences.append(Int32(truncatingIfNeeded: numbering.term(atSlot: slot)))
    }

    /// The number of a stored page's term (`PageSearchEntries`), numbered
    /// now if the table has not seen it.
    mutating func number(of term: UnsafeBufferPointer<UInt8>, readable: Int) -> Int32 {
        Int32(truncatingIfNeeded: numbering.term(atSlot: numbering.slot(term, readable: readable).slot))
    }

    /// The current page's entries as the build store keeps them
    /// (`PageSearchEntries`): its terms' bytes grouped by part
    /// (`TermParts.part(ofKey:)`), in the order they came within a part,
    /// where each starts, their postings one after another, and where each
    /// part's terms start. Grouped, not sorted: sorting every page's terms
    /// by their bytes had been a quarter of indexing a page.
    ///
    /// Every loop over the terms or their occurrences reads and writes
    /// through pointers: an array's checks of index and overflow were most
    /// of their cost. The lists used only here (each term's part, the terms
    /// in their new order, each term's count of rows) share one temporary
    /// allocation.
    ///
    /// The page's terms are numbered among themselves first, in the order
    /// they came, as a table of the page alone numbered them: the entries
    /// are the same whichever pages the table saw before.
    mutating func groupedByPart() -> (termBytes: [UInt8], termStarts: [Int32], values: [Int32], starts: [Int32], partStarts: [Int32]) {
        let (pageTerms, occurrences) = numberedForPage()
        let count = pageTerms.count
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, 3 * count)) { scratch in
            let parts = scratch.baseAddress!, order = parts + count, perTerm = order + count
            var partStarts = [Int32](repeating: 0, count: TermParts.partCount + 1)
            partStarts.withUnsafeMutableBufferPointer { partStarts in
                for term in 0..<count {
                    let part = TermParts.part(ofKey: numbering.key(of: Int(pageTerms[term])))
                    parts[term] = Int32(truncatingIfNeeded: part)
                    partStarts[part &+ 1] &+= 1
                }
                for part in 0..<TermParts.partCount { partStarts[part &+ 1] &+= partStarts[part] }
                // Each part's start moves on as its terms are placed, and
                // ends at the next part's start; the parts' starts are
                // then put back.
                for term in 0..<count {
                    let part = Int(parts[term])
                    order[Int(partStarts[part])] = Int32(truncatingIfNeeded: term)
                    partStarts[part] &+= 1
                }
                for part in stride(from: TermParts.partCount, to: 0, by: -1) { partStarts[part] = partStarts[part &- 1] }
                partStarts[0] = 0
            }
            perTerm.initialize(repeating: 0, count: count)
            occurrences.forEach { term, _ in perTerm[Int(term)] &+= 1 }
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
                    let bytes = Int32(truncatingIfNeeded: numbering.byteCount(of: Int(pageTerms[Int(order[place])])))
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
                        numbering.writeBytes(of: Int(pageTerms[Int(order[place])]), to: buffer.baseAddress! + Int(termStarts[place]),
                                             roomForEight: true)
                    }
                }
                initialized = byteCount
            }
            // Occurrences came in row order, so each term's postings ascend.
            // Each place is written once: the terms' counts add up to
            // `running`.
            let values = [Int32](unsafeUninitializedCapacity: Int(running)) { values, initialized in
                occurrences.forEach { term, posting in
                    values[Int(next[Int(term)])] = posting
                    next[Int(term)] &+= 1
                }
                initialized = Int(running)
            }
            return (termBytes, termStarts, values, starts, partStarts)
        }
    }

    /// The current page's terms (their numbers in the table) in the order
    /// they came, and its occurrences with each term's place among them.
    private mutating func numberedForPage() -> (terms: [Int32], occurrences: PageOccurrences) {
        if pageNumbers.count < numbering.count {
            pageNumbers.append(contentsOf: repeatElement(PageNumber(), count: numbering.count - pageNumbers.count))
        }
        let (length, count) = (streamLength, occurrences.count - markedRows)
        var termCount = 0
        let current = pageStamp
        var renumbered: [Int32] = []
        // Through pointers: the arrays' checks of index and uniqueness were
        // most of this loop's cost, which runs for every occurrence of every
        // page the build store keeps. Read from the table's buffer and
        // written renumbered at once, with no copy of the page's
        // occurrences between.
        let terms = [Int32](unsafeUninitializedCapacity: count) { terms, initialized in
            renumbered = [Int32](unsafeUninitializedCapacity: length) { stream, written in
                occurrences.withUnsafeBufferPointer { page in
                    pageNumbers.withUnsafeMutableBufferPointer { numbers in
                        for index in 0..<length {
                            let value = page[index]
                            guard value >= 0 else {
                                stream[index] = value
                                continue
                            }
                            let term = Int(value)
                            if numbers[term].stamp != current {
                                numbers[term] = PageNumber(stamp: current, number: Int32(truncatingIfNeeded: termCount))
                                terms[termCount] = value
                                termCount &+= 1
                            }
                            stream[index] = numbers[term].number
                        }
                    }
                }
                written = length
            }
            initialized = termCount
        }
        return (terms, PageOccurrences(stream: renumbered, count: count))
    }
}
