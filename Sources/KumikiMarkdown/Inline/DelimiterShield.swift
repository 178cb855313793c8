/// Hides every `*` and `_` that could delimit emphasis from libcmark, so
/// that Kumiki decides emphasis itself (`EmphasisResolver`), by the
/// CJK-friendly rules, where cmark would have decided it by CommonMark's.
///
/// Why this way: libcmark stays the parser of blocks, links, code, HTML and
/// escapes, but its flanking rules are fixed inside it, and the tree it
/// returns cannot be re-paired afterwards: it has merged the text of escaped
/// `\*` and `&#42;` with the unpaired delimiters, and an `<em>` it made no
/// longer says whether it came from `*` or `_`. So before cmark sees the
/// text, each candidate delimiter is replaced by a one-byte sentinel (an
/// ASCII control character the page does not contain). cmark takes a
/// sentinel for an ordinary character and pairs nothing; every sentinel in
/// its text nodes is then a delimiter the author wrote, while every `*` or
/// `_` in them is literal (escaped or an entity). Replacing one byte by one
/// byte keeps every source position cmark reports.
///
/// Left alone, because cmark reads them as structure, not as delimiters:
/// - list markers and thematic breaks at the start of a line (a `*`
///   followed by a space or the line's end never delimits emphasis anyway);
/// - an escaped `\*` or `\_`;
/// - autolinks and HTML tags, whose syntax allows `_` and `*` (attribute
///   names, e-mail addresses) but not control characters.
///
/// The sentinels that reach anything other than emphasis (code, URLs, raw
/// HTML, titles) are turned back by `restore(_:)`.
struct DelimiterShield: Sendable {
    /// The byte standing for `*`, and the one standing for `_`.
    let star: UInt8
    let underscore: UInt8

    /// Control characters that never mean anything to CommonMark (not
    /// whitespace, not NUL).
    private static let candidates: [UInt8] = [0x1C, 0x1D, 0x1E, 0x1F] + Array(0x01...0x08) + Array(0x0E...0x1B)

    /// A shield whose sentinels do not occur in `text`; `nil` in the absurd
    /// case of a page holding every candidate (it is then parsed by cmark's
    /// own rules).
    init?(for text: String) {
        var present = Set<UInt8>()
        for byte in text.utf8 where byte < 0x20 { present.insert(byte) }
        let free = Self.candidates.filter { !present.contains($0) }
        guard free.count >= 2 else { return nil }
        star = free[0]
        underscore = free[1]
    }

    /// The delimiter a sentinel byte stands for.
    func delimiter(for byte: UInt8) -> Character? {
        byte == star ? "*" : byte == underscore ? "_" : nil
    }

    /// The text with its candidate delimiters replaced by sentinels.
    func shield(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var scanner = Scanner(bytes: bytes)
        while let index = scanner.nextDelimiter() {
            bytes[index] = bytes[index] == UInt8(ascii: "*") ? star : underscore
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text from cmark with every sentinel turned back into its `*` or `_`.
    func restore(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == star || $0 == underscore }) else { return text }
        let bytes = text.utf8.map { $0 == star ? UInt8(ascii: "*") : $0 == underscore ? UInt8(ascii: "_") : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Finds, left to right, the `*` and `_` that may delimit emphasis.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var atLineStart = true

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func nextDelimiter() -> Int? {
            while index < bytes.count {
                if atLineStart {
                    atLineStart = false
                    index = endOfLineStructure(from: index)
                    continue
                }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\n"):
                    atLineStart = true
                    index += 1
                case UInt8(ascii: "\\"):
                    // An escaped character is literal; `\\` escapes itself.
                    index += index + 1 < bytes.count && bytes[index + 1].isASCIIPunctuation ? 2 : 1
                case UInt8(ascii: "<"):
                    index = HTMLTagSyntax.end(of: bytes, at: index) ?? index + 1
                case UInt8(ascii: "*"), UInt8(ascii: "_"):
                    index += 1
                    return index - 1
                default:
                    index += 1
                }
            }
            return nil
        }

        /// Past the container markers (`>`, list markers) and indentation
        /// that open a line, and past the whole line when it is a thematic
        /// break of `*` or `_`.
        private func endOfLineStructure(from start: Int) -> Int {
            var position = start
            func isBlank(_ at: Int) -> Bool {
                at >= bytes.count || bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") || bytes[at] == UInt8(ascii: "\n")
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") {
                    position += 1
                } else if (byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && isBlank(position + 1) {
                    position += 1
                } else if (0x30...0x39).contains(byte) {
                    var end = position
                    while end < bytes.count, end - position < 9, (0x30...0x39).contains(bytes[end]) { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"), isBlank(end + 1) else { break }
                    position = end + 1
                } else {
                    break
                }
            }
            var lineEnd = position
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let marks = bytes[position..<lineEnd].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            if marks.count >= 3, let first = marks.first, first == UInt8(ascii: "*") || first == UInt8(ascii: "_"),
               marks.allSatisfy({ $0 == first }) {
                return lineEnd
            }
            return position
        }
    }
}

extension UInt8 {
    /// ASCII punctuation, the characters a backslash escapes.
    var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(self) || (0x3A...0x40).contains(self) || (0x5B...0x60).contains(self) || (0x7B...0x7E).contains(self)
    }
}
