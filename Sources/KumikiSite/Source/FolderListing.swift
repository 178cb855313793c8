import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and symbolic links below a folder, read with `readdir`.
///
/// Every build and every preview rebuild lists the content folder, and
/// Foundation's enumerator with resource values spent a seventh of a
/// thousand-page rebuild of the preview server doing it; the kernel says
/// what each entry is in the same call that names it.
enum FolderListing {
    typealias Entry = SiteSourceEntry

    /// Every regular file and symbolic link below `folder`, in no
    /// particular order. Hidden entries (a name starting with `.`) are left
    /// out, hidden folders are not entered, symbolic links are listed and
    /// never followed, and the folder at `excluded` (an absolute path) is
    /// skipped with everything in it.
    static func entries(of folder: String, excluding excluded: String? = nil) -> [Entry] {
        var found: [Entry] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let stream = opendir(absolute) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name.hasPrefix(".") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch kind(of: entry.pointee.d_type, at: folder + "/" + path) {
                case .folder:
                    if folder + "/" + path != excluded { pending.append(path) }
                case .file:
                    found.append(Entry(path: path, kind: .file))
                case .symbolicLink:
                    found.append(Entry(path: path, kind: .symbolicLink))
                case .other:
                    continue
                }
            }
        }
        return found
    }

    private enum EntryKind { case folder, file, symbolicLink, other }

    /// What `readdir` said an entry is; asked of `lstat` when the file
    /// system did not say.
    private static func kind(of type: UInt8, at path: String) -> EntryKind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_REG): return .file
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_UNKNOWN):
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .file
            case S_IFLNK: return .symbolicLink
            default: return .other
            }
        default: return .other
        }
    }
}
