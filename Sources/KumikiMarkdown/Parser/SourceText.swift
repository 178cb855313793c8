import Foundation
import KumikiSupport

/// The text of one Markdown file, split into lines, for turning the byte
/// positions parsers report into character positions people read.
public struct SourceText: Sendable {
    /// The path printed in diagnostics.
    public let path: String
    /// The whole text.
    public let text: String
    /// The lines without their `"\n"` terminators.
    public let lines: [Substring]

    /// - Parameter text: Text with `"\n"` line endings, as `InputText` makes
    ///   every file Kumiki reads; a `"\r"` is an ordinary character here.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        // Line endings are already LF: `InputText` normalised them.
        lines = text.linesAtNewlineBytes
    }

    /// The text of a 1-based line, or an empty string past the end.
    public func line(_ number: Int) -> Substring {
        lines.indices.contains(number - 1) ? lines[number - 1] : ""
    }

    /// The location of the first occurrence of `needle` on a line at or after
    /// `line`, up to `lastLine`; the start of `line` when it is not found.
    public func locate(_ needle: String, from line: Int, through lastLine: Int? = nil) -> SourceLocation {
        let last = min(lastLine ?? line, lines.count)
        if line <= last {
            for number in line...last {
                let text = self.line(number)
                if let range = text.range(of: needle) {
                    let column = text.distance(from: text.startIndex, to: range.lowerBound) + 1
                    return SourceLocation(file: path, line: number, column: column)
                }
            }
        }
        return SourceLocation(file: path, line: line, column: 1)
    }
}
