// Times search indexing on a built site's rows, apart from the rest of the
// build, whose timings vary more from run to run than indexing costs:
// making every page's entries (tokenizing, the page's term table, its
// script), merging them into the site's postings, and writing the index
// files. The rows are read back from the page scripts (`search/p/*.js`) of
// a site built with search on.
//
//     kumiki-bench-search-index SITE_FOLDER [ROUNDS]
//
// Prints, per round, each part's time on one core, and a digest of the
// index files so that two builds of the benchmark can be checked to index
// alike.

import Foundation
import KumikiSearch

struct BenchmarkError: LocalizedError, CustomStringConvertible {
    var description: String
    var errorDescription: String? { description }
}

/// The rows of one page script: `kumikiSearch.page("slug",[[anchor,section,english,japanese],...]);`.
func rows(ofScript text: String, path: String) throws -> (slug: String, rows: [SearchRow]) {
    guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else {
        throw BenchmarkError(description: "\(path): not a page script")
    }
    let arguments = "[" + text[text.index(after: open)..<close] + "]"
    guard let parsed = try JSONSerialization.jsonObject(with: Data(arguments.utf8)) as? [Any],
          parsed.count == 2, let slug = parsed[0] as? String, let list = parsed[1] as? [[Any]] else {
        throw BenchmarkError(description: "\(path): unexpected page script")
    }
    var rows: [SearchRow] = []
    for (index, row) in list.enumerated() {
        guard row.count == 4, let anchor = row[0] as? String, let section = row[1] as? Int,
              let english = row[2] as? String, let japanese = row[3] as? String else {
            throw BenchmarkError(description: "\(path): unexpected row \(index)")
        }
        rows.append(SearchRow(anchor: anchor, section: section, english: english, japanese: japanese,
                              isHeading: index == 0 || section == index))
    }
    return (slug, rows)
}

/// The site's pages in the order of its index (`search/index.js` lists
/// their slugs, each front-coded: a base-36 digit for the UTF-16 code units
/// it shares with the slug before, then the rest).
func pages(inSite folder: URL) throws -> [(slug: String, rows: [SearchRow])] {
    let manifestURL = folder.appendingPathComponent("search/index.js")
    guard FileManager.default.fileExists(atPath: manifestURL.path) else {
        throw BenchmarkError(description: "no search/index.js: not a site built with search")
    }
    let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
    guard let open = manifest.firstIndex(of: "("), let close = manifest.lastIndex(of: ")"),
          let parsed = try JSONSerialization.jsonObject(with: Data(manifest[manifest.index(after: open)..<close].utf8))
            as? [String: Any], let coded = parsed["slugs"] as? [String] else {
        throw BenchmarkError(description: "search/index.js: unexpected manifest")
    }
    var previous: [UInt16] = []
    return try coded.map { entry in
        guard let first = entry.first, let shared = Int(String(first), radix: 36), shared <= previous.count else {
            throw BenchmarkError(description: "search/index.js: unexpected slug \(entry)")
        }
        let units = Array(previous[..<shared]) + Array(entry.dropFirst().utf16)
        previous = units
        let slug = String(decoding: units, as: UTF16.self)
        let path = folder.appendingPathComponent(PageSearchEntries.scriptPath(slug: slug))
        return try rows(ofScript: String(contentsOf: path, encoding: .utf8), path: path.path)
    }
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// FNV-1a over the files' paths and texts: equal digests, equal index.
func digest(_ files: [(path: String, text: String)]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for file in files {
        for byte in file.path.utf8 + [0] + file.text.utf8 + [0] {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
    }
    return hash
}

let arguments = CommandLine.arguments
let usage = "usage: kumiki-bench-search-index SITE_FOLDER [ROUNDS]"
if arguments.count == 2, ["-h", "--help"].contains(arguments[1]) {
    print(usage)
    exit(0)
}
guard arguments.count >= 2 else {
    print(usage)
    exit(2)
}
guard arguments.count <= 3, let rounds = arguments.count > 2 ? Int(arguments[2]) : 5, rounds > 0 else {
    print(usage)
    exit(2)
}
let site: [(slug: String, rows: [SearchRow])]
do {
    site = try pages(inSite: URL(fileURLWithPath: arguments[1]))
} catch {
    // A folder that is not a site built with search: said in a line, not
    // a backtrace.
    FileHandle.standardError.write(Data("kumiki-bench-search-index: error: \(arguments[1]): \(error.localizedDescription)\n".utf8))
    exit(1)
}
let rowCount = site.reduce(0) { $0 + $1.rows.count }
let textBytes = site.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.english.utf8.count + $1.japanese.utf8.count } }
print("\(site.count) pages, \(rowCount) rows, \(textBytes) bytes of text")
var best = (entries: Double.infinity, merge: Double.infinity, files: Double.infinity)
for round in 1...rounds {
    // One indexing a round, as one build has: its tables serve every page.
    let indexing = SearchIndexing()
    var pages: [IndexedPage] = []
    let entriesTime = seconds { pages = site.map { indexing.index(slug: $0.slug, rows: $0.rows) } }
    var postings: SearchPostings?
    let mergeTime = seconds { postings = indexing.postings(merging: pages) }
    var files: [SearchIndexWriter.File] = []
    let filesTime = seconds { files = SearchIndexWriter.files(postings!) }
    best = (min(best.entries, entriesTime), min(best.merge, mergeTime), min(best.files, filesTime))
    let occurrences = pages.reduce(0) { $0 + $1.occurrenceCount }
    let scripts = digest(pages.map { ($0.scriptPath, String(decoding: $0.script, as: UTF8.self)) })
    print(String(format: "round %d: page entries %.1f ms (%d occurrences), merge %.1f ms (%d terms), index files %.1f ms, digests %016llx %016llx",
                 round, entriesTime * 1000, occurrences, mergeTime * 1000, postings!.terms.count, filesTime * 1000, scripts, digest(files.map { ($0.path, $0.text) })))
}
print(String(format: "best: page entries %.1f ms, merge %.1f ms, index files %.1f ms", best.entries * 1000, best.merge * 1000,
             best.files * 1000))
