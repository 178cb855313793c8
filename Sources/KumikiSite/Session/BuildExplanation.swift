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

    /// The entries of `paths` in the store's folder's ledger: a build
    /// explains the few pages it computed, and reading every page's line
    /// into a dictionary cost more than the rest of explaining.
    static func read(from cache: DiskStore, only paths: Set<String>) -> PageKeyLedger {
        guard let data = FileManager.default.contents(atPath: url(in: cache).path) else { return PageKeyLedger() }
        var ledger = PageKeyLedger()
        data.withUnsafeBytes { bytes in
            bytes.forEachLineRange { line in
                guard let tab = bytes[line].firstIndex(of: UInt8(ascii: "\t")) else { return }
                let path = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[line.lowerBound..<tab]), as: UTF8.self)
                guard paths.contains(path) else { return }
                let fields = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(tab + 1)..<line.upperBound]), as: UTF8.self)
                    .split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == PageDependency.allCases.count else { return }
                var digests: [PageDependency: String] = [:]
                for (dependency, digest) in zip(PageDependency.allCases, fields) { digests[dependency] = String(digest) }
                ledger.entries[path] = digests
            }
        }
        return ledger
    }

    func write(to cache: DiskStore) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * (32 + 17 * PageDependency.allCases.count))
        for path in entries.keys.sorted() {
            guard let digests = entries[path], !path.contains("\t"), !path.contains("\n") else { continue }
            bytes += path.utf8
            for dependency in PageDependency.allCases {
                bytes.append(UInt8(ascii: "\t"))
                bytes += (digests[dependency] ?? "").utf8
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        AtomicFile.replace(Self.url(in: cache), with: Data(bytes))
    }

    /// Why a page computed under `key` was not taken from the store.
    func reason(path: String, key: PageKey) -> BuildExplanation.Reason {
        guard let earlier = entries[path] else { return .new }
        let changes = key.changes(since: earlier)
        return changes.isEmpty ? .notStored : .changed(changes.map(\.changeDescription))
    }
}
