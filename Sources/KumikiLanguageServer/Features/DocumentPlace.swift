import Foundation
import KumikiLayoutLanguage
import KumikiSupport

/// A position in an open document as a request names it, in Kumiki's terms:
/// the 1-based line and character column, the line's text, and the site the
/// document belongs to.
struct DocumentPlace {
    let document: OpenDocument
    let encoding: PositionEncoding
    let workspace: SiteWorkspace?
    /// The 1-based line.
    let line: Int
    /// The 1-based character column of the position.
    let column: Int
    /// The line's text, without its ending.
    let lineText: Substring

    init(document: OpenDocument, position: Position, encoding: PositionEncoding, workspace: SiteWorkspace?) {
        self.document = document
        self.encoding = encoding
        self.workspace = workspace
        line = position.line + 1
        column = document.text.column(of: position, encoding: encoding)
        lineText = document.text.line(position.line) ?? ""
    }

    /// The line's text before the position.
    var prefix: Substring { lineText.prefix(column - 1) }

    /// The document's path relative to its site's root.
    var relativePath: String? {
        guard let path = document.uri.path else { return nil }
        return workspace?.relativePath(of: path)
    }

    /// The document's layout blocks, read with the site's tokens.
    var layoutBlocks: [LayoutBlockOutline] {
        LayoutBlockOutline.blocks(in: document.text.text, displayPath: relativePath ?? document.uri.text,
                                  tokens: workspace?.layoutTokenTable ?? .empty)
    }

    /// The LSP range of `length` characters that end at the position (the
    /// word being completed).
    func rangeEndingHere(length: Int) -> TextRange {
        TextRange(start: position(column: column - length), end: position(column: column))
    }

    /// The LSP position of a 1-based character column on this line.
    func position(column: Int) -> Position {
        document.text.position(line: line, column: column, encoding: encoding)
    }

    /// The LSP range of `length` characters from a 1-based line and
    /// character column of the document.
    func range(line: Int, column: Int, length: Int) -> TextRange {
        TextRange(start: document.text.position(line: line, column: column, encoding: encoding),
                  end: document.text.position(line: line, column: column + length, encoding: encoding))
    }

    /// The word (letters, digits, `_`, `-`) around the position, with its
    /// first column; `nil` between words.
    var word: (text: String, column: Int)? {
        let characters = Array(lineText)
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" || character == "-" }
        var start = min(column - 1, characters.count)
        var end = start
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(characters[start..<end]), start + 1)
    }
}
