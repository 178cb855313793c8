import Foundation

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
        var reader = Reader(data: data)
        guard reader.line() == Self.magic, reader.line() == key else { return nil }
        return reader.replay()
    }

    func store(_ replay: HistoryReplay, key: String) {
        var writer = Writer()
        writer.data.append(Data("\(Self.magic)\n\(key)\n".utf8))
        writer.integer(replay.commits.count)
        for commit in replay.commits {
            writer.text(commit.id)
            writer.integer(commit.time)
        }
        writer.integer(replay.files.count)
        for path in replay.files.keys.sorted() {
            guard let file = replay.files[path] else { continue }
            writer.text(path)
            writer.integer(Int(file.lastCommit))
            writer.integer(file.stamps.count)
            // The stamps as they lie in memory (three 32-bit integers
            // each, this machine's order): a warm build reads them back
            // with one copy per file.
            file.stamps.withUnsafeBytes { writer.data.append(contentsOf: $0) }
            let pairs = file.halves.enumerated().compactMap { index, halves in halves.map { (index, $0) } }
            writer.integer(pairs.count)
            for (index, halves) in pairs {
                writer.integer(index)
                writer.text(String(halves.english))
                writer.text(String(halves.japanese))
            }
        }
        AtomicFile.replace(url, with: writer.data)
    }

    private struct Writer {
        var data = Data()

        mutating func integer(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) }
        }

        mutating func text(_ value: String) {
            integer(value.utf8.count)
            data.append(contentsOf: value.utf8)
        }
    }

    private struct Reader {
        var data: Data
        var offset = 0

        mutating func line() -> String? {
            guard let end = data[(data.startIndex + offset)...].firstIndex(of: 0x0A) else { return nil }
            let text = String(decoding: data[(data.startIndex + offset)..<end], as: UTF8.self)
            offset = end - data.startIndex + 1
            return text
        }

        mutating func integer() -> Int? {
            guard offset + 8 <= data.count else { return nil }
            let value = data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) }
            offset += 8
            return Int(Int64(littleEndian: value))
        }

        mutating func text() -> String? {
            guard let count = integer(), count >= 0, offset + count <= data.count else { return nil }
            let start = data.startIndex + offset
            offset += count
            return String(decoding: data[start..<(start + count)], as: UTF8.self)
        }

        /// `count` stamps copied from the file's bytes.
        mutating func stamps(count: Int) -> [LineStamp]? {
            let size = count * MemoryLayout<LineStamp>.stride
            guard offset + size <= data.count else { return nil }
            let start = offset
            offset += size
            return data.withUnsafeBytes { buffer in
                [LineStamp](unsafeUninitializedCapacity: count) { stamps, initialized in
                    UnsafeMutableRawBufferPointer(stamps).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: buffer[start..<(start + size)]))
                    initialized = count
                }
            }
        }

        /// A count that the rest of the file could hold.
        mutating func count() -> Int? {
            guard let value = integer(), value >= 0, value <= data.count else { return nil }
            return value
        }

        mutating func replay() -> HistoryReplay? {
            guard let commitCount = count() else { return nil }
            var commits: [HistoryCommit] = []
            commits.reserveCapacity(commitCount)
            for _ in 0..<commitCount {
                guard let id = text(), let time = integer() else { return nil }
                commits.append(HistoryCommit(id: id, time: time))
            }
            guard let fileCount = count() else { return nil }
            var files: [String: FileLines] = [:]
            for _ in 0..<fileCount {
                guard let path = text(), let last = integer(), let lineCount = count() else { return nil }
                var file = FileLines()
                file.lastCommit = Int32(truncatingIfNeeded: last)
                guard let stamps = stamps(count: lineCount) else { return nil }
                file.stamps = stamps
                file.halves = Array(repeating: nil, count: lineCount)
                guard let pairCount = count() else { return nil }
                for _ in 0..<pairCount {
                    guard let index = integer(), file.halves.indices.contains(index),
                          let english = text(), let japanese = text() else { return nil }
                    file.halves[index] = FileLines.Halves(english: Substring(english), japanese: Substring(japanese))
                }
                files[path] = file
            }
            return HistoryReplay(commits: commits, files: files)
        }
    }
}
