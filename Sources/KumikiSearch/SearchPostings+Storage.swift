import Foundation

extension SearchPostings {
    private static let magic = Array("KUMIKI-POSTINGS 1\n".utf8)

    /// The postings as the build store keeps them: the magic line, then
    /// little-endian 32-bit numbers and byte strings (a count, then the
    /// bytes). The pages (slug, row count), then the terms in byte order,
    /// each with its postings. Binary, because a warm build of a large site
    /// reads millions of postings and parsing text would be most of it.
    public var stored: Data {
        var out = Self.magic
        out.reserveCapacity(Self.magic.count + 16 * pages.count + lists.reduce(0) { $0 + 16 + 4 * $1.count })
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func append(_ text: String) {
            append(UInt32(text.utf8.count))
            out.append(contentsOf: text.utf8)
        }
        append(UInt32(pages.count))
        for page in pages {
            append(page.slug)
            append(UInt32(page.rowCount))
        }
        append(UInt32(terms.count))
        for (term, list) in zip(terms, lists) {
            append(term)
            append(UInt32(list.count))
            // Whole lists at once: millions of postings one by one were
            // most of a warm build's time spent on the index.
            if Int32(1).littleEndian == 1 {
                list.withUnsafeBytes { out.append(contentsOf: $0) }
            } else {
                for posting in list { append(UInt32(bitPattern: posting)) }
            }
        }
        return Data(out)
    }

    /// Postings read back from `stored`; nil for anything else, including
    /// a list that is not ascending or that points past the last row, so a
    /// damaged file can never make a wrong index.
    public init?(stored data: Data) {
        let decoded: SearchPostings? = data.withUnsafeBytes { buffer in
            var reader = StoredReader(buffer: buffer)
            guard reader.skip(Self.magic), let pageCount = reader.count() else { return nil }
            var pages: [Page] = []
            for _ in 0..<pageCount {
                guard let slug = reader.text(), let rows = reader.count() else { return nil }
                pages.append(Page(slug: slug, rowCount: rows))
            }
            let rowLimit = Int64(2 * pages.reduce(0) { $0 + $1.rowCount })
            guard let termCount = reader.count() else { return nil }
            var terms: [String] = [], lists: [[Int32]] = []
            terms.reserveCapacity(termCount)
            lists.reserveCapacity(termCount)
            for _ in 0..<termCount {
                // Each term after the one before, in byte order, as stored.
                guard let term = reader.text(), let list = reader.postings(below: rowLimit), !list.isEmpty,
                      terms.last.map({ TermBytes.compare($0, term) < 0 }) ?? true else { return nil }
                terms.append(term)
                lists.append(list)
            }
            guard reader.isAtEnd else { return nil }
            return SearchPostings(pages: pages, terms: terms, lists: lists)
        }
        guard let decoded else { return nil }
        self = decoded
    }
}

/// Reads the stored form, every read checked against the end of the bytes.
private struct StoredReader {
    let buffer: UnsafeRawBufferPointer
    var position = 0

    init(buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    var isAtEnd: Bool { position == buffer.count }

    mutating func skip(_ bytes: [UInt8]) -> Bool {
        guard buffer.count - position >= bytes.count,
              buffer[position..<(position + bytes.count)].elementsEqual(bytes) else { return false }
        position += bytes.count
        return true
    }

    mutating func number() -> UInt32? {
        guard buffer.count - position >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    /// A count of things that follow: at most what the bytes left could hold.
    mutating func count() -> Int? {
        guard let value = number(), Int(value) <= buffer.count - position else { return nil }
        return Int(value)
    }

    mutating func text() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(validating: UnsafeRawBufferPointer(rebasing: buffer[position..<(position + length)]), as: UTF8.self)
    }

    /// An ascending list of postings, each below `limit`: copied whole,
    /// then checked in one pass (read and checked one by one, millions of
    /// postings were most of reading the state).
    mutating func postings(below limit: Int64) -> [Int32]? {
        guard let count = count(), count <= (buffer.count - position) / 4 else { return nil }
        let list = [Int32](unsafeUninitializedCapacity: count) { values, initialized in
            UnsafeMutableRawBufferPointer(values).copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<(position + 4 * count)]))
            initialized = count
        }
        position += 4 * count
        var previous: Int32 = -1, ascending = true
        for index in list.indices {
            let value = Int32(littleEndian: list[index])
            ascending = ascending && value > previous
            previous = value
        }
        guard ascending, count == 0 || Int64(previous) < limit else { return nil }
        return Int32(1).littleEndian == 1 ? list : list.map { Int32(littleEndian: $0) }
    }
}
