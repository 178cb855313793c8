import KumikiSupport

/// One piece of a bilingual page, as the page shows it.
public enum BilingualSegment: Sendable, Hashable {
    /// An English block and its Japanese partner, shown side by side.
    case row(english: MarkdownNode, japanese: MarkdownNode)
    /// A block without words (code, an image, a rule, a layout block) that
    /// spans both columns.
    case span(MarkdownNode)
    /// A block with no partner in the other language.
    case untranslated(MarkdownNode, Script)

    /// Where the segment starts in its file.
    public var start: Int? {
        switch self {
        case .row(let en, let ja): return min(en.start?.line ?? .max, ja.start?.line ?? .max)
        case .span(let node), .untranslated(let node, _): return node.start?.line
        }
    }
}
