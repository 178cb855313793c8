#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document's text as the editor holds it, and the conversion between
/// LSP positions and Kumiki's places in it.
///
/// LSP counts a position's `character` in the negotiated encoding; Kumiki
/// counts columns in characters (grapheme clusters), from 1. Both count
/// lines the same way: `"\n"`, `"\r\n"` and a lone `"\r"` each end one
/// (`InputText` turns all three into `"\n"` before Kumiki reads a page), so
/// only the column needs converting, and always within one line.
public struct DocumentText: Hashable, Sendable {
    public private(set) var text: String

    public init(_ text: String) { self.text = text }

    /// The text of line `line` (0-based) without its line ending; `nil`
    /// past the last line.
    public func line(_ line: Int) -> Substring? {
        guard let range = lineRange(line) else { return nil }
        return text[range]
    }

    /// The range of line `line`'s text, without its ending.
    ///
    /// Line ends are found with `memchr` over the UTF-8 bytes: a document of
    /// ten megabytes is searched on every change, and a byte-by-byte loop
    /// over `String.UTF8View` took most of a change's time.
    func lineRange(_ line: Int) -> Range<String.Index>? {
        guard line >= 0 else { return nil }
        var text = self.text
        let offsets: Range<Int>? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return line == 0 ? 0..<0 : nil }
            let count = bytes.count
            // The next "\n" and "\r" at or after an offset (`count` when
            // none), each searched again only once passed.
            func next(_ byte: UInt8, from offset: Int) -> Int {
                guard offset < count, let found = memchr(base + offset, Int32(byte), count - offset) else { return count }
                return UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            var nextLF = next(0x0A, from: 0)
            var nextCR = next(0x0D, from: 0)
            var lineStart = 0
            var current = 0
            while true {
                let end = min(nextLF, nextCR)
                if current == line { return lineStart..<end }
                guard end < count else { return nil }
                var after = end + 1
                if end == nextCR, after < count, base[after] == 0x0A { after += 1 }
                if nextLF < after { nextLF = next(0x0A, from: after) }
                if nextCR < after { nextCR = next(0x0D, from: after) }
                lineStart = after
                current += 1
            }
        }
        guard let offsets else { return nil }
        let utf8 = self.text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return lower..<utf8.index(lower, offsetBy: offsets.count)
    }

    /// How many lines the text has, counted as `lineRange` counts them (an
    /// empty text, or one ending in a line break, has a last empty line).
    public var lineCount: Int {
        var count = 1
        var afterCR = false
        for byte in text.utf8 {
            if byte == 0x0A {
                if !afterCR { count += 1 }
                afterCR = false
            } else {
                if byte == 0x0D { count += 1 }
                afterCR = byte == 0x0D
            }
        }
        return count
    }

    /// The index of `position` in the text. A `character` past the end of
    /// its line means the line's end, and a line past the last means the
    /// text's end, as LSP asks; an offset inside a character's units (half
    /// a surrogate pair, the middle of a UTF-8 sequence) means the start
    /// of that character's scalar.
    public func index(of position: Position, encoding: PositionEncoding) -> String.Index {
        guard let range = lineRange(position.line) else { return text.endIndex }
        var counted = 0
        var index = range.lowerBound
        let scalars = text.unicodeScalars
        while index < range.upperBound {
            let width = encoding.width(of: scalars[index])
            if counted + width > position.character { break }
            counted += width
            index = scalars.index(after: index)
        }
        return index
    }

    /// The LSP position of the 1-based line and character column Kumiki
    /// reports; a column past the end of the line is the line's end.
    public func position(line: Int, column: Int, encoding: PositionEncoding) -> Position {
        let zeroBased = max(0, line - 1)
        guard let text = self.line(zeroBased) else { return Position(line: zeroBased, character: 0) }
        let prefix = text.prefix(max(0, column - 1))
        return Position(line: zeroBased, character: encoding.length(of: prefix))
    }

    /// The 1-based character column of `position` on its line, as Kumiki
    /// counts it; inside a character (before a combining mark of it), the
    /// column of that character.
    public func column(of position: Position, encoding: PositionEncoding) -> Int {
        guard let range = lineRange(position.line) else { return 1 }
        let index = self.index(of: position, encoding: encoding)
        let line = text[range]
        var column = 1
        var current = line.startIndex
        while current < line.endIndex {
            let next = line.index(after: current)
            if next > index { break }
            column += 1
            current = next
        }
        return column
    }

    /// Replaces `range` (`nil`: the whole text) with `replacement`.
    public mutating func replace(_ range: TextRange?, with replacement: String, encoding: PositionEncoding) {
        guard let range else {
            text = replacement
            return
        }
        var lower = index(of: range.start, encoding: encoding)
        var upper = index(of: range.end, encoding: encoding)
        if upper < lower { swap(&lower, &upper) }
        // Joined as UTF-8 bytes: a range may start or end inside a
        // character (a combining mark typed after its base), where String's
        // own replacement would move the index to the character's start;
        // both indices are on scalar boundaries, so the bytes stay valid.
        // Copying the two parts whole is also what keeps an edit of a
        // ten-megabyte document fast.
        let utf8 = text.utf8
        var edited = String(Substring(utf8[utf8.startIndex..<lower]))
        edited.reserveCapacity(utf8.count + replacement.utf8.count)
        edited += replacement
        edited += Substring(utf8[upper...])
        text = edited
    }
}
