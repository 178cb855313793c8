import Foundation
import KumikiSupport

extension SearchPostings {
    private static let magic = Array("KUMIKI-POSTINGS 1\n".utf8)

    /// The postings as the build store keeps them: the magic line, then
    /// little-endian 32-bit numbers and byte strings (a count, then the
    /// bytes). The pages (slug, row count), then the terms in byte order,
    /// each with its postings. Binary, because a warm build of a large site
    /// reads millions of postings and parsing text would be most of it.
    public var stored: Data {
        var out = ByteWriter(capacity: storedByteEstimate)
        appendStored(to: &out)
        return Data(out.bytes)
    }

    /// About how many bytes `stored` takes, for a writer to reserve.
    public var storedByteEstimate: Int {
        Self.magic.count + 16 * pages.count + lists.reduce(0) { $0 + 16 + 4 * $1.count }
    }

    /// Appends `stored`'s bytes to `out`: a file that holds the postings
    /// after a header of its own is written without a copy of them (they
    /// are megabytes on a large site).
    public func appendStored(to out: inout ByteWriter) {
        out.append(Self.magic)
        func append(_ value: UInt32) { out.appendLittleEndian(value) }
        func append(_ text: String) {
            append(UInt32(text.utf8.count))
            out.append(text.utf8)
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
                list.withUnsafeBytes { out.append($0) }
            } else {
                for posting in list { append(UInt32(bitPattern: posting)) }
            }
        }
    }

    /// Postings read back from `stored`; nil for anything else, including
    /// a list that is not ascending or that points past the last row, so a
    /// damaged file can never make a wrong index.
    public init?(stored data: Data) {
        let decoded: SearchPostings? = data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return try? Self.read(&reader)
        }
        guard let decoded else { return nil }
        self = decoded
    }

    private static func read(_ reader: inout ByteReader) throws(DamagedBytes) -> SearchPostings {
        /// A count of things that follow: at most what the bytes left could hold.
        func count() throws(DamagedBytes) -> Int {
            let value = Int(try reader.littleEndian(UInt32.self))
            guard value <= reader.remaining else { throw DamagedBytes() }
            return value
        }
        func text() throws(DamagedBytes) -> String { try reader.text(byteCount: try count()) }
        /// An ascending list of postings, each below `limit`: copied whole,
        /// then checked in one pass (read and checked one by one, millions
        /// of postings were most of reading the state).
        func postings(below limit: Int64) throws(DamagedBytes) -> [Int32] {
            let count = try count()
            guard count <= reader.remaining / 4 else { throw DamagedBytes() }
            let stored = try reader.bytes(count: 4 * count)
            let list = [Int32](unsafeUninitializedCapacity: count) { values, initialized in
                UnsafeMutableRawBufferPointer(values).copyMemory(from: stored)
                initialized = count
            }
            var previous: Int32 = -1, ascending = true
            for index in list.indices {
                let value = Int32(littleEndian: list[index])
                ascending = ascending && value > previous
                previous = value
            }
            guard ascending, count == 0 || Int64(previous) < limit else { throw DamagedBytes() }
            return Int32(1).littleEndian == 1 ? list : list.map { Int32(littleEndian: $0) }
        }
        try reader.skip(Self.magic)
        let pageCount = try count()
        var pages: [Page] = []
        for _ in 0..<pageCount {
            pages.append(Page(slug: try text(), rowCount: try count()))
        }
        let rowLimit = Int64(2 * pages.reduce(0) { $0 + $1.rowCount })
        let termCount = try count()
        var terms: [String] = [], lists: [[Int32]] = []
        terms.reserveCapacity(termCount)
        lists.reserveCapacity(termCount)
        for _ in 0..<termCount {
            // Each term after the one before, in byte order, as stored.
            let term = try text()
            let list = try postings(below: rowLimit)
            guard !list.isEmpty, terms.last.map({ TermBytes.compare($0, term) < 0 }) ?? true else { throw DamagedBytes() }
            terms.append(term)
            lists.append(list)
        }
        guard reader.isAtEnd else { throw DamagedBytes() }
        return SearchPostings(pages: pages, terms: terms, lists: lists)
    }
}
