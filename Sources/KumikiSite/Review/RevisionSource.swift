import Foundation

/// A folder of a commit, read from git objects (`RevisionTree`): one side
/// of `kumiki diff`. It reads as the same folder on disk reads, so a build
/// of a commit is the build of its files.
public struct RevisionSource: SiteSource {
    public let displayPath: String
    let tree: RevisionTree
    /// The folder below the tree's folder, `""` or ending in `/`.
    let folder: String

    init(tree: RevisionTree, folder: String, displayPath: String) {
        self.tree = tree
        self.folder = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        self.displayPath = displayPath
    }

    /// The commit's files are not on disk.
    public var directory: URL? { nil }

    public var exists: Bool {
        folder.isEmpty ? !tree.files.isEmpty : tree.files.keys.contains { $0.hasPrefix(folder) }
    }

    public func contents(of path: String) -> Data? { tree.contents(of: folder + path) }

    /// A commit's file never changes: its object names it, and the store
    /// keys what is read from it by its bytes.
    public func stamp(of path: String) -> FileStamp? { nil }

    public func size(of path: String) -> Int64? { tree.size(of: folder + path).map(Int64.init) }

    /// Git records a link, to a file or a folder, as an entry of its own.
    public func isSymbolicLink(_ path: String) -> Bool {
        var prefix = folder
        for component in path.split(separator: "/") {
            prefix += component
            if tree.files[prefix]?.isSymbolicLink == true { return true }
            prefix += "/"
        }
        return false
    }

    /// Every file below the folder, hidden ones left out as a folder on
    /// disk lists them.
    public func entries(excluding excluded: URL?) -> [SiteSourceEntry] {
        tree.files.compactMap { path, file in
            guard path.hasPrefix(folder) else { return nil }
            let relative = String(path.dropFirst(folder.count))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
            return SiteSourceEntry(path: relative, kind: file.isSymbolicLink ? .symbolicLink : .file)
        }
    }
}
