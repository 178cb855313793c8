/// A fix a diagnostic proposes: replace the text from `start` up to `end`
/// (excluded, on the same file) with `text`. A "did you mean" is one; an
/// editor offers it as a quick fix, `kumiki check --format json` prints it.
public struct SuggestedEdit: Hashable, Sendable, Codable {
    public var start: SourceLocation
    /// Where the replaced text ends, excluded; `start` for an insertion.
    public var end: SourceLocation
    public var text: String

    public init(replacing start: SourceLocation, through end: SourceLocation, with text: String) {
        self.start = start
        self.end = end
        self.text = text
    }

    /// The replacement of `length` characters from `start` on its line.
    public init(replacing length: Int, at start: SourceLocation, with text: String) {
        self.init(replacing: start, through: start.offset(lines: 0, column: start.column + length), with: text)
    }
}
