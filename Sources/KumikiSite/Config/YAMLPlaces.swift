import KumikiSupport
import Yams

/// Where the nodes of one YAML text are, as diagnostics give places: the
/// file, the line the text starts on (front matter starts on a page's
/// second line), and columns in characters.
///
/// Yams counts columns in code points: a flag, an emoji of several code
/// points or a letter with a combining accent before a problem moved it
/// to the right. Every place in `kumiki.yml` and front matter is made here,
/// from the text's own lines.
struct YAMLPlaces: Sendable {
    let file: String
    let firstLine: Int
    private let lines: [Substring]

    init(file: String, text: String, firstLine: Int) {
        self.file = file
        self.firstLine = firstLine
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The place of a node (its first line when Yams gives it none).
    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: firstLine, column: 1) }
        return location(line: mark.line, scalarColumn: mark.column)
    }

    /// The place of a 1-based line of the text and a 1-based column in code
    /// points, as Yams gives them.
    func location(line: Int, scalarColumn: Int) -> SourceLocation {
        SourceLocation(file: file, line: firstLine + line - 1, column: Self.column(ofScalarOffset: scalarColumn - 1,
                                                                                  in: lines.indices.contains(line - 1) ? lines[line - 1] : ""))
    }

    /// The 1-based character column of the code point `offset` places into
    /// `line` (the character that holds it).
    static func column(ofScalarOffset offset: Int, in line: Substring) -> Int {
        var column = 1, passed = 0
        for character in line {
            let width = character.unicodeScalars.count
            if passed + width > offset { break }
            passed += width
            column += 1
        }
        return column + max(0, offset - passed - (line.unicodeScalars.count - passed))
    }
}
