/// One row of a page as search sees it: its anchor, the texts in each
/// language it is written in, and the section it belongs to.
public struct SearchRow: Sendable, Hashable, Codable {
    /// The row's element id (`RowAnchor`); empty for the page's title.
    public var anchor: String
    /// The index, among the page's rows, of the heading (or title) row that
    /// opens this row's section; a heading row points at itself.
    public var section: Int
    public var english: String
    public var japanese: String
    /// A heading or the title: ranked above body text.
    public var isHeading: Bool

    public init(anchor: String, section: Int, english: String, japanese: String, isHeading: Bool) {
        self.anchor = anchor
        self.section = section
        self.english = english
        self.japanese = japanese
        self.isHeading = isHeading
    }
}
