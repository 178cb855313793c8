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
    func lineRange(_ line: Int) -> Range<String.Index>? {
        guard line >= 0 else { return nil }
        let bytes = text.utf8
        var index = bytes.startIndex
        var current = 0
        var lineStart = index
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if current == line { return lineStart..<index }
                var next = bytes.index(after: index)
                if byte == 0x0D, next < bytes.endIndex, bytes[next] == 0x0A { next = bytes.index(after: next) }
                current += 1
                index = next
                lineStart = next
            } else {
                index = bytes.index(after: index)
            }
        }
        return current == line ? lineStart..<bytes.endIndex : nil
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
        // Edited as scalars: a range may start or end inside a character
        // (a combining mark typed after its base), and String's own
        // replacement would move such an index to the character's start.
        text.unicodeScalars.replaceSubrange(lower..<upper, with: replacement.unicodeScalars)
    }
}
