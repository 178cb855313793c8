import Foundation

/// Tells when the files of a burst of changes are completely written, so a
/// rebuild never reads a file an editor or a tool is still writing.
///
/// A file has settled when its last event says the writer is done (closed
/// after writing, renamed into place, removed), or when its size and
/// modification time are the same at two reads at least one quiet window
/// apart: the first when its event came, the second when the window closed
/// with no event in it. Two reads in a row are not enough; they agree on a
/// file that is still being written, between two of the writer's chunks.
struct WriteSettling: Sendable {
    /// What a file looked like at one read; `nil` stands for no file.
    struct Stamp: Hashable, Sendable {
        var size: Int64
        /// Modification time, in nanoseconds since 1970.
        var modified: Int64
    }

    /// Reads a file's stamp (the file system, or a fake in tests).
    typealias Reader = (String) -> Stamp?

    private struct Entry {
        var isComplete: Bool
        var stamp: Stamp?
        /// When `stamp` was read.
        var readAt: ContinuousClock.Instant
    }

    private var files: [String: Entry] = [:]

    /// Notes a change as its event is read.
    /// - Parameters:
    ///   - stamp: The file as it is now (read it at once, not later).
    ///   - instant: Now.
    mutating func record(_ change: FileChange, stamp: Stamp?, at instant: ContinuousClock.Instant) {
        // A later event decides: written again after a close, the file is
        // under way again.
        files[change.path] = Entry(isComplete: change.isComplete, stamp: stamp, readAt: instant)
    }

    /// Whether every file's last event said its writer was done, so none
    /// needs to be read again to tell.
    var allFinished: Bool { files.values.allSatisfy(\.isComplete) }

    /// The files not settled at `instant`. Each file whose events did not
    /// say it was done, and whose last read is at least `quiet` old, is read
    /// again: unchanged, it has settled; changed, the new stamp is kept for
    /// the next check. A file read less than `quiet` ago has not settled: a
    /// burst cut short by the window's limit may be in the middle of a write.
    mutating func unsettled(at instant: ContinuousClock.Instant, quiet: Duration, reading read: Reader) -> [String] {
        var waiting: [String] = []
        for (path, entry) in files where !entry.isComplete {
            guard entry.readAt.duration(to: instant) >= quiet else {
                waiting.append(path)
                continue
            }
            let now = read(path)
            if now == entry.stamp {
                files[path]?.isComplete = true
            } else {
                files[path]?.stamp = now
                files[path]?.readAt = instant
                waiting.append(path)
            }
        }
        return waiting.sorted()
    }

    /// Forgets the burst after its batch went out.
    mutating func reset() {
        files.removeAll(keepingCapacity: true)
    }

    /// A file's stamp from the file system.
    static func stamp(of path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = attributes[.modificationDate] as? Date else { return nil }
        return Stamp(size: size, modified: Int64((modified.timeIntervalSince1970 * 1e9).rounded()))
    }
}
