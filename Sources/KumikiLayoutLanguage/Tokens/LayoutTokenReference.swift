import KumikiSupport

/// A design token named in a layout block: `{spacing.m}` as written.
///
/// The block keeps the alias (its source on the page shows it), and the
/// front end replaces it by the value the environment's token table gives;
/// the site reads these to say where each token is used and to key a
/// block's stored work by the values of the tokens it uses.
public struct LayoutTokenReference: Hashable, Sendable {
    /// The token's dotted path as written between the braces
    /// (`spacing.m`, `color.accent.$root`).
    public var path: String
    /// Where the opening brace is, in the Markdown file.
    public var location: SourceLocation
    /// The block's line (0-based) and the columns the reference spans,
    /// braces included, in characters.
    public var line: Int
    public var columns: Range<Int>

    public init(path: String, location: SourceLocation, line: Int, columns: Range<Int>) {
        self.path = path
        self.location = location
        self.line = line
        self.columns = columns
    }
}
