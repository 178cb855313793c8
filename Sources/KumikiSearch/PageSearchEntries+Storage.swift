import Foundation
import KumikiSupport

extension PageSearchEntries {
    private static let magic = Array("KUMIKI-SEARCH 4\n".utf8)

    /// The entries as the build store stores them, in its page entry: the
    /// magic line; the slug, the row count, the script and the terms' bytes
    /// (`ByteWriter`'s texts and counts); then where each term starts, where
    /// each term's postings start and the postings, as whole arrays of
    /// little-endian 32-bit numbers.
    ///
    /// Binary, and whole arrays at once: a cold build with the store on
    /// stores every page's entries, and writing each posting as a decimal
    /// number was a fifth of what search added to such a build of a
    /// thousand pages; a warm build reads them back the same way.
    public var stored: Data {
        var out = ByteWriter(capacity: Self.magic.count + slug.utf8.count + script.count + termBytes.count
            + 4 * (termStarts.count + postingStarts.count + postingValues.count) + 32)
        out.append(Self.magic)
        out.appendText(slug)
        out.appendVarint(UInt64(rowCount))
        out.appendVarint(UInt64(script.count))
        out.append(script)
        out.appendVarint(UInt64(termBytes.count))
        out.append(termBytes)
        out.appendVarint(UInt64(termCount))
        Self.append(termStarts, to: &out)
        Self.append(postingStarts, to: &out)
        out.appendVarint(UInt64(postingValues.count))
        Self.append(postingValues, to: &out)
        return Data(out.bytes)
    }

    private static func append(_ numbers: [Int32], to out: inout ByteWriter) {
        if Int32(1).littleEndian == 1 {
            numbers.withUnsafeBytes { out.append($0) }
        } else {
            for number in numbers { out.appendLittleEndian(number) }
        }
    }

    /// Entries read back from `stored`; nil for anything else: a damaged or
    /// foreign entry, or one whose terms are not grouped by part (an older
    /// version's). Every number is checked before it is used, so a damaged
    /// entry is refused, and the page indexed again, never read past.
    public init?(stored data: Data) {
        let read: PageSearchEntries?? = data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? Self.read(&reader)
        }
        guard let read, let entries = read else { return nil }
        self = entries
    }

    /// The entries, or nil when they are whole but not grouped by part.
    private static func read(_ reader: inout ByteReader) throws(DamagedBytes) -> PageSearchEntries? {
        try reader.skip(magic)
        let slug = try reader.text()
        let rows = try reader.varint()
        // A posting is twice its row's index (plus one), in 32 bits.
        guard rows <= UInt64(Int32.max / 2) else { throw DamagedBytes() }
        let rowCount = Int(rows)
        let script = try bytes(&reader, validatingUTF8: true)
        // The terms are checked as UTF-8 all at once: they are read by the
        // merge as strings, and a term never ends inside a character.
        let termBytes = try bytes(&reader, validatingUTF8: true)
        let termCount = try reader.count(minimumSize: 8)
        let termStarts = try numbers(&reader, count: termCount + 1)
        let postingStarts = try numbers(&reader, count: termCount + 1)
        let postingValues = try numbers(&reader, count: try reader.count(minimumSize: 4))
        guard reader.isAtEnd,
              isRising(termStarts, from: 0, to: termBytes.count),
              isRising(postingStarts, from: 0, to: postingValues.count),
              postingsAscend(postingValues, starts: postingStarts, below: Int32(2 * rowCount)) else { throw DamagedBytes() }
        return PageSearchEntries(slug: slug, rowCount: rowCount, termBytes: termBytes, termStarts: termStarts,
                                 postingValues: postingValues, postingStarts: postingStarts, script: script)
    }

    /// A count, then that many bytes.
    private static func bytes(_ reader: inout ByteReader, validatingUTF8: Bool) throws(DamagedBytes) -> [UInt8] {
        let raw = try reader.bytes(count: try reader.count(minimumSize: 1))
        let bytes = [UInt8](raw)
        guard !validatingUTF8 || String(validating: bytes, as: UTF8.self) != nil else { throw DamagedBytes() }
        return bytes
    }

    /// `count` little-endian 32-bit numbers, copied whole.
    private static func numbers(_ reader: inout ByteReader, count: Int) throws(DamagedBytes) -> [Int32] {
        guard count <= reader.remaining / 4 else { throw DamagedBytes() }
        let raw = try reader.bytes(count: 4 * count)
        let numbers = [Int32](unsafeUninitializedCapacity: count) { values, initialized in
            UnsafeMutableRawBufferPointer(values).copyMemory(from: raw)
            initialized = count
        }
        return Int32(1).littleEndian == 1 ? numbers : numbers.map { Int32(littleEndian: $0) }
    }

    /// Whether `starts` goes from `first` to `last` and each start is past
    /// the one before: every term has bytes, and every term a posting.
    private static func isRising(_ starts: [Int32], from first: Int, to last: Int) -> Bool {
        guard starts.first == Int32(first), starts.last == Int32(exactly: last) else { return false }
        var rising = true
        for index in starts.indices.dropFirst() { rising = rising && starts[index] > starts[index - 1] }
        return rising
    }

    /// Whether each term's postings ascend and stay below `limit`, twice
    /// the row count: the index's lists are written on that promise.
    private static func postingsAscend(_ values: [Int32], starts: [Int32], below limit: Int32) -> Bool {
        var ascending = true
        for term in 0..<(starts.count - 1) {
            var previous: Int32 = -1
            for index in Int(starts[term])..<Int(starts[term + 1]) {
                ascending = ascending && values[index] > previous
                previous = values[index]
            }
            ascending = ascending && previous < limit
        }
        return ascending
    }
}
