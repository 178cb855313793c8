import Foundation
import KumikiSupport
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
                let (name, undecodable) = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { Self.name($0) }
                }
                if name.hasPrefix(".") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                if let undecodable {
                    // No path made of the escaped name opens the entry; it is
                    // listed so that it is refused by name, and a folder is
                    // not entered.
                    let isFolder = entry.pointee.d_type == DT_DIR
                        || entry.pointee.d_type == DT_UNKNOWN && Self.isFolder(named: undecodable, in: absolute)
                    found.append(Entry(path: path, kind: .nameNotUTF8(folder: isFolder)))
                    continue
                }
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

    /// An entry's name as text, and its bytes when they are not UTF-8: the
    /// text then shows every byte, those that are not UTF-8 written `\xFF`
    /// (`String(escapingInvalidUTF8:)`), for diagnostics to name the entry.
    private static func name(_ name: UnsafePointer<CChar>) -> (String, undecodable: [UInt8]?) {
        if let text = String(validatingCString: name) { return (text, nil) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name)))
        return (String(escapingInvalidUTF8: bytes), bytes)
    }

    /// Whether the entry of `parent` named by `name` (bytes that are not
    /// UTF-8) is a folder, asked of `lstat`.
    private static func isFolder(named name: [UInt8], in parent: String) -> Bool {
        let path = Array(parent.utf8) + [UInt8(ascii: "/")] + name + [0]
        var status = stat()
        let found = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &status) == 0 }
        }
        return found && status.st_mode & S_IFMT == S_IFDIR
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
