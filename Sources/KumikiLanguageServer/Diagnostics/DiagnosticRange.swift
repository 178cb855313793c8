import Foundation
import KumikiSupport

/// The stretch of text a diagnostic is about.
///
/// A diagnostic that knows its end (`Diagnostic.end`: a misspelt word, a
/// link's destination) is that range. Otherwise it is a point, and an
/// editor underlines a range: when the message quotes what the author
/// wrote and the line holds that text at the point, the range is that
/// text, or the word at the point (letters, digits and `_ - . # @`) or the
/// quoted text that starts there when that is longer; else the one
/// character there, or nothing past the line's end.
enum DiagnosticRange {
    static func range(of diagnostic: Diagnostic, in text: DocumentText, encoding: PositionEncoding) -> TextRange {
        guard let location = diagnostic.location else {
            return TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        }
        let start = text.position(line: location.line, column: location.column, encoding: encoding)
        if let end = diagnostic.end, end.file == location.file {
            return TextRange(start: start, end: text.position(line: end.line, column: end.column, encoding: encoding))
        }
        guard let line = text.line(start.line) else { return TextRange(start: start, end: start) }
        let rest = line.dropFirst(max(0, location.column - 1))
        let length = tokenLength(in: rest, message: diagnostic.message)
        let end = Position(line: start.line, character: start.character + encoding.length(of: rest.prefix(length)))
        return TextRange(start: start, end: end)
    }

    /// How many characters of `rest` (the line from the point on) the
    /// diagnostic is about.
    static func tokenLength(in rest: Substring, message: String) -> Int {
        let quoted = quotations(in: message).filter { !$0.isEmpty && rest.hasPrefix($0) }.map(\.count).max() ?? 0
        // A point on a quoted text (a view's label) is about all of it: to
        // its closing quote, or to the line's end when it has none.
        if rest.first == "\"" {
            let inside = rest.dropFirst().prefix { $0 != "\"" }
            let closed = inside.count + 1 < rest.count
            return max(quoted, 1 + inside.count + (closed ? 1 : 0))
        }
        // A link's target is one word with its anchor (`page.md#anchor`),
        // though the message may quote only the page.
        let word = rest.prefix(while: isWordCharacter).count
        if max(quoted, word) > 0 { return max(quoted, word) }
        guard let first = rest.first, !first.isWhitespace else { return 0 }
        return 1
    }

    /// The texts between single quotes (`'…'`) or Japanese brackets in a
    /// message, where Kumiki's messages quote the input.
    static func quotations(in message: String) -> [Substring] {
        var found: [Substring] = []
        for (open, close) in [("'", "'"), ("「", "」"), ("`", "`")] {
            var remainder = message[...]
            while let start = remainder.range(of: open) {
                let after = remainder[start.upperBound...]
                guard let end = after.range(of: close) else { break }
                found.append(after[..<end.lowerBound])
                remainder = after[end.upperBound...]
            }
        }
        return found
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-.#@".contains(character)
    }
}
