import Foundation
import KumikiSupport

/// What loading a page found (front matter, slug, headings, coverage and
/// the problems), stored by the build cache so that a later build knows an
/// unchanged page without parsing it.
struct PageSummary: Codable, Sendable {
    /// A hash of the page's path, display path and bytes.
    var key: String
    var frontMatter: FrontMatter
    var slug: String
    var headings: [Page.Heading]
    var translation: Coverage
    var diagnostics: [Diagnostic]
}

extension BuildCache {
    private var summariesURL: URL { generation.appendingPathComponent("pages.index") }
    private static let summariesMagic = "KUMIKI-PAGES 1\n"

    /// The summaries the last build stored, by key; none when there are
    /// none or the file is damaged (reported in `problems`).
    func pageSummaries(problems: inout [Diagnostic]) -> [String: PageSummary] {
        guard let data = FileManager.default.contents(atPath: summariesURL.path) else { return [:] }
        let magic = Data(Self.summariesMagic.utf8)
        guard data.starts(with: magic),
              let list = try? JSONDecoder().decode([PageSummary].self, from: data.dropFirst(magic.count)) else {
            problems.append(.note("ignored the damaged page index of the build cache; every page is parsed again",
                                  at: SourceLocation(file: summariesURL.path, line: 1)))
            try? FileManager.default.removeItem(at: summariesURL)
            return [:]
        }
        return Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Replaces the stored summaries, written aside and renamed in place.
    func storePageSummaries(_ summaries: [PageSummary]) {
        guard var data = try? JSONEncoder().encode(summaries) else { return }
        data.insert(contentsOf: Data(Self.summariesMagic.utf8), at: 0)
        AtomicFile.replace(summariesURL, with: data)
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
