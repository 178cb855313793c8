import Foundation
import KumikiSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the last build left in an output folder: for every file, the
/// fingerprint of what it was made from and the file's stamp as written.
///
/// A later build of the same output compares both: a file whose
/// fingerprint is unchanged and whose stamp shows nobody touched it is
/// kept where it is (`IncrementalOutput`). Kept in the build store, never
/// in the output folder, so nothing of it is published.
struct OutputManifest: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var fingerprint: String
        var stamp: FileStamp
    }

    /// The output folder it describes (its symbolic link resolved), and
    /// the folder's inode: a build that replaced the folder whole without
    /// a manifest (`--no-cache`, another build of Kumiki) gave it a new one.
    var destination: String
    var folderInode: UInt64
    var entries: [String: Entry] = [:]

    private static let magic = "KUMIKI-OUTPUT 1"

    /// The fingerprint of a file nothing else identifies: its bytes.
    static func fingerprint(of data: Data) -> String {
        var hash = StableHash()
        hash.combine("bytes:\(data.count):")
        hash.combine(bulk: data)
        return hash.hex
    }

    /// One line per file, `FINGERPRINT SIZE SECONDS NANOSECONDS INODE PATH`,
    /// sorted by path; the path comes last so it may hold spaces. Written
    /// as bytes: a thousand-page site has thousands of lines, and one
    /// string each was a visible part of a one-page rebuild.
    func encoded() -> Data {
        var bytes = Array("\(Self.magic)\n\(destination)\n\(folderInode)\n".utf8)
        bytes.reserveCapacity(bytes.count + entries.count * 96)
        for path in entries.keys.sorted() {
            guard let entry = entries[path] else { continue }
            let stamp = entry.stamp
            bytes += entry.fingerprint.utf8
            for number in [stamp.size, stamp.seconds, stamp.nanoseconds] {
                bytes.append(UInt8(ascii: " "))
                bytes += String(number).utf8
            }
            bytes.append(UInt8(ascii: " "))
            bytes += String(stamp.inode).utf8
            bytes.append(UInt8(ascii: " "))
            bytes += path.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// The manifest in `data`; `nil` when it is damaged or describes
    /// another folder. Read from the bytes, fields found by their spaces.
    static func decode(_ data: Data, destination: String, folderInode: UInt64) -> OutputManifest? {
        data.withUnsafeBytes { buffer -> OutputManifest? in
            var lines: [Range<Int>] = []
            buffer.forEachLineRange { lines.append($0) }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            guard lines.count >= 4, text(lines[0]) == magic, text(lines[1]) == destination,
                  text(lines[2]) == String(folderInode), lines[lines.count - 1].isEmpty else { return nil }
            var manifest = OutputManifest(destination: destination, folderInode: folderInode)
            manifest.entries.reserveCapacity(lines.count - 4)
            for line in lines[3..<(lines.count - 1)] {
                // Five fields end at a space each; the path is the rest.
                var fields: [Range<Int>] = []
                var start = line.lowerBound
                for index in line where fields.count < 5 && buffer[index] == UInt8(ascii: " ") {
                    fields.append(start..<index)
                    start = index + 1
                }
                guard fields.count == 5, start < line.upperBound, !fields[0].isEmpty,
                      let size = number(in: buffer, fields[1]).flatMap(Int64.init(exactly:)),
                      let seconds = number(in: buffer, fields[2]).flatMap(Int64.init(exactly:)),
                      let nanoseconds = number(in: buffer, fields[3]).flatMap(Int64.init(exactly:)),
                      let inode = number(in: buffer, fields[4]),
                      let path = String(validating: UnsafeRawBufferPointer(rebasing: buffer[start..<line.upperBound]), as: UTF8.self)
                else { return nil }
                manifest.entries[path] = Entry(
                    fingerprint: text(fields[0]),
                    stamp: FileStamp(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode))
            }
            return manifest
        }
    }

    /// A field's number (`DecimalText.value(ofDigits:)`).
    private static func number(in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        DecimalText.value(ofDigits: UnsafeRawBufferPointer(rebasing: buffer[range]))
    }

    /// Whether every path can be written down one per line.
    var isRecordable: Bool { !entries.keys.contains { $0.utf8.contains(UInt8(ascii: "\n")) } }

    /// Where the manifest of `destination` is kept in a folder of manifests:
    /// one file per output folder, named by a hash of its path.
    static func location(of destination: URL, in folder: URL) -> URL {
        var hash = StableHash()
        hash.combine(field: destination.path)
        return folder.appendingPathComponent("output-\(hash.hex)")
    }

    /// The manifest stored at `url` for `destination`; `nil` when there is
    /// none, or it is damaged or describes another folder.
    static func load(from url: URL, destination: URL) -> OutputManifest? {
        guard let inode = folderInode(of: destination),
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return decode(data, destination: destination.path, folderInode: inode)
    }

    /// The inode of the folder at `url`; `nil` when it is not a folder.
    static func folderInode(of url: URL) -> UInt64? {
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return UInt64(status.st_ino)
    }

    /// Stores the manifest at `url`, written aside and renamed into place.
    /// A failure only costs the next build its shortcut.
    func store(at url: URL) {
        guard isRecordable else { return }
        AtomicFile.replace(url, with: encoded())
    }
}

/// What tells a file apart from a replaced or edited one without reading
/// it: size, modification time to the nanosecond and inode. A rename keeps
/// all three, so a file staged aside and moved into place keeps its stamp.
public struct FileStamp: Sendable, Equatable {
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64
    var inode: UInt64

    init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.inode = inode
    }

    init(_ status: stat) {
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        self.init(size: Int64(status.st_size), seconds: Int64(modified.tv_sec),
                  nanoseconds: Int64(modified.tv_nsec), inode: UInt64(status.st_ino))
    }

    /// The stamp of the regular file at `path`; `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(status)
    }

    /// The stamp of an open file.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
