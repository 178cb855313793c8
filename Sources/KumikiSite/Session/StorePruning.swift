import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the store on disk within its bound (`StoreBound`): entries
/// unused for longer than the bound's age go, then the least recently used
/// until the entries fit its size. "Used" is an entry's modification time,
/// which every read touches (`noteUse`).
///
/// Pruning never removes an entry because one command did not use it:
/// `build`, `serve` and a build of another revision share the store. It
/// runs under an exclusive lock (`prune.lock` in the store's folder), so
/// two processes never prune at once; one that finds the lock taken
/// leaves the pruning to the other. A process may still be reading an
/// entry that is removed: the open file stays readable, and a later look
/// finds nothing and computes the value again.
struct StorePruning {
    var cache: DiskStore
    var bound: StoreBound
    /// The time pruning counts from (tests move it).
    var now = Date()

    /// The folder of device frames among the blocks, small and shared by
    /// every block: never pruned by age, removed with their generation.
    static let framesFolder = "frames"

    /// The folders of entries in a generation.
    private static let entryFolders = ["pages", "blocks", "solved"]

    /// Notes that an entry was just used, so pruning keeps it longest.
    static func noteUse(of url: URL) {
        _ = url.withUnsafeFileSystemRepresentation { path in path.map { utimes($0, nil) } }
    }

    /// `noteUse(of:)` of an entry the caller has open, without looking its
    /// path up again.
    static func noteUse(ofOpenFile descriptor: Int32) {
        _ = futimens(descriptor, nil)
    }

    /// Prunes when the last pruning is older than the bound's interval.
    func pruneIfDue() {
        let stamp = cache.generation.appendingPathComponent("pruned")
        // `lstat`, not the file manager's attributes, which look up the
        // file's owner and group by name on every build.
        if let stamp = FileStamp(path: stamp.path) {
            let last = Date(timeIntervalSince1970: Double(stamp.seconds) + Double(stamp.nanoseconds) / 1e9)
            if now.timeIntervalSince(last) < bound.interval, now >= last { return }
        }
        prune()
        AtomicFile.replace(stamp, with: Data())
    }

    /// Removes what is past the bound now. Returns the number of entries removed.
    @discardableResult
    func prune() -> Int {
        try? FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        let lockPath = cache.folder.appendingPathComponent("prune.lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return 0 }
        defer { flock(descriptor, LOCK_UN) }
        removeOtherGenerations()
        return removeEntries()
    }

    /// Stores of other builds of Kumiki, once unused for the bound's age:
    /// two builds of Kumiki used side by side keep theirs.
    private func removeOtherGenerations() {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: cache.folder.path)) ?? []
        where name.hasPrefix("build-") && name != cache.generation.lastPathComponent {
            let url = cache.folder.appendingPathComponent(name)
            let used = (try? fileManager.attributesOfItem(atPath: url.appendingPathComponent("pruned").path))?[.modificationDate] as? Date
                ?? (try? fileManager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            if let used, now.timeIntervalSince(used) > bound.maximumAge { try? fileManager.removeItem(at: url) }
        }
    }

    private struct Entry {
        var path: String
        var size: Int64
        var used: Double
    }

    /// Every entry with its size and last use, read with `stat` on names
    /// from `readdir`: Foundation's resource values cost a tenth of a
    /// second for the few thousand entries of a large site.
    private func listEntries() -> [Entry] {
        var entries: [Entry] = []
        for folderName in Self.entryFolders {
            let folder = cache.generation.appendingPathComponent(folderName).path
            for shard in Self.names(in: folder) where shard != Self.framesFolder {
                let shardPath = folder + "/" + shard
                for name in Self.names(in: shardPath) where !name.hasPrefix(".") {
                    let path = shardPath + "/" + name
                    var info = stat()
                    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                    entries.append(Entry(path: path, size: Int64(info.st_size), used: Self.modificationTime(info)))
                }
            }
        }
        return entries
    }

    private static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private func removeEntries() -> Int {
        var entries = listEntries()
        // Oldest first; ties by name, so two runs remove the same entries.
        entries.sort { ($0.used, $0.path) < ($1.used, $1.path) }
        var total = entries.reduce(Int64(0)) { $0 + $1.size }
        let now = self.now.timeIntervalSince1970
        var removed = 0
        for entry in entries {
            let tooOld = now - entry.used > bound.maximumAge
            guard tooOld || total > bound.maximumBytes else { break }
            if unlink(entry.path) == 0 {
                total -= entry.size
                removed += 1
            }
        }
        return removed
    }
}
