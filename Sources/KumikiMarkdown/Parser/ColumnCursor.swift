import KumikiSupport

/// Turns the byte columns cmark gives into the character columns people
/// read, moving along a line from the last answer instead of counting from
/// the line's start each time.
///
/// A converted document asks for every node's start, in the order cmark's
/// iterator leaves the nodes: along a line, with a step back to a
/// container's start after its children. Counting from the start of the
/// line for each node made a line of many nodes quadratic: 10,000 links on
/// one line took 14 s. Moving from the last place costs the distance moved.
struct ColumnCursor {
    private var line = 0
    /// The byte offset of `index` in the line, and its 1-based column.
    private var byteOffset = 0
    private var column = 1
    private var index: Substring.Index?

    /// The location of a 1-based line and 1-based UTF-8 byte column: the
    /// character that holds the byte, as `characterColumn(ofUTF8Offset:)`
    /// counts.
    mutating func location(in source: SourceText, line number: Int, byteColumn: Int) -> SourceLocation {
        let text = source.line(number)
        let target = max(0, byteColumn - 1)
        if number != line || index == nil {
            (line, byteOffset, column, index) = (number, 0, 1, text.startIndex)
        }
        var index = self.index ?? text.startIndex
        while byteOffset > target, index > text.startIndex {
            let previous = text.index(before: index)
            byteOffset -= text.utf8.distance(from: previous, to: index)
            column -= 1
            index = previous
        }
        while index < text.endIndex {
            let next = text.index(after: index)
            let width = text.utf8.distance(from: index, to: next)
            if byteOffset + width > target { break }
            byteOffset += width
            column += 1
            index = next
        }
        self.index = index
        return SourceLocation(file: source.path, line: number, column: column)
    }
}
