/// A place in a source file, as editors and compilers count it.
///
/// Lines and columns start at 1. The column counts characters (Swift
/// `Character`s, i.e. grapheme clusters), not bytes, so `日本語` advances the
/// column by three and an emoji by one.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The file path as it should be printed (usually relative to the
    /// current directory).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in characters.
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, control characters in the path escaped (a file
    /// name may hold a line break).
    public var description: String { "\(file.escapingControlCharacters):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// This location moved down `lines` lines, at `column`.
    ///
    /// Used to turn a position inside an embedded text (a layout block, the
    /// front matter) into a position in the enclosing file.
    public func offset(lines: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line + lines, column: column)
    }
}

extension String {
    /// The 1-based character column of a UTF-8 byte offset into one line.
    ///
    /// cmark and most C parsers report byte columns; Kumiki prints character
    /// columns. Offsets inside a multi-byte character round down to it.
    public func characterColumn(ofUTF8Offset offset: Int) -> Int {
        var column = 1
        var consumed = 0
        for character in self {
            let width = character.utf8.count
            if consumed + width > offset { break }
            consumed += width
            column += 1
        }
        return column
    }
}
