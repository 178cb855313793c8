import Foundation

/// A folder whose files are read from another source, except those an
/// editor holds with unsaved changes, which are read from memory.
///
/// The language server checks the site as the editor shows it: an open
/// document's text is the truth, the rest of the site comes from disk. A
/// file that exists only in the editor (created, not yet saved) is listed
/// too, so a page can link to it.
public struct EditedSource: SiteSource {
    /// The folder as it is on disk.
    public let base: any SiteSource
    /// The edited files' bytes by path relative to the folder.
    public let edits: [String: Data]

    public init(_ base: any SiteSource, edits: [String: Data]) {
        self.base = base
        self.edits = edits
    }

    public var displayPath: String { base.displayPath }
    public var directory: URL? { base.directory }
    public var exists: Bool { base.exists }

    public func contents(of path: String) -> Data? {
        edits[path] ?? base.contents(of: path)
    }

    /// An edited file has no stamp, so a session that keeps files between
    /// builds reads its bytes every time instead of trusting the disk's.
    public func stamp(of path: String) -> FileStamp? {
        edits[path] == nil ? base.stamp(of: path) : nil
    }

    public func size(of path: String) -> Int64? {
        edits[path].map { Int64($0.count) } ?? base.size(of: path)
    }

    /// An edited file is the editor's text, not a link.
    public func isSymbolicLink(_ path: String) -> Bool {
        edits[path] == nil && base.isSymbolicLink(path)
    }

    public func entries(excluding excluded: URL?) -> [SiteSourceEntry] {
        var entries = base.entries(excluding: excluded)
        let listed = Set(entries.map(\.path))
        for path in edits.keys.sorted() where !listed.contains(path) && !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            entries.append(SiteSourceEntry(path: path, kind: .file))
        }
        return entries
    }
}
