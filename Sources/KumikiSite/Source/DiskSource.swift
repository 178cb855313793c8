import Foundation

/// A folder on disk.
public struct DiskSource: SiteSource {
    public let displayPath: String
    /// The folder, standardized.
    public let folder: URL
    /// The folder's path, to which file paths are joined as text: joining
    /// URLs (`appendingPathComponent`) was an eighth of a preview rebuild
    /// of a thousand pages.
    private let folderPath: String

    /// - Parameters:
    ///   - directory: The folder.
    ///   - displayPath: How diagnostics name it; by default its path
    ///     relative to the current folder when it is inside it (`.` for the
    ///     current folder itself), its absolute path otherwise.
    public init(_ directory: URL, displayPath: String? = nil) {
        folder = directory.standardizedFileURL
        folderPath = folder.path
        self.displayPath = displayPath ?? Self.displayPath(of: folder)
    }

    public var directory: URL? { folder }

    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folderPath, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contents(of path: String) -> Data? {
        FileManager.default.contents(atPath: folderPath + "/" + path)
    }

    public func stamp(of path: String) -> FileStamp? {
        FileStamp(path: folderPath + "/" + path)
    }

    public func size(of path: String) -> Int64? {
        stamp(of: path)?.size
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        var prefix = folderPath
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var status = stat()
            guard lstat(prefix, &status) == 0 else { return false }
            if status.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// The bytes of a file, or the file system's reason why not (for a
    /// command that names the file it could not read).
    public func read(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folderPath + "/" + path))
    }

    public func entries(excluding excluded: URL?) -> [SiteSourceEntry] {
        FolderListing.entries(of: folderPath, excluding: excluded?.standardizedFileURL.path)
    }

    /// How a folder is printed in diagnostics: relative to the current
    /// folder when it is inside it, as given otherwise.
    public static func displayPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path == current { return "." }
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
