import Foundation
import KumikiSupport

/// What loading a page found (front matter, slug, headings, coverage and
/// the problems), stored by the build store so that a later build knows an
/// unchanged page without parsing it.
struct PageSummary: Hashable, Sendable {
    /// A hash of the page's path, display path and bytes.
    var key: String
    var frontMatter: FrontMatter
    var slug: String
    var headings: [Page.Heading]
    var translation: Coverage
    var diagnostics: [Diagnostic]
    /// The page's link and image destinations (`Page.linkDestinations`).
    var links: [String]?
    /// What the page's `tokens` blocks name (`Page.tokenNames`).
    var tokenNames: [String]?
    /// The page's layout blocks that name tokens (`Page.tokenBlocks`).
    var tokenBlocks: [TokenUsage.Block]?
    /// The summary's record as the cache holds it, when it was read from
    /// there: storing the index again copies these bytes instead of
    /// encoding the summary again.
    var record: Data?

    init(key: String, frontMatter: FrontMatter, slug: String, headings: [Page.Heading], translation: Coverage,
         diagnostics: [Diagnostic], links: [String]?, tokenNames: [String]?, tokenBlocks: [TokenUsage.Block]?) {
        self.key = key
        self.tokenBlocks = tokenBlocks
        self.links = links
        self.tokenNames = tokenNames
        self.frontMatter = frontMatter
        self.slug = slug
        self.headings = headings
        self.translation = translation
        self.diagnostics = diagnostics
    }
}

extension DiskStore {
    private var summariesURL: URL { generation.appendingPathComponent("pages.index") }
    /// The magic line, the number of records (little-endian, 32 bits: an
    /// index cut between two records is not read as a shorter one), then
    /// one record a page: the length of its body and the body's checksum
    /// (little-endian, 32 and 64 bits), then the body, the summary's
    /// `BinaryRecord`. One record a page is what lets an edit of one page
    /// encode one summary, and the records of the other pages be copied as
    /// bytes. Binary, because a warm build reads every record: decoding
    /// JSON lines was a seventh of a warm one-page rebuild of a thousand
    /// pages. The checksum tells a damaged record from a whole one: a
    /// changed byte of a binary record most often still reads as one.
    private static let summariesMagic = Array("KUMIKI-PAGES 3\n".utf8)
    /// The length and checksum before each record's body.
    private static let recordHeaderSize = 12

    /// The summaries the last build stored, by key; none when there are
    /// none or the file is damaged (reported in `problems`).
    func pageSummaries(problems: inout [Diagnostic]) -> [String: PageSummary] {
        guard let data = FileManager.default.contents(atPath: summariesURL.path) else { return [:] }
        guard let list = Self.decodeRecords(data) else {
            problems.append(.note("ignored the damaged page index of the build store; every page is parsed again",
                                  at: SourceLocation(file: summariesURL.path, line: 1)))
            try? FileManager.default.removeItem(at: summariesURL)
            return [:]
        }
        return Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replaces the stored summaries, written aside and renamed in place.
    func storePageSummaries(_ summaries: [PageSummary]) {
        let records = concurrentMap(summaries.count) { index in summaries[index].record ?? Self.record(of: summaries[index]) }
        var header = ByteWriter(capacity: Self.summariesMagic.count + 4)
        header.append(Self.summariesMagic)
        header.appendLittleEndian(UInt32(records.count))
        var data = Data(header.bytes)
        data.reserveCapacity(data.count + records.reduce(0) { $0 + $1.count })
        for record in records { data.append(record) }
        AtomicFile.replace(summariesURL, with: data)
    }

    /// A summary's record: its header, then its body.
    static func record(of summary: PageSummary) -> Data {
        var body = ByteWriter(capacity: 1024)
        summary.write(to: &body)
        var hash = StableHash()
        body.bytes.withUnsafeBytes { hash.combine(bulk: $0) }
        var record = ByteWriter(capacity: recordHeaderSize + body.bytes.count)
        record.appendLittleEndian(UInt32(body.bytes.count))
        record.appendLittleEndian(hash.value)
        record.append(body.bytes)
        return Data(record.bytes)
    }

    /// The summaries of the index `data`, each keeping its record (a slice
    /// of `data`, not a copy); nil when the magic line is not this
    /// version's or a record is truncated, fails its checksum or cannot be
    /// read.
    static func decodeRecords(_ data: Data) -> [PageSummary]? {
        // The records are found in one pass (each header says where the
        // next starts), then checked and decoded on every core: no faster
        // than on one at a thousand pages (a few milliseconds in all), but
        // the index grows with the site.
        let found: [Range<Int>]? = data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            var ranges: [Range<Int>] = []
            do {
                try reader.skip(summariesMagic)
                let count = Int(try reader.littleEndian(UInt32.self))
                guard count <= reader.remaining / recordHeaderSize else { return nil }
                ranges.reserveCapacity(count)
                for _ in 0..<count {
                    let start = reader.position
                    let length = Int(try reader.littleEndian(UInt32.self))
                    _ = try reader.bytes(count: 8 + length)
                    ranges.append(start..<reader.position)
                }
                guard reader.isAtEnd else { return nil }
            } catch { return nil }
            return ranges
        }
        guard let found else { return nil }
        let decoded = concurrentMap(found.count) { index -> PageSummary? in
            let range = found[index]
            let summary: PageSummary? = data.withUnsafeBytes { buffer in
                var reader = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[range]))
                guard let length = try? reader.littleEndian(UInt32.self), let checksum = try? reader.littleEndian(UInt64.self),
                      let body = try? reader.bytes(count: Int(length)) else { return nil }
                var hash = StableHash()
                hash.combine(bulk: body)
                guard hash.value == checksum else { return nil }
                var bodyReader = ByteReader(body)
                guard let summary = try? PageSummary(reading: &bodyReader), bodyReader.isAtEnd else { return nil }
                return summary
            }
            guard var summary else { return nil }
            summary.record = data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
            return summary
        }
        var summaries: [PageSummary] = []
        summaries.reserveCapacity(decoded.count)
        for summary in decoded {
            guard let summary else { return nil }
            summaries.append(summary)
        }
        return summaries
    }

    /// The key a page's summary is stored under.
    static func summaryKey(relativePath: String, displayPath: String, data: Data) -> String {
        var hash = StableHash()
        hash.combine(field: relativePath)
        hash.combine(field: displayPath)
        hash.combine("\(data.count):")
        hash.combine(bulk: data)
        return hash.hex
    }
}
