import Foundation

/// A page's distinct terms with their postings while the page is indexed,
/// keyed by the terms' UTF-8 bytes: an open-addressed table over one block
/// of bytes, so the tokenizer's thousands of terms per page make no string
/// and no hash of a string; a string is made once per distinct term, when
/// the table is read out in byte order.
struct PageTermTable {
    /// Every distinct term's bytes, one after another: term `n` is
    /// `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt32] = []
    private var postings: [[Int32]] = []
    /// A term's number, or -1 for an empty slot; the count is a power of two
    /// at least twice the number of terms.
    private var slots = [Int32](repeating: -1, count: 1024)

    init() {
        bytes.reserveCapacity(16_384)
    }

    /// Notes that `term` occurs in the row of `posting`. Postings come in
    /// ascending order, so a row already noted is the list's last.
    mutating func add(_ term: UnsafeBufferPointer<UInt8>, posting: Int32) {
        let hash = Self.hash(term)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = Int(slots[slot])
            if found < 0 { break }
            if hashes[found] == hash, holds(found, term) {
                if postings[found].last != posting { postings[found].append(posting) }
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(postings.count)
        bytes.append(contentsOf: term)
        starts.append(bytes.count)
        hashes.append(hash)
        postings.append([posting])
        if postings.count * 2 > slots.count { grow() }
    }

    /// The terms in ascending byte order, each with its postings.
    func sortedByBytes() -> (terms: [String], postings: [[Int32]]) {
        bytes.withUnsafeBufferPointer { all in
            let order = postings.indices.sorted { first, second in
                let (a, b) = (range(first), range(second))
                let common = min(a.count, b.count)
                let compared = common == 0 ? 0 : memcmp(all.baseAddress! + a.lowerBound, all.baseAddress! + b.lowerBound, common)
                return compared != 0 ? compared < 0 : a.count < b.count
            }
            let terms = order.map { String(decoding: UnsafeBufferPointer(rebasing: all[range($0)]), as: UTF8.self) }
            return (terms, order.map { postings[$0] })
        }
    }

    private func range(_ term: Int) -> Range<Int> { starts[term]..<starts[term + 1] }

    private func holds(_ term: Int, _ candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(term)
        guard range.count == candidate.count else { return false }
        guard !candidate.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { all in
            memcmp(all.baseAddress! + range.lowerBound, candidate.baseAddress!, range.count) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (term, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(term)
        }
    }

    /// 32-bit FNV-1a: terms are a few bytes long.
    private static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in term {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}
