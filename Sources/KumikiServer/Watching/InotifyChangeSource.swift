#if os(Linux)
import Foundation
import Glibc

/// File changes from Linux's inotify: one watch per folder (inotify is not
/// recursive, so every subfolder gets its own, and new ones are added as
/// they appear), read with `poll` so the loop can wait with a timeout.
///
/// The folder above each watched folder is watched for that folder's name
/// alone, so a Content/ or Templates/ made after the server started (or
/// removed and made again, as some tools do) is watched from then on.
struct InotifyChangeSource: ChangeSource {
    private var descriptor: Int32
    /// The folder each watch is on.
    private var folders: [Int32: String] = [:]
    /// Watches on a folder kept only for some of its entries: kumiki.yml,
    /// and the watched folders themselves.
    private var fileFilters: [Int32: Set<String>] = [:]
    /// The watched folders, as given.
    private var roots: Set<String> = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let completingEvents: UInt32 = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE)
        | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    private static let mask: UInt32 = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
        | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// - Returns: `nil` when inotify is unavailable or a watched folder
    ///   cannot be watched (the caller falls back to scanning).
    init?(paths: WatchedPaths) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        for folder in paths.folders where FileManager.default.fileExists(atPath: folder) {
            guard addTree(folder) != nil else {
                close()
                return nil
            }
        }
        for file in paths.files {
            guard watchEntry(file) != nil else {
                close()
                return nil
            }
        }
        // Best effort: without its parent's watch a folder is still watched,
        // only not when it is made again.
        for folder in paths.folders {
            if let entry = watchEntry(folder) { roots.insert(entry) }
        }
    }

    /// Watches the folder holding `path` for events about `path` alone.
    /// - Returns: `path` as those events will name it, or `nil` when the
    ///   folder could not be watched.
    @discardableResult
    private mutating func watchEntry(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { return nil }
        // A folder watched whole already reports every entry.
        if folders[watch] == nil || fileFilters[watch] != nil {
            folders[watch] = folder
            fileFilters[watch, default: []].insert(url.lastPathComponent)
        }
        return folder + "/" + url.lastPathComponent
    }

    mutating func wait(timeout: Duration) -> [FileChange] {
        guard descriptor >= 0 else { return [] }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&request, 1, milliseconds) > 0 else { return [] }
        var changes: [FileChange] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            changes += parse(count)
        }
        return changes
    }

    mutating func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Watches a folder and every folder inside it.
    /// - Returns: The files found inside, or `nil` when the folder itself
    ///   could not be watched.
    @discardableResult
    private mutating func addTree(_ folder: String) -> [String]? {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { return nil }
        folders[watch] = folder
        fileFilters[watch] = nil
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let child = inotify_add_watch(descriptor, path, Self.mask)
                if child >= 0 {
                    folders[child] = path
                    fileFilters[child] = nil
                }
            } else if WatchedPaths.isRelevant(name: (relative as NSString).lastPathComponent) {
                files.append(path)
            }
        }
        return files
    }

    /// Reads the `inotify_event` records in the first `count` bytes of the buffer.
    private mutating func parse(_ count: Int) -> [FileChange] {
        var changes: [FileChange] = []
        var newFolders: [String] = []
        let headerSize = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset + headerSize <= count {
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = bytes[(offset + headerSize)..<min(offset + headerSize + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += headerSize + length

                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    changes.append(FileChange("*", isComplete: true))  // events were lost: something changed
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[watch] = nil
                    fileFilters[watch] = nil
                    continue
                }
                guard let folder = folders[watch] else { continue }
                let isFolder = mask & UInt32(IN_ISDIR) != 0
                let appeared = isFolder && mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0
                // Closed after writing, renamed into place or gone: nothing
                // more will be written to this version of the file.
                let isComplete = isFolder || mask & Self.completingEvents != 0
                if let wanted = fileFilters[watch] {
                    guard wanted.contains(name) else { continue }
                    let path = folder + "/" + name
                    // A watched folder made (again) after the start.
                    if appeared && roots.contains(path) { newFolders.append(path) }
                    changes.append(FileChange(path, isComplete: isComplete))
                    continue
                }
                if name.isEmpty {
                    changes.append(FileChange(folder, isComplete: true))  // the folder itself moved or went away
                    continue
                }
                if appeared {
                    newFolders.append(folder + "/" + name)
                }
                if isFolder || WatchedPaths.isRelevant(name: name) {
                    changes.append(FileChange(folder + "/" + name, isComplete: isComplete))
                }
            }
        }
        // A folder that appeared may already hold files (a checkout, a move,
        // or files written before its watch was added): watch it and
        // everything in it, and count its files as changed.
        // Those files may still be being written: they wait to settle.
        for folder in newFolders { changes += (addTree(folder) ?? []).map { FileChange($0) } }
        return changes
    }
}
#endif
