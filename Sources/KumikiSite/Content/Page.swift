import KumikiDiagnostics
import KumikiMarkdown

/// One guideline page: its Markdown, its front matter, and its bilingual
/// segments, before any rendering.
public struct Page: Sendable {
    /// The path of the Markdown file relative to the content folder
    /// (`adaptivity.md`, `guides/modality.md`).
    public var relativePath: String
    /// The path printed in diagnostics.
    public var displayPath: String
    public var document: MarkdownDocument
    public var frontMatter: FrontMatter
    /// The folder the page is written to: `Site/SLUG/index.html`.
    public var slug: String
    public var segments: [BilingualSegment]
    /// The anchors of the page's headings, in order, with the heading
    /// segments they belong to.
    public var headings: [Heading]

    /// A heading of the page, in both languages where it has both.
    public struct Heading: Sendable, Hashable {
        public var anchor: String
        public var level: Int
        public var english: String?
        public var japanese: String?
        /// The index of the heading's segment in `segments`.
        public var segmentIndex: Int
    }

    public var title: String { frontMatter.title ?? frontMatter.titleJapanese ?? slug }
    public var titleJapanese: String { frontMatter.titleJapanese ?? frontMatter.title ?? slug }
    public var order: Int { frontMatter.order ?? Int.max }

    /// Rows in both languages, and blocks shown in one only.
    public var translation: Coverage {
        var coverage = Coverage()
        for segment in segments {
            switch segment {
            case .row: coverage.rows += 1
            case .untranslated: coverage.untranslated += 1
            case .span: break
            }
        }
        return coverage
    }
}

/// How much of a page or site is translated.
public struct Coverage: Sendable, Hashable {
    public var rows = 0
    public var untranslated = 0

    public init(rows: Int = 0, untranslated: Int = 0) {
        self.rows = rows
        self.untranslated = untranslated
    }

    /// Rows over all blocks with words, as a whole percentage rounded down
    /// (so 99.6% never shows as 100%); 100 for a page without words.
    public var percent: Int {
        let total = rows + untranslated
        return total == 0 ? 100 : rows * 100 / total
    }

    public static func + (lhs: Coverage, rhs: Coverage) -> Coverage {
        Coverage(rows: lhs.rows + rhs.rows, untranslated: lhs.untranslated + rhs.untranslated)
    }
}
