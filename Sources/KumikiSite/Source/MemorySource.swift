import Foundation

/// Files held in memory, by path: the theme compiled into the binary, and
/// sites that tests and tools make without touching the disk.
public struct MemorySource: SiteSource {
    public let displayPath: String
    /// The files by `/`-separated path.
    public let files: [String: Data]

    public init(_ files: [String: Data], displayPath: String) {
        self.files = files
        self.displayPath = displayPath
    }

    /// Files given as text.
    public init(texts: [String: String], displayPath: String) {
        self.init(texts.mapValues { Data($0.utf8) }, displayPath: displayPath)
    }

    public var directory: URL? { nil }
    public var exists: Bool { true }

    public func contents(of path: String) -> Data? { files[path] }

    /// Files in memory are read at no cost: none needs a stamp.
    public func stamp(of path: String) -> FileStamp? { nil }

    public func size(of path: String) -> Int64? { files[path].map { Int64($0.count) } }

    /// Files in memory hold no links.
    public func isSymbolicLink(_ path: String) -> Bool { false }

    /// Every file but hidden ones (a name starting with `.` anywhere in the
    /// path), as a folder on disk lists them.
    public func entries(excluding excluded: URL?) -> [SiteSourceEntry] {
        files.keys.filter { path in !path.split(separator: "/").contains { $0.hasPrefix(".") } }
            .map { SiteSourceEntry(path: $0, kind: .file) }
    }
}
