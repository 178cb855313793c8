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
        var lines: [String] = []
        var start = data.startIndex
        for _ in 0..<3 {
            guard let newline = data[start...].prefix(maximumLineLength).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            lines.append(String(decoding: data[start..<newline], as: UTF8.self))
            start = data.index(after: newline)
        }
        guard lines[0] == magic, lines[1] == key else { return nil }
        return (lines[2].split(separator: " "), start)
    }
}
