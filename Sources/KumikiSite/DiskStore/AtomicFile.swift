import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files of the build store, written whole or not at all.
enum AtomicFile {
    /// Writes `data` to a temporary name beside `url` and renames it into
    /// place, creating the folder first: a reader, or a second build at the
    /// same time, sees the old file or the new one, never half of one. A
    /// failure is not an error of the build (the cache only loses an entry).
    static func replace(_ url: URL, with data: Data) {
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max))")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else { return }
        if rename(temporary.path, url.path) != 0 { unlink(temporary.path) }
    }
}
