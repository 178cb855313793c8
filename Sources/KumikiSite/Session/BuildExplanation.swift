import Foundation
import KumikiSupport

/// How many pages and blocks a build took from the store and how many it
/// computed, and why each computed page was: what `kumiki build --explain`
/// prints.
public struct BuildExplanation: Sendable, Equatable {
    /// Why a page was computed.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The store had never seen the page at this path.
        case new
        /// Dependencies whose digest differs from the last build's.
        case changed([String])
        /// Its key is the last build's, but the store no longer holds it
        /// (pruned, damaged, or written by a command that stores nothing).
        case notStored

        public var description: String {
            switch self {
            case .new: "new"
            case .changed(let reasons): reasons.joined(separator: "; ")
            case .notStored: "not in the store"
            }
        }
    }

    /// A computed page: its path as the user wrote it, and why.
    public struct ComputedPage: Sendable, Equatable {
        public var path: String
        public var reason: Reason
    }

    public var pagesFromStore = 0
    /// In navigation order.
    public var computedPages: [ComputedPage] = []
    public var blocksFromStore = 0
    public var blocksComputed = 0

    public init() {}

    /// The report, one line a count and one a computed page.
    public var lines: [String] {
        var lines = ["pages: \(pagesFromStore) from the store, \(computedPages.count) computed"]
        lines += computedPages.map { "  \($0.path): \($0.reason)" }
        lines.append("blocks: \(blocksFromStore) from the store, \(blocksComputed) computed")
        return lines
    }
}

/// Each page's key digests as the last build saw them, by path: what
/// `--explain` compares a computed page with. Kept in the session and in
/// the store's folder (`page-keys`), one line a page.
struct PageKeyLedger: Sendable, Equatable {
    var entries: [String: [PageDependency: String]] = [:]

    static func url(in cache: DiskStore) -> URL { cache.generation.appendingPathComponent("page-keys") }

    static func read(from cache: DiskStore) -> PageKeyLedger {
        guard let data = FileManager.default.contents(atPath: url(in: cache).path) else { return PageKeyLedger() }
        var ledger = PageKeyLedger()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == PageDependency.allCases.count + 1 else { continue }
            var digests: [PageDependency: String] = [:]
            for (dependency, digest) in zip(PageDependency.allCases, fields.dropFirst()) { digests[dependency] = String(digest) }
            ledger.entries[String(fields[0])] = digests
        }
        return ledger
    }

    func write(to cache: DiskStore) {
        var text = ""
        for path in entries.keys.sorted() {
            guard let digests = entries[path], !path.contains("\t"), !path.contains("\n") else { continue }
            text += path
            for dependency in PageDependency.allCases { text += "\t" + (digests[dependency] ?? "") }
            text += "\n"
        }
        AtomicFile.replace(Self.url(in: cache), with: Data(text.utf8))
    }

    /// Why a page computed under `key` was not taken from the store.
    func reason(path: String, key: PageKey) -> BuildExplanation.Reason {
        guard let earlier = entries[path] else { return .new }
        let changes = key.changes(since: earlier)
        return changes.isEmpty ? .notStored : .changed(changes.map(\.changeDescription))
    }
}
