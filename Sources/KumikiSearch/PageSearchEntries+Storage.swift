import Foundation

extension PageSearchEntries {
    private static let magic = "KUMIKI-SEARCH 1"

    /// The entries as the build cache stores them: a header (magic, slug,
    /// row count, the script's length in bytes), the script, then one line
    /// per term (`TERM TAB POSTINGS`). Plain text, because a warm build of a
    /// large site reads one per page and a decoder's cost would show.
    public var stored: Data {
        var text = "\(Self.magic)\n\(slug)\n\(rowCount)\n\(script.utf8.count)\n\(script)"
        for (term, list) in zip(terms, postings) {
            text += term
            text += "\t"
            text += list.map(String.init).joined(separator: ",")
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// Entries read back from `stored`; nil for anything else.
    public init?(stored data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var rest = Substring(text)
        func line() -> Substring? {
            guard let end = rest.firstIndex(of: "\n") else { return nil }
            defer { rest = rest[rest.index(after: end)...] }
            return rest[..<end]
        }
        guard line() == Substring(Self.magic), let slug = line(), let rows = line().flatMap({ Int($0) }),
              let scriptLength = line().flatMap({ Int($0) }) else { return nil }
        let utf8 = rest.utf8
        guard let scriptEnd = utf8.index(utf8.startIndex, offsetBy: scriptLength, limitedBy: utf8.endIndex),
              let script = String(utf8[utf8.startIndex..<scriptEnd]) else { return nil }
        rest = rest[scriptEnd...]
        var terms: [String] = [], postings: [[Int32]] = []
        while let entry = line() {
            guard let tab = entry.firstIndex(of: "\t") else { return nil }
            terms.append(String(entry[..<tab]))
            let list = entry[entry.index(after: tab)...].split(separator: ",").compactMap { Int32($0) }
            postings.append(list)
        }
        guard rest.isEmpty else { return nil }
        self.init(slug: String(slug), rowCount: rows, terms: terms, postings: postings, script: script)
    }
}
