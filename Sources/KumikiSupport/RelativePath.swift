/// Paths written in one file of a folder and naming another file of it:
/// a link on a page, a resolver's source, a token file in `kumiki.yml`.
public enum RelativePath {
    /// The path from the folder of `reference`, written in the file at
    /// `file` (both `/`-separated and relative to the folder), with `.` and
    /// `..` worked out; `nil` when `..` climbs out of the folder. An empty
    /// result is the folder itself.
    public static func resolve(_ reference: String, from file: String) -> String? {
        var parts = file.split(separator: "/").dropLast().filter { $0 != "." }.map(String.init)
        for component in reference.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            default: parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The reference the file at `file` writes to name the file at `target`
    /// (both `/`-separated, from one folder): the inverse of `resolve`,
    /// `b.md`, `guide/b.md`, `../b.md`. A file's own name is never taken
    /// for a folder of the same name.
    public static func reference(to target: String, from file: String) -> String {
        let base = file.split(separator: "/").dropLast()
        let parts = target.split(separator: "/")
        var shared = 0
        while shared < base.count, shared < parts.count - 1, base[base.startIndex + shared] == parts[shared] { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        return (up + parts.dropFirst(shared).map(String.init)).joined(separator: "/")
    }

    /// `resolve(_:from:)` for a reference that must name a file inside
    /// the folder: `nil` also when it is absolute or names the folder.
    public static func file(_ reference: String, from file: String) -> String? {
        guard !reference.isEmpty, !reference.hasPrefix("/"), let path = resolve(reference, from: file), !path.isEmpty else { return nil }
        return path
    }
}
