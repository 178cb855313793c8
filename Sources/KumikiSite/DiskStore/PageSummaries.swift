import Foundation
import KumikiSupport

/// What loading a page found (front matter, slug, headings, coverage and
/// the problems), stored by the build store so that a later build knows an
/// unchanged page without parsing it.
struct PageSummary: Codable, Sendable {
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

    private enum CodingKeys: String, CodingKey {
        case key, frontMatter, slug, headings, translation, diagnostics, links, tokenNames, tokenBlocks
    }

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
    /// The magic line, then one summary a line, as JSON (which never holds
    /// a raw line break). One record a page is what lets an edit of one page
    /// encode one summary, and lets the records be decoded on every core:
    /// encoding and decoding the whole index in one piece was a third of a
    /// warm build of a thousand pages.
    private static let summariesMagic = "KUMIKI-PAGES 2\n"

    /// The summaries the last build stored, by key; none when there are
    /// none or the file is damaged (reported in `problems`).
    func pageSummaries(problems: inout [Diagnostic]) -> [String: PageSummary] {
        guard let data = FileManager.default.contents(atPath: summariesURL.path) else { return [:] }
        let magic = Data(Self.summariesMagic.utf8)
        guard data.starts(with: magic), let list = Self.decodeRecords(data.dropFirst(magic.count)) else {
            problems.append(.note("ignored the damaged page index of the build store; every page is parsed again",
                                  at: SourceLocation(file: summariesURL.path, line: 1)))
            try? FileManager.default.removeItem(at: summariesURL)
            return [:]
        }
        return Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replaces the stored summaries, written aside and renamed in place.
    func storePageSummaries(_ summaries: [PageSummary]) {
        let records = concurrentMap(summaries.count) { index in
            summaries[index].record ?? (try? JSONEncoder().encode(summaries[index]))
        }
        var data = Data(Self.summariesMagic.utf8)
        data.reserveCapacity(data.count + records.reduce(0) { $0 + ($1?.count ?? 0) + 1 })
        for record in records {
            guard let record else { return }
            data.append(record)
            data.append(UInt8(ascii: "\n"))
        }
        AtomicFile.replace(summariesURL, with: data)
    }

    /// The summaries of the records in `body`, each keeping its record;
    /// nil when one of them cannot be read.
    static func decodeRecords(_ body: Data) -> [PageSummary]? {
        let lines = lineRanges(body)
        let decoded = concurrentMap(lines.count) { index -> PageSummary? in
            let record = Data(body[lines[index]])
            guard var summary = try? JSONDecoder().decode(PageSummary.self, from: record) else { return nil }
            summary.record = record
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

    /// The ranges of `body`'s lines but the empty ones, found through its
    /// bytes: `Data.split` checked each byte's access on its own, a twentieth
    /// of a warm build of a thousand pages.
    private static func lineRanges(_ body: Data) -> [Range<Data.Index>] {
        body.withUnsafeBytes { bytes in
            var ranges: [Range<Data.Index>] = []
            bytes.forEachLineRange { line in
                if !line.isEmpty { ranges.append(body.startIndex + line.lowerBound..<body.startIndex + line.upperBound) }
            }
            return ranges
        }
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
