import Foundation
import KumikiSupport

/// The replayed history of the content folder (`HistoryReplay`), kept in
/// the build store under the commit it was read at, so a build whose `HEAD`
/// has not moved skips the `git log` pass; only the working tree's diff is
/// read again.
///
/// One file, `history`, in a compact binary form (a thousand pages hold a
/// few hundred thousand line stamps): a header with the key, then the
/// commits, then each file's stamps and the halves of its one-line pairs.
/// A damaged or foreign file is ignored: the history is read from git.
struct HistoryStore {
    var cache: DiskStore
    /// The file's name: `history` for the working tree's, `history-revision`
    /// and `history-revision-2` for the last two commits `kumiki diff` read
    /// (`revisionSlots`).
    var name = "history"

    /// The stores of commits' replays: two, so that a diff of two commits
    /// finds both sides the next time.
    static func revisionSlots(in cache: DiskStore) -> [HistoryStore] {
        ["history-revision", "history-revision-2"].map { HistoryStore(cache: cache, name: $0) }
    }

    /// When the file was last written or read (`markUsed`); `nil` without one.
    var lastUsed: Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Marks the file used now, so the slot least recently used is the one
    /// written next.
    func markUsed() {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    private var url: URL { cache.generation.appendingPathComponent(name) }
    private static let magic = "KUMIKI-HISTORY 2"

    /// The replay stored under `key`, or `nil`.
    func replay(key: String) -> HistoryReplay? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return data.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            guard (try? reader.skip(Array("\(Self.magic)\n\(key)\n".utf8))) != nil else { return nil }
            return try? Self.replay(reading: &reader)
        }
    }

    /// The integers are 64-bit little-endian, the texts a length in
    /// such an integer and the UTF-8 bytes.
    func store(_ replay: HistoryReplay, key: String) {
        var writer = ByteWriter()
        writer.append("\(Self.magic)\n\(key)\n".utf8)
        func integer(_ value: Int) { writer.appendLittleEndian(Int64(value)) }
        func text(_ value: String) {
            integer(value.utf8.count)
            writer.append(value.utf8)
        }
        integer(replay.commits.count)
        for commit in replay.commits {
            text(commit.id)
            integer(commit.time)
        }
        integer(replay.files.count)
        for path in replay.files.keys.sorted() {
            guard let file = replay.files[path] else { continue }
            text(path)
            integer(Int(file.lastCommit))
            integer(file.stamps.count)
            // The stamps as they lie in memory (three 32-bit integers
            // each, this machine's order): a warm build reads them back
            // with one copy per file.
            file.stamps.withUnsafeBytes { writer.append($0) }
            let pairs = file.halves.enumerated().compactMap { index, halves in halves.map { (index, $0) } }
            integer(pairs.count)
            for (index, halves) in pairs {
                integer(index)
                text(String(halves.english))
                text(String(halves.japanese))
            }
        }
        AtomicFile.replace(url, with: Data(writer.bytes))
    }

    private static func replay(reading reader: inout ByteReader) throws(DamagedBytes) -> HistoryReplay {
        func integer() throws(DamagedBytes) -> Int { Int(try reader.littleEndian(Int64.self)) }
        /// A count that the rest of the file could hold.
        func count() throws(DamagedBytes) -> Int {
            let value = try integer()
            guard value >= 0, value <= reader.remaining else { throw DamagedBytes() }
            return value
        }
        func text() throws(DamagedBytes) -> String { try reader.text(byteCount: try count()) }
        let commitCount = try count()
        var commits: [HistoryCommit] = []
        commits.reserveCapacity(commitCount)
        for _ in 0..<commitCount {
            commits.append(HistoryCommit(id: try text(), time: try integer()))
        }
        let fileCount = try count()
        var files: [String: FileLines] = [:]
        for _ in 0..<fileCount {
            let path = try text()
            var file = FileLines()
            file.lastCommit = Int32(truncatingIfNeeded: try integer())
            let lineCount = try count()
            guard lineCount <= reader.remaining / MemoryLayout<LineStamp>.stride else { throw DamagedBytes() }
            // `count` stamps copied from the file's bytes.
            let stored = try reader.bytes(count: lineCount * MemoryLayout<LineStamp>.stride)
            file.stamps = [LineStamp](unsafeUninitializedCapacity: lineCount) { stamps, initialized in
                UnsafeMutableRawBufferPointer(stamps).copyMemory(from: stored)
                initialized = lineCount
            }
            file.halves = Array(repeating: nil, count: lineCount)
            let pairCount = try count()
            for _ in 0..<pairCount {
                let index = try integer()
                guard file.halves.indices.contains(index) else { throw DamagedBytes() }
                file.halves[index] = FileLines.Halves(english: Substring(try text()), japanese: Substring(try text()))
            }
            files[path] = file
        }
        return HistoryReplay(commits: commits, files: files)
    }
}
