import Foundation

/// A page's distinct terms with their postings while the page is indexed,
/// keyed by the terms' UTF-8 bytes: an open-addressed table over one block
/// of bytes, so the tokenizer's thousands of terms per page make no string
/// and no hash of a string; a string is made once per distinct term, when
/// the table is read out in byte order.
///
/// Each term also keeps its first eight bytes packed in an integer, first
/// byte highest and zeros after a shorter term. Terms hold no zero byte, so
/// most terms (a Japanese pair is six bytes) are told apart, hashed and
/// ordered by that integer alone.
///
/// Postings are kept in one list, each term's linked through it, and each
/// term's array is made once, at its final size, when the table is read
/// out: growing an array per term was a good share of indexing a page.
struct PageTermTable {
    /// Every distinct term's bytes, one after another: term `n` is
    /// `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var keys: [UInt64] = []
    /// Where each term's postings start and end in `postingValues`, and
    /// how many it has.
    private var firstPostings: [Int32] = []
    private var lastPostings: [Int32] = []
    private var postingCounts: [Int32] = []
    /// Every term's postings; `nextPostings` links each to the next of the
    /// same term (-1 after the last).
    private var postingValues: [Int32] = []
    private var nextPostings: [Int32] = []
    /// A term's number, or -1 for an empty slot; the count is a power of two
    /// at least twice the number of terms.
    private var slots = [Int32](repeating: -1, count: 1024)

    init() {
        bytes.reserveCapacity(16_384)
        postingValues.reserveCapacity(4096)
        nextPostings.reserveCapacity(4096)
    }

    /// Notes that `term` occurs in the row of `posting`. Postings come in
    /// ascending order, so a row already noted is the list's last.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, posting: Int32) {
        let key = TermBytes.key(term)
        let mask = slots.count - 1
        var slot = Self.slot(key) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if keys[found] == key, holds(found, term) {
                let last = Int(lastPostings[found])
                if postingValues[last] != posting {
                    let added = Int32(postingValues.count)
                    postingValues.append(posting)
                    nextPostings.append(-1)
                    nextPostings[last] = added
                    lastPostings[found] = added
                    postingCounts[found] += 1
                }
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        keys.append(key)
        let added = Int32(postingValues.count)
        postingValues.append(posting)
        nextPostings.append(-1)
        firstPostings.append(added)
        lastPostings.append(added)
        postingCounts.append(1)
        if keys.count * 2 > slots.count { grow() }
    }

    /// The terms in ascending byte order, and their postings one after
    /// another (`PageSearchEntries.postingValues`, `postingStarts`).
    func sortedByBytes() -> (terms: [String], values: [Int32], starts: [Int32]) {
        bytes.withUnsafeBufferPointer { all in
            let order = orderByBytes(all)
            var terms: [String] = [], values: [Int32] = [], starts: [Int32] = [0]
            terms.reserveCapacity(order.count)
            values.reserveCapacity(postingValues.count)
            starts.reserveCapacity(order.count + 1)
            for term in order {
                terms.append(String(decoding: UnsafeBufferPointer(start: all.baseAddress! + range(term).lowerBound,
                                                                  count: range(term).count), as: UTF8.self))
                var next = Int(firstPostings[term])
                for _ in 0..<Int(postingCounts[term]) {
                    values.append(postingValues[next])
                    next = Int(nextPostings[next])
                }
                starts.append(Int32(values.count))
            }
            return (terms, values, starts)
        }
    }

    /// The term numbers in ascending byte order: sorted by key alone, a
    /// plain comparison of integers, and then only the rare runs of terms
    /// that share their first eight bytes by the bytes after those.
    private func orderByBytes(_ all: UnsafeBufferPointer<UInt8>) -> [Int] {
        var keyed = keys.enumerated().map { KeyedTerm(key: $0.element, term: Int32($0.offset)) }
        keyed.sort { $0.key < $1.key }
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
            if end - start > 1 {
                keyed[start..<end].sort { tailPrecedes(Int($0.term), Int($1.term), in: all) }
            }
            start = end
        }
        return keyed.map { Int($0.term) }
    }

    private struct KeyedTerm {
        var key: UInt64
        var term: Int32
    }

    private func range(_ term: Int) -> Range<Int> { starts[term]..<starts[term + 1] }

    /// For two terms with the same first eight bytes: whether the first's
    /// bytes after those come before the second's.
    private func tailPrecedes(_ first: Int, _ second: Int, in all: UnsafeBufferPointer<UInt8>) -> Bool {
        let (a, b) = (range(first).dropFirst(8), range(second).dropFirst(8))
        let common = min(a.count, b.count)
        let compared = common == 0 ? 0 : memcmp(all.baseAddress! + a.lowerBound, all.baseAddress! + b.lowerBound, common)
        return compared != 0 ? compared < 0 : a.count < b.count
    }

    /// Whether term `term`, whose key is the candidate's, is the candidate.
    private func holds(_ term: Int, _ candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(term)
        guard range.count == candidate.count else { return false }
        guard range.count > 8 else { return true }
        return bytes.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + range.lowerBound + 8, candidate.baseAddress! + 8, range.count - 8) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (term, key) in keys.enumerated() {
            var slot = Self.slot(key) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(term)
        }
    }

    /// Fibonacci hashing: the product's high bits mix every byte of the key.
    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}
