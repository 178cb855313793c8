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
    ///
    /// A name that is not UTF-8 is listed as a folder on disk lists it: the
    /// file, or the first folder of its path whose name is not, once.
    public func entries(excluding excluded: URL?) -> [SiteSourceEntry] {
        var undecodableFolders: Set<String> = []
        return tree.files.sorted { $0.key < $1.key }.compactMap { path, file in
            guard path.hasPrefix(folder) else { return nil }
            let relative = String(path.dropFirst(folder.count))
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
            if let part = file.undecodablePart, part.hasPrefix(folder) {
                let named = String(part.dropFirst(folder.count))
                guard named != relative else { return SiteSourceEntry(path: relative, kind: .nameNotUTF8(folder: false)) }
                return undecodableFolders.insert(named).inserted ? SiteSourceEntry(path: named, kind: .nameNotUTF8(folder: true)) : nil
            }
            return SiteSourceEntry(path: relative, kind: file.isSymbolicLink ? .symbolicLink : .file)
        }
    }
}
