import Foundation
import KumikiSupport

/// The files of one commit below a folder of its repository, read from git
/// objects: `git ls-tree` lists them and one `git cat-file --batch` reads
/// their bytes. Nothing is checked out, so the working tree is never
/// touched and any commit reads the same whatever is on disk.
final class RevisionTree: Sendable {
    /// A file of the tree: its object and kind.
    struct File: Sendable {
        var object: String
        var isSymbolicLink: Bool
        /// The path below the tree's folder up to the first part of it
        /// (this file's name, or a folder's) that is not UTF-8, escaped as
        /// the path is (`\xFF`); `nil` when the whole path is UTF-8. Such a
        /// file is refused by name, as a build refuses it on disk.
        var undecodablePart: String?
    }

    /// Files of the tree whose bytes another side of a comparison already
    /// has: the files git says are the same there (`git diff`), read from
    /// that side instead of from objects. Reading every blob of a large
    /// site was most of a diff that changed one page.
    struct SameFiles: Sendable {
        /// The other side, from the same folder.
        var source: any SiteSource
        /// Whether the file at a path below the tree's folder is the same
        /// in `source`.
        var contains: @Sendable (_ path: String, _ file: File) -> Bool
    }

    let commit: String
    /// The folder from the repository's top, `""` or ending in `/`.
    let prefix: String
    /// Files by path below `prefix`.
    let files: [String: File]
    /// Submodules (git links to a commit of another repository) by path
    /// below `prefix`: their files are not in this repository's objects.
    let submodules: Set<String>
    let repository: SiteRepository
    /// The bytes of files up to `eagerLimit`, read in one batch, and the
    /// sizes of the files that were not read.
    private let contents: [String: Data]
    private let sizes: [String: Int]
    private let same: SameFiles?

    /// Files larger than this (images, mostly) are read when asked for.
    static let eagerLimit = 4 << 20

    /// The tree of `commit` below the repository's `prefix`; `nil` when git
    /// cannot list it.
    /// - Parameters:
    ///   - eagerFolders: the folders (below `prefix`, ending in `/`) whose
    ///     files are read in the one batch, with the files directly in the
    ///     folder (`kumiki.yml`); any other file (the rest of a repository
    ///     the site shares) is read only when asked for.
    ///   - same: files read from another side instead.
    init?(repository: SiteRepository, commit: String, prefix: String, eagerFolders: [String], same: SameFiles? = nil) {
        self.repository = repository
        self.commit = commit
        self.prefix = prefix
        self.same = same
        // Without `-l`: sizes make git open every object (18 ms of a
        // thousand loose ones); only the objects read here need them.
        var arguments = ["ls-tree", "-r", "-z", "--full-tree", "--end-of-options", commit]
        if !prefix.isEmpty { arguments += ["--", ":(literal)" + prefix] }
        guard let listing = repository.git.run(arguments) else { return nil }
        var files: [String: File] = [:]
        var submodules: Set<String> = []
        for record in listing.split(separator: 0) {
            // `MODE TYPE OBJECT\tPATH`
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 3, fields[1] == "blob" || fields[1] == "commit" else { continue }
            // A name that is not UTF-8 keeps its bytes, escaped: two such
            // names stay two files, named as a folder on disk names them.
            let name = record[(tab + 1)...]
            let decoded = String(validating: name, as: UTF8.self)
            let full = decoded ?? String(escapingInvalidUTF8: name)
            guard full.hasPrefix(prefix) else { continue }
            let path = String(full.dropFirst(prefix.count))
            if fields[1] == "commit" {
                submodules.insert(path)
                continue
            }
            files[path] = File(object: String(fields[2]), isSymbolicLink: fields[0] == "120000",
                               undecodablePart: decoded == nil ? Self.undecodablePart(of: name.dropFirst(prefix.utf8.count)) : nil)
        }
        self.files = files
        self.submodules = submodules
        let wanted = files.filter { path, file in
            !file.isSymbolicLink && same?.contains(path, file) != true
                && (!path.contains("/") || eagerFolders.contains { path.hasPrefix($0) })
        }.sorted { $0.key < $1.key }
        var sizes: [String: Int] = [:]
        var contents: [String: Data] = [:]
        if !wanted.isEmpty {
            let request = Data(wanted.map { $0.value.object + "\n" }.joined().utf8)
            guard let checked = repository.git.run(["cat-file", "--batch-check"], input: request) else { return nil }
            let lines = checked.split(separator: UInt8(ascii: "\n"))
            guard lines.count == wanted.count else { return nil }
            for ((path, _), line) in zip(wanted, lines) {
                // `OBJECT TYPE SIZE`
                guard let size = String(decoding: line, as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }) else { return nil }
                sizes[path] = size
            }
            let eager = wanted.filter { (sizes[$0.key] ?? 0) <= Self.eagerLimit }
            if !eager.isEmpty {
                let request = Data(eager.map { $0.value.object + "\n" }.joined().utf8)
                guard let batch = repository.git.run(["cat-file", "--batch"], input: request) else { return nil }
                var reader = BatchReader(data: batch)
                for (path, _) in eager {
                    guard let data = reader.next() else { return nil }
                    contents[path] = data
                }
            }
        }
        self.sizes = sizes
        self.contents = contents
    }

    /// The path, which is not UTF-8, up to its first part that is not,
    /// escaped.
    private static func undecodablePart(of path: Data) -> String {
        var parts: [Data] = []
        for part in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            parts.append(Data(part))
            if String(validating: part, as: UTF8.self) == nil { break }
        }
        return parts.map { String(escapingInvalidUTF8: $0) }.joined(separator: "/")
    }

    /// The bytes of the file at `path` below the folder.
    func contents(of path: String) -> Data? {
        if let known = contents[path] { return known }
        guard let file = files[path], !file.isSymbolicLink, file.undecodablePart == nil else { return nil }
        // A file git counts as unchanged may be missing from the working
        // tree (a sparse checkout): then it is read from its object.
        if let same, same.contains(path, file), let data = same.source.contents(of: path) { return data }
        return repository.git.run(["cat-file", "blob", file.object])
    }

    /// The size of the file at `path` below the folder.
    func size(of path: String) -> Int? {
        if let known = contents[path]?.count ?? sizes[path] { return known }
        guard let file = files[path], !file.isSymbolicLink else { return nil }
        if let same, same.contains(path, file), let size = same.source.size(of: path) { return Int(size) }
        return repository.git.text(["cat-file", "-s", file.object]).flatMap { Int($0) }
    }

    /// Reads `cat-file --batch`'s answers: `OBJECT TYPE SIZE\n`, the bytes,
    /// `\n`.
    private struct BatchReader {
        var data: Data
        var offset = 0

        mutating func next() -> Data? {
            let start = data.startIndex + offset
            guard let end = data[start...].firstIndex(of: 0x0A) else { return nil }
            let header = String(decoding: data[start..<end], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]), size >= 0, end + 1 + size <= data.endIndex else { return nil }
            let body = data[(end + 1)..<(end + 1 + size)]
            offset = end + 1 + size + 1 - data.startIndex
            return Data(body)
        }
    }
}
