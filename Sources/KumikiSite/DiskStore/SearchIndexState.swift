import Foundation
import KumikiSearch
import KumikiSupport

/// The last build's search postings, with the key of each page they were
/// made from (in the postings' page order), so the next build carries them
/// over and reads only the pages that changed.
struct SearchIndexState {
    var keys: [String]
    var postings: SearchPostings
    /// The keys of the postings the store holds whole, when this state was
    /// carried from them (`DiskStore.searchIndexState`): a build that
    /// changed a few pages since then stores only its keys beside them.
    var storedKeys: [String]?

    private static let magic = "KUMIKI-SEARCH-STATE 2"

    /// A header of text lines (magic, page count, one key per page), then
    /// the postings' stored form.
    var stored: Data {
        let header = "\(Self.magic)\n\(keys.count)\n\(keys.map { $0 + "\n" }.joined())"
        var out = ByteWriter(capacity: header.utf8.count + postings.storedByteEstimate)
        out.append(header.utf8)
        postings.appendStored(to: &out)
        return Data(out.bytes)
    }

    init(keys: [String], postings: SearchPostings, storedKeys: [String]? = nil) {
        self.keys = keys
        self.postings = postings
        self.storedKeys = storedKeys
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
    /// The keys of a later build whose pages differ from the whole state's
    /// in a few pages, and the digest of the whole state's keys.
    private var searchIndexChangesURL: URL { generation.appendingPathComponent("search-index-changes") }
    private static let changesMagic = "KUMIKI-SEARCH-CHANGES 1"
    /// At most this many pages are carried from the whole state by the
    /// changes file: each costs the next build a read of its entries and a
    /// pass over the lists, where storing the whole state costs a build
    /// tens of milliseconds a thousand pages.
    static let changedPagesLimit = 16

    /// The last build's search postings; nil when there are none or they
    /// are damaged (then the index is merged from every page's entries).
    /// When the last build stored only the keys of its changed pages, the
    /// whole state is carried to them with those pages' stored entries;
    /// if one is missing, the whole state is used as it is (its keys say
    /// which pages the next build must index).
    func searchIndexState() -> SearchIndexState? {
        guard let data = FileManager.default.contents(atPath: searchIndexStateURL.path),
              var state = SearchIndexState(stored: data) else { return nil }
        state.storedKeys = state.keys
        guard let changes = FileManager.default.contents(atPath: searchIndexChangesURL.path),
              let keys = Self.changedKeys(changes, over: state.keys) else { return state }
        let places = Dictionary(state.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var carried: [SearchPostings.Carried] = []
        carried.reserveCapacity(keys.count)
        for key in keys {
            if let place = places[key] {
                carried.append(.unchanged(place))
            } else if let entries = searchEntries(key) {
                carried.append(.changed(entries))
            } else {
                return state
            }
        }
        state.postings.carry(to: carried)
        state.keys = keys
        return state
    }

    /// Stores the state: only its keys when it differs from the whole state
    /// on disk in a few pages (`changedPagesLimit`), otherwise whole.
    /// Returns the keys of the whole state on disk afterwards.
    @discardableResult
    func storeSearchIndexState(_ state: SearchIndexState) -> [String] {
        if let storedKeys = state.storedKeys, storedKeys.count > 0 {
            let stored = Set(storedKeys)
            let changed = state.keys.reduce(0) { $0 + (stored.contains($1) ? 0 : 1) }
            if changed <= min(Self.changedPagesLimit, max(1, storedKeys.count / 20)) {
                let text = "\(Self.changesMagic)\n\(Self.digest(of: storedKeys))\n\(state.keys.count)\n"
                    + state.keys.map { $0 + "\n" }.joined()
                AtomicFile.replace(searchIndexChangesURL, with: Data(text.utf8))
                return storedKeys
            }
        }
        // The changes file names the whole state it was written over; it
        // goes first, so no reader pairs it with the new one.
        try? FileManager.default.removeItem(at: searchIndexChangesURL)
        AtomicFile.replace(searchIndexStateURL, with: state.stored)
        return state.keys
    }

    /// The keys a changes file holds, when it was written over the whole
    /// state of `storedKeys`; nil for anything else.
    private static func changedKeys(_ data: Data, over storedKeys: [String]) -> [String]? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == changesMagic, lines[1] == digest(of: storedKeys),
              let count = Int(lines[2]), lines.count == count + 4, lines.last == "" else { return nil }
        lines.removeLast()
        return lines[3...].map(String.init)
    }

    private static func digest(of keys: [String]) -> String {
        var hash = StableHash()
        for key in keys { hash.combine(field: key) }
        return hash.hex
    }
}
