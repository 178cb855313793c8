import Foundation
import KumikiSearch

/// The last build's search postings, with the key of each page they were
/// made from (in the postings' page order), so the next build carries them
/// over and reads only the pages that changed.
struct SearchIndexState {
    var keys: [String]
    var postings: SearchPostings

    private static let magic = "KUMIKI-SEARCH-STATE 2"

    /// A header of text lines (magic, page count, one key per page), then
    /// the postings' stored form.
    var stored: Data {
        var data = Data("\(Self.magic)\n\(keys.count)\n\(keys.map { $0 + "\n" }.joined())".utf8)
        data.append(postings.stored)
        return data
    }

    init(keys: [String], postings: SearchPostings) {
        self.keys = keys
        self.postings = postings
    }

    /// The state read back from `stored`; nil for anything else.
    init?(stored data: Data) {
        var position = data.startIndex
        func line() -> String? {
            guard let newline = data[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            defer { position = newline + 1 }
            return String(data: data[position..<newline], encoding: .utf8)
        }
        guard line() == Self.magic, let count = line().flatMap({ Int($0) }), count >= 0, count <= data.count else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = line() else { return nil }
            keys.append(key)
        }
        guard let postings = SearchPostings(stored: data[position...]), postings.pages.count == count else { return nil }
        self.init(keys: keys, postings: postings)
    }
}

extension DiskStore {
    private var searchIndexStateURL: URL { generation.appendingPathComponent("search-index") }

    /// The last build's search postings; nil when there are none or they
    /// are damaged (then the index is merged from every page's entries).
    func searchIndexState() -> SearchIndexState? {
        guard let data = FileManager.default.contents(atPath: searchIndexStateURL.path) else { return nil }
        return SearchIndexState(stored: data)
    }

    func storeSearchIndexState(_ state: SearchIndexState) {
        AtomicFile.replace(searchIndexStateURL, with: state.stored)
    }
}
