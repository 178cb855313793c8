import Foundation

/// A fresh empty folder in the temporary folder, removed with everything in
/// it when the value goes away.
public final class TemporaryFolder: Sendable {
    public let root: URL

    public init() throws {
        // Resolved, so that paths a file watcher reports compare equal.
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kumiki-tests-\(UUID().uuidString)").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A path inside the folder.
    public func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Writes a text file, creating the folders it is in.
    public func write(_ path: String, _ text: String) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Every file below `path`, relative to it, sorted.
    public func files(under path: String) -> [String] {
        let base = url(path)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: base.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
