/// A term's postings as the index's scripts write them, in whichever of two
/// forms is shorter (`search.js` reads both):
///
/// - **gaps**: the postings (a row's number times two, plus one for a
///   heading row) as base-36 gaps, `3,7,2` for 3, 10, 12. At least two bytes
///   a row: right for a term in few rows.
/// - **bits**: `~B.BITS;HEADINGS` — the rows as bits, six rows to a
///   character (`bitAlphabet`, bit `j` of character `i` is row
///   `6 × (B + i) + j`), from block `B` (base 36) to the last block with a
///   row; then the heading rows' numbers as base-36 gaps. A sixth of a byte a
///   row of the stretch: right for a term in a large share of the rows.
///
/// Every row is kept, however common the term: a word on every page of a
/// 10,000-page site is about 35 KB of bits, so a query for it still finds
/// every row that holds it.
enum PostingListText {
    /// Sixty-four characters that need no escaping in JSON or a URL.
    static let bitAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Appends the shorter of the two forms of `list` (ascending postings)
    /// to `out`: the index's files are written as bytes, without a string
    /// per list. `form` is the list's (`form(of:)`), when it was found
    /// already.
    static func append(_ list: [Int32], form: Form? = nil, to out: inout [UInt8]) {
        switch form ?? self.form(of: list) {
        case .empty: break
        case .gaps: SearchIndexWriter.appendDeltaEncoded(list, to: &out)
        case .bits(let firstBlock, let blockCount, _): appendBits(of: list, firstBlock: firstBlock, blockCount: blockCount, to: &out)
        }
    }

    /// How many bytes `append` writes of a list whose form is `form`,
    /// found without writing them.
    static func length(of list: [Int32], form: Form) -> Int {
        switch form {
        case .empty: 0
        case .gaps(let length): length ?? SearchIndexWriter.deltaEncodedLength(list)
        case .bits(_, _, let length): length
        }
    }

    /// A list's form, with its length where choosing the form found it.
    enum Form: Sendable {
        case empty
        case gaps(length: Int?)
        case bits(firstBlock: Int, blockCount: Int, length: Int)
    }

    /// Which form is shorter, from the two forms' lengths alone: writing
    /// both and keeping one wrote every common term's gaps for nothing.
    static func form(of list: [Int32]) -> Form {
        guard let first = list.first, let last = list.last else { return .empty }
        let firstBlock = Int(first >> 1) / 6, lastBlock = Int(last >> 1) / 6
        let blockCount = lastBlock - firstBlock + 1
        // `~`, the first block, `.`, the bits, `;`: the bits form's length
        // but for the heading rows' gaps.
        let bitsFloor = blockCount + Base36.digitCount(UInt64(firstBlock)) + 3
        // A gap takes at most six bytes (a site's numbers stay below 36⁵):
        // bits longer than that lose whatever the headings, and most terms
        // are in a few rows far apart.
        guard bitsFloor <= list.count * 6 else { return .gaps(length: nil) }
        let bits = bitsFloor + headingGapsLength(of: list)
        // Gaps take a digit a number and a comma between: a list dense
        // enough to beat that (a common term's) needs no count of its gaps;
        // on a tie the gaps are kept.
        guard list.count * 2 - 1 <= bits,
              let gaps = SearchIndexWriter.deltaEncodedLength(list, below: bits + 1) else {
            return .bits(firstBlock: firstBlock, blockCount: blockCount, length: bits)
        }
        return .gaps(length: gaps)
    }

    /// The bytes the heading rows' gaps take in the bits form.
    static func headingGapsLength(of list: [Int32]) -> Int {
        var length = 0, previous: Int32 = 0, first = true
        for value in list where value & 1 == 1 {
            let gap = (value >> 1) - previous
            previous = value >> 1
            if !first { length += 1 }
            first = false
            length += Base36.digitCount(UInt64(gap))
        }
        return length
    }

    private static func appendBits(of list: [Int32], firstBlock: Int, blockCount: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "~"))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 14) { digits in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[0..<Base36.write(UInt64(firstBlock), to: digits.baseAddress!)]))
        }
        out.append(UInt8(ascii: "."))
        // The blocks are set in place, as alphabet indexes, and then spelled.
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: blockCount))
        var headings: [Int32] = []
        out.withUnsafeMutableBufferPointer { out in
            // Unchecked arithmetic on unsigned rows: this runs for every
            // posting of every list in this form, the common terms' lists.
            let blocks = out.baseAddress! + start
            for value in list {
                let row = UInt32(bitPattern: value) >> 1
                let block = row / 6
                blocks[Int(block) &- firstBlock] |= UInt8(truncatingIfNeeded: 1 &<< (row &- block &* 6))
                if value & 1 == 1 { headings.append(Int32(bitPattern: row)) }
            }
            bitAlphabet.withUnsafeBufferPointer { alphabet in
                for index in start..<(start + blockCount) { out[index] = alphabet[Int(out[index])] }
            }
        }
        out.append(UInt8(ascii: ";"))
        SearchIndexWriter.appendDeltaEncoded(headings, to: &out)
    }

    /// The postings a text of either form stands for (the index's tests
    /// read the files back through this, as `search.js` does).
    static func postings(of text: String) -> [Int32]? {
        guard text.hasPrefix("~") else { return gaps(text) }
        let body = text.dropFirst()
        guard let dot = body.firstIndex(of: "."), let semicolon = body.firstIndex(of: ";"),
              let firstBlock = Int(body[..<dot], radix: 36) else { return nil }
        guard let headings = gaps(String(body[body.index(after: semicolon)...])) else { return nil }
        let headingRows = Set(headings)
        var out: [Int32] = []
        for (offset, character) in body[body.index(after: dot)..<semicolon].utf8.enumerated() {
            guard let value = bitAlphabet.firstIndex(of: character) else { return nil }
            for bit in 0..<6 where value & (1 << bit) != 0 {
                let row = Int32(6 * (firstBlock + offset) + bit)
                out.append(row * 2 + (headingRows.contains(row) ? 1 : 0))
            }
        }
        return out
    }

    private static func gaps(_ text: String) -> [Int32]? {
        guard !text.isEmpty else { return [] }
        var out: [Int32] = [], value: Int32 = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let gap = Int32(part, radix: 36) else { return nil }
            value += gap
            out.append(value)
        }
        return out
    }
}
