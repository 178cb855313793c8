import Foundation

/// Numbers distinct terms in the order they are first seen, keyed by the
/// terms' keys (`TermBytes.key`) in an open-addressed table: no string is
/// made and no string hashed per occurrence, and a string is made only for
/// each distinct term, if at all. A worker's table (`WorkerTermTable`) and
/// the site's merge (`SearchIndexing.postings(merging:)`) both number terms
/// this way.
///
/// A term of up to eight bytes (every Japanese pair, most English words) is
/// its key: two such terms are the same when their keys are. Only longer
/// terms keep their bytes, and are compared on them.
struct TermNumbering: ~Copyable {
    /// A place in the table: the key beside the term's number, so a probe
    /// reads one cache line, and a mark the owner keeps per term (a page's
    /// table keeps the last row the term was seen in).
    struct Slot {
        var key: UInt64 = 0
        /// The term's number, or -1 for an empty slot.
        var term: Int32 = -1
        var mark: Int32 = -1
    }

    /// The count is a power of two, more than four thirds of the number of
    /// terms.
    private var slots: GrowableBuffer<Slot>
    /// 64 minus the base-two logarithm of the slot count.
    private var slotShift: UInt64
    /// Each term's key and byte count, by number. A word pair kept by its
    /// hash (`WordPairTerm.tableKey(ofHash:)`, as a worker's table keeps
    /// them) is its slot's key; here it has its term's, spelled out once
    /// when it is numbered, so every reader of a numbering's keys, bytes or
    /// order sees the term. Spelled where it was read, a page's pairs were
    /// spelled again for every page the build store kept.
    private var keys: GrowableBuffer<UInt64>
    private var counts: GrowableBuffer<Int32>
    /// Where a term of more than eight bytes starts in `longBytes`; -1 for
    /// a shorter one.
    private var longStarts: GrowableBuffer<Int32>
    private var longBytes: [UInt8] = []

    /// How many distinct terms there are.
    var count: Int { keys.count }

    /// A table for about `expected` terms before it grows.
    init(expected: Int) {
        var size = 1024, shift: UInt64 = 64 - 10
        while size < 2 * expected {
            size *= 2
            shift -= 1
        }
        slots = GrowableBuffer(repeating: Slot(), count: size)
        slotShift = shift
        keys = GrowableBuffer(capacity: expected)
        counts = GrowableBuffer(capacity: expected)
        longStarts = GrowableBuffer(capacity: expected)
    }

    /// The slot of a term of at most eight bytes, numbered now if it is new.
    /// The slot stays the term's until the next term is numbered.
    @inline(__always)
    mutating func slot(key: UInt64, count: Int) -> (slot: Int, isNew: Bool) {
        // Of eight bytes, it may share its key with a longer term.
        let probed = probe(key) { count < 8 || longStarts[$0] < 0 }
        guard !probed.found else { return (probed.place, false) }
        let place = placeForNewTerm(key: key, probed: probed.place)
        insert(key: key, count: count, longStart: -1, at: place)
        return (place, true)
    }

    /// The slot of a term of more than eight bytes, numbered now if it is
    /// new.
    mutating func slot(_ bytes: UnsafeBufferPointer<UInt8>, key: UInt64) -> (slot: Int, isNew: Bool) {
        let probed = probe(key) { holds($0, bytes) }
        guard !probed.found else { return (probed.place, false) }
        let place = placeForNewTerm(key: key, probed: probed.place)
        let start = Int32(longBytes.count)
        longBytes.append(contentsOf: bytes)
        insert(key: key, count: bytes.count, longStart: start, at: place)
        return (place, true)
    }

    /// Whether the table must grow before another term goes in: it is never
    /// more than three quarters full, so a probe ends soon, and a worker's
    /// table of a site's terms (16,000 on the 1,000-page benchmark) takes
    /// half a megabyte of a core's cache, not one, beside the page being
    /// rendered. Asked only when a term is new, not on every look-up (most
    /// occurrences are of terms already numbered, and the check was 2% of
    /// indexing's instructions).
    private var isFull: Bool { keys.count * 4 >= slots.count * 3 }

    /// Where a new term with this key goes: the empty slot its probe ended
    /// at, or, when the table must grow first, the one it ends at after.
    private mutating func placeForNewTerm(key: UInt64, probed place: Int) -> Int {
        guard isFull else { return place }
        grow()
        return probe(key) { _ in false }.place
    }

    /// The slot of the term with this key that `isTerm` accepts (given its
    /// number), or the empty slot where it would go.
    @inline(__always)
    private func probe(_ key: UInt64, _ isTerm: (Int) -> Bool) -> (place: Int, found: Bool) {
        let mask = slots.count &- 1
        var place = slot(for: key)
        while true {
            let held = slots[place]
            if held.term < 0 { return (place, false) }
            if held.key == key, isTerm(Int(held.term)) { return (place, true) }
            place = (place &+ 1) & mask
        }
    }

    /// The slot of a term of any length given by its bytes. When `readable`
    /// bytes may be read from the term's start (its own and those after
    /// it, as in a page's bytes of every term), its key is read in one load
    /// where eight may be (`TermBytes.key(_:count:readable:)`).
    mutating func slot(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int? = nil) -> (slot: Int, isNew: Bool) {
        guard let base = bytes.baseAddress else { return slot(key: 0, count: 0) }
        let key = TermBytes.key(base, count: bytes.count, readable: readable ?? bytes.count)
        return bytes.count <= 8 ? slot(key: key, count: bytes.count) : slot(bytes, key: key)
    }

    @inline(__always)
    func term(atSlot slot: Int) -> Int { Int(slots[slot].term) }

    @inline(__always)
    func mark(atSlot slot: Int) -> Int32 { slots[slot].mark }

    @inline(__always)
    mutating func setMark(_ mark: Int32, atSlot slot: Int) { slots[slot].mark = mark }

    /// Each term's number in `other`, numbered there now if it is new: the
    /// site's merge numbers each table's terms for the site this way.
    func renumbered(into other: inout TermNumbering) -> [Int32] {
        var numbers: [Int32] = []
        numbers.reserveCapacity(count)
        for term in 0..<count {
            let start = Int(longStarts[term]), byteCount = Int(counts[term])
            let slot = start < 0
                ? other.slot(key: key(of: term), count: byteCount).slot
                : longBytes.withUnsafeBufferPointer { all in
                    other.slot(UnsafeBufferPointer(start: all.baseAddress! + start, count: byteCount), key: keys[term]).slot
                }
            numbers.append(Int32(truncatingIfNeeded: other.term(atSlot: slot)))
        }
        return numbers
    }

    /// Sets every slot's mark back to -1, as a new table's.
    mutating func clearMarks() {
        for index in 0..<slots.count { slots[index].mark = -1 }
    }

    private mutating func insert(key: UInt64, count: Int, longStart: Int32, at place: Int) {
        slots[place] = Slot(key: key, term: Int32(keys.count), mark: -1)
        keys.append(WordPairTerm.termKey(ofTableKey: key))
        counts.append(Int32(count))
        longStarts.append(longStart)
    }

    /// Whether term `term`, whose key is the candidate's, is the candidate
    /// (of more than eight bytes).
    private func holds(_ term: Int, _ candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(longStarts[term])
        guard start >= 0, Int(counts[term]) == candidate.count else { return false }
        return longBytes.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + start + 8, candidate.baseAddress! + 8, candidate.count - 8) == 0
        }
    }

    /// The term numbers in ascending byte order of the terms: sorted by key
    /// as plain integers (`RadixSort`), and only the rare terms that share
    /// a key ordered by their bytes.
    func numbersInByteOrder() -> [Int] {
        var termKeys: [UInt64] = []
        termKeys.reserveCapacity(count)
        for term in 0..<count { termKeys.append(key(of: term)) }
        let order = termKeys.withUnsafeBufferPointer { RadixSort.order(of: $0) }
        var numbers: [Int] = []
        numbers.reserveCapacity(order.count)
        var index = 0
        while index < order.count {
            let key = termKeys[Int(order[index])]
            var end = index + 1
            while end < order.count, termKeys[Int(order[end])] == key { end += 1 }
            if end - index == 1 {
                numbers.append(Int(order[index]))
            } else {
                numbers += order[index..<end].map { Int($0) }.sorted { tailPrecedes($0, $1) }
            }
            index = end
        }
        return numbers
    }

    /// Term `term`'s key (`TermBytes.key`: of its first eight bytes).
    @inline(__always)
    func key(of term: Int) -> UInt64 { keys[term] }

    /// How many bytes term `term` has.
    func byteCount(of term: Int) -> Int { Int(counts[term]) }

    /// Writes term `term`'s UTF-8 bytes at `out`; returns how many. With
    /// `roomForEight`, eight bytes may be written at `out` whatever the
    /// term's length: a term of up to eight bytes is then its key, stored
    /// at once, zeros after its bytes for the caller to overwrite.
    @inline(__always)
    @discardableResult
    func writeBytes(of term: Int, to out: UnsafeMutablePointer<UInt8>, roomForEight: Bool = false) -> Int {
        let start = Int(longStarts[term]), count = Int(counts[term])
        if start >= 0 {
            longBytes.withUnsafeBufferPointer { all in out.update(from: all.baseAddress! + start, count: count) }
        } else if roomForEight {
            UnsafeMutableRawPointer(out).storeBytes(of: key(of: term).bigEndian, as: UInt64.self)
        } else {
            TermBytes.bytes(ofKey: key(of: term), count: count) { out.update(from: $0.baseAddress!, count: count) }
        }
        return count
    }

    /// Term `term` as a string.
    func text(of term: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount(of: term)) { buffer in
            let count = writeBytes(of: term, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }

    /// For two terms with the same key: whether the first's bytes after the
    /// eighth come before the second's (a term of eight bytes has none).
    private func tailPrecedes(_ first: Int, _ second: Int) -> Bool {
        longBytes.withUnsafeBufferPointer { all in
            TermBytes.compare(UnsafeBufferPointer(rebasing: all[tail(of: first)]),
                              UnsafeBufferPointer(rebasing: all[tail(of: second)])) < 0
        }
    }

    private func tail(of term: Int) -> Range<Int> {
        let start = Int(longStarts[term])
        return start < 0 ? 0..<0 : (start + 8)..<(start + Int(counts[term]))
    }

    private mutating func grow() {
        var larger = GrowableBuffer(repeating: Slot(), count: slots.count * 2)
        slotShift -= 1
        let mask = larger.count - 1
        for index in 0..<slots.count where slots[index].term >= 0 {
            let entry = slots[index]
            var place = slot(for: entry.key)
            while larger[place].term >= 0 { place = (place + 1) & mask }
            larger[place] = entry
        }
        slots = larger
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int { TermBytes.slot(of: key, shift: slotShift) }
}
