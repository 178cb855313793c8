/// Link destinations as written on one line of Markdown (`[text](dest)`),
/// for completion and hover; the build reads links from the parsed page,
/// an editor needs them while they are half typed.
struct LinkDestination: Hashable {
    /// The destination as written so far.
    var text: String
    /// Its first character's 1-based column.
    var column: Int
    /// Whether a `)` or a space ends it on the line.
    var closed: Bool

    /// The path before `#` and the fragment after it.
    var path: Substring { text.prefix { $0 != "#" } }
    var fragment: Substring? {
        guard let hash = text.firstIndex(of: "#") else { return nil }
        return text[text.index(after: hash)...]
    }

    /// Every destination on `line`, in order.
    static func all(in line: Substring) -> [LinkDestination] {
        let characters = Array(line)
        var found: [LinkDestination] = []
        var index = 0
        while index + 1 < characters.count {
            guard characters[index] == "]", characters[index + 1] == "(" else {
                index += 1
                continue
            }
            let start = index + 2
            var end = start
            while end < characters.count, characters[end] != ")", !characters[end].isWhitespace { end += 1 }
            found.append(LinkDestination(text: String(characters[start..<end]), column: start + 1, closed: end < characters.count))
            index = end
        }
        return found
    }

    /// The destination the 1-based `column` is in (its end included, where
    /// a cursor stands while typing it).
    static func at(column: Int, in line: Substring) -> LinkDestination? {
        all(in: line).first { $0.column <= column && column <= $0.column + $0.text.count }
    }
}
