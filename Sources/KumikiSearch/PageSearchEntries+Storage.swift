import Foundation
import KumikiSupport

extension PageSearchEntries {
    private static let magic = Array("KUMIKI-SEARCH 4\n".utf8)

    /// The entries as the build store stores them, in its page entry: the
    /// magic line; the slug, the row count, the script and the terms'
    /// bytes (`ByteWriter`'s texts and counts); the term count, each term's
    /// length in bytes, each term's number of postings, and the postings,
    /// all as variable-length integers. A posting is twice a row's index on
    /// the page (plus one for a heading), so on most pages it takes one byte
    /// as it is, without writing the gaps between a term's postings.
    ///
    /// Binary: a cold build with the store on stores every page's entries,
    /// and writing each posting as a decimal number was a fifth of what
    /// search added to such a build of a thousand pages. Variable-length:
    /// an entry is smaller than that text was, where whole arrays of 32-bit
    /// numbers would make the store a fifth larger.
    public var stored: Data {
        var out = ByteWriter(capacity: Self.magic.count + slug.utf8.count + script.count + termBytes.count
            + 2 * termCount + postingValues.count + 64)
        out.append(Self.magic)
        out.appendText(slug)
        out.appendVarint(UInt64(rowCount))
        out.appendVarint(UInt64(script.count))
        out.append(script)
        out.appendVarint(UInt64(termBytes.count))
        out.append(termBytes)
        out.appendVarint(UInt64(termCount))
        out.appendVarints(count: termCount) { UInt32(termStarts[$0 + 1] - termStarts[$0]) }
        out.appendVarints(count: termCount) { UInt32(postingStarts[$0 + 1] - postingStarts[$0]) }
        out.appendVarints(count: postingValues.count) { UInt32(postingValues[$0]) }
        return Data(out.bytes)
    }

    /// Entries read back from `stored`; nil for anything else: a damaged or
    /// foreign entry, or one whose terms are not grouped by part (an older
    /// version's). Every number is checked before it is used, so a damaged
    /// entry is refused, and the page indexed again, never read past.
    public init?(stored data: Data) {
        let read: PageSearchEntries? = data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? Self.read(&reader)
        }
        guard let read else { return nil }
        self = read
    }

    /// The entries. Every term has bytes and postings, each term's postings
    /// ascend and are rows of the page (the index's lists are written on
    /// that promise), and the terms are grouped by part: anything else is
    /// refused as damaged.
    private static func read(_ reader: inout ByteReader) throws(DamagedBytes) -> PageSearchEntries {
        try reader.skip(magic)
        let slug = try reader.text()
        let rows = try reader.varint()
        // A posting is twice its row's index (plus one), in 32 bits.
        guard rows <= UInt64(Int32.max / 2) else { throw DamagedBytes() }
        let rowCount = Int(rows), limit = 2 * rowCount
        let script = try bytes(&reader)
        // The terms are checked as UTF-8 all at once: the merge makes
        // strings of them, and a term never ends inside a character.
        let termBytes = try bytes(&reader)
        guard termBytes.count <= Int(Int32.max) else { throw DamagedBytes() }
        let termCount = try reader.count(minimumSize: 3)
        // Sums kept as `Int` and checked against what the bytes can hold
        // before any becomes a 32-bit start.
        var termStarts = [Int32](), postingStarts = [Int32](), postingValues = [Int32]()
        termStarts.reserveCapacity(termCount + 1)
        postingStarts.reserveCapacity(termCount + 1)
        termStarts.append(0)
        postingStarts.append(0)
        var termEnd = 0
        for _ in 0..<termCount {
            let length = try reader.varint()
            guard length > 0, length <= UInt64(termBytes.count - termEnd) else { throw DamagedBytes() }
            termEnd += Int(length)
            termStarts.append(Int32(termEnd))
        }
        var postingEnd = 0
        for _ in 0..<termCount {
            // Each posting takes a byte at least, and a start fits 32 bits.
            let count = try reader.varint()
            guard count > 0, count <= UInt64(reader.remaining),
                  postingEnd + Int(count) <= min(reader.remaining, Int(Int32.max)) else { throw DamagedBytes() }
            postingEnd += Int(count)
            postingStarts.append(Int32(postingEnd))
        }
        guard termEnd == termBytes.count, postingEnd <= reader.remaining else { throw DamagedBytes() }
        postingValues.reserveCapacity(Int(postingStarts.last!))
        for term in 0..<termCount {
            var previous: Int32 = -1
            for _ in postingStarts[term]..<postingStarts[term + 1] {
                let posting = try reader.varint()
                guard posting < UInt64(limit), Int32(posting) > previous else { throw DamagedBytes() }
                postingValues.append(Int32(posting))
                previous = Int32(posting)
            }
        }
        guard reader.isAtEnd else { throw DamagedBytes() }
        guard let entries = PageSearchEntries(slug: slug, rowCount: rowCount, termBytes: termBytes, termStarts: termStarts,
                                              postingValues: postingValues, postingStarts: postingStarts,
                                              script: script) else { throw DamagedBytes() }
        return entries
    }

    /// A count, then that many bytes of UTF-8.
    private static func bytes(_ reader: inout ByteReader) throws(DamagedBytes) -> [UInt8] {
        let bytes = [UInt8](try reader.bytes(count: try reader.count(minimumSize: 1)))
        guard String(validating: bytes, as: UTF8.self) != nil else { throw DamagedBytes() }
        return bytes
    }
}
