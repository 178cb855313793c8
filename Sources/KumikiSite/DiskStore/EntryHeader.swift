import Foundation

/// The three lines every entry of the build store starts with: the kind of
/// entry and its version (`magic`), the key it is stored under, and the
/// sizes and checksum of what follows, separated by spaces.
///
/// Reading them first lets a reader tell a whole entry of its own from a
/// truncated, damaged or foreign one before it decodes anything.
enum EntryHeader {
    /// The longest a header line may be.
    static let maximumLineLength = 256

    /// The fields of the third line, and where the entry's body starts,
    /// when `data` starts with the lines `magic` and `key`; `nil` otherwise.
    static func read(_ data: Data, magic: String, key: String) -> (fields: [Substring], bodyStart: Data.Index)? {
        // The first two lines are compared as bytes: a warm build reads
        // the header of every page it keeps, and making them strings showed.
        var lines: [Range<Data.Index>] = []
        var start = data.startIndex
        for _ in 0..<3 {
            guard let newline = data[start...].prefix(maximumLineLength).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lines.append(start..<newline)
            start = data.index(after: newline)
        }
        guard data[lines[0]].elementsEqual(magic.utf8), data[lines[1]].elementsEqual(key.utf8) else { return nil }
        return (String(decoding: data[lines[2]], as: UTF8.self).split(separator: " "), start)
    }
}
