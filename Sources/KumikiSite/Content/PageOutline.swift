import Foundation
import KumikiMarkdown
import KumikiSupport

/// What an editor shows of a page without building it: its title and its
/// headings, each with the anchor a link names it by and its line.
///
/// Read the way the build reads a page (the same parse, the same anchors),
/// from the page's text as the editor holds it or from its file.
public struct PageOutline: Sendable, Hashable {
    public struct Heading: Sendable, Hashable {
        public var anchor: String
        public var level: Int
        /// The heading's text in each language it is written in.
        public var text: Bilingual<String?>
        /// The 1-based line of the heading (of its English text in a row).
        public var line: Int
    }

    /// The title given in the front matter, each language falling back on
    /// the other; `nil` when the page gives none.
    public var title: Bilingual<String>?
    public var headings: [Heading]
    /// Every row (segment) of the page in order; a layout block's row is
    /// its figure.
    public var rows: [Row] = []
    /// The `slug:` the front matter gives, as written.
    public var givenSlug: String?

    /// A row of the page: the id of its element on the built page
    /// (`RowAnchor`) and the 1-based line it starts on.
    public struct Row: Sendable, Hashable {
        public var anchor: String
        public var line: Int
    }

    /// Where the build writes the page at `relativePath` in the content
    /// folder, from the site's root: `SLUG/`, or nothing for the home page.
    public func sitePath(relativePath: String) -> String {
        relativePath == PageLoader.homePath ? "" : PageLoader.slug(relativePath: relativePath, given: givenSlug) + "/"
    }

    /// The anchor of the row that holds `line` (1-based): the last row
    /// starting at or before it; `nil` above the first row.
    public func rowAnchor(atLine line: Int) -> String? {
        rows.last { $0.line <= line }?.anchor
    }

    /// The outline of a page's bytes.
    ///
    /// - Parameter displayPath: how the page is named (its parse's
    ///   diagnostics are not kept).
    public static func read(_ data: Data, displayPath: String) -> PageOutline {
        let (document, segments) = PageLoader.parseBody(displayPath: displayPath, data: data)
        let frontMatter = FrontMatter.parse(document.frontMatter, file: displayPath).0
        let given = frontMatter.title
        let title = (given.english ?? given.japanese).map { Bilingual($0, given.japanese ?? $0) }
        let pageHeadings = PageLoader.headings(of: segments)
        let headings = pageHeadings.map { heading in
            let segment = segments[heading.segmentIndex]
            var line = segment.start ?? 1
            if case .row(let english, _) = segment, let englishLine = english.start?.line { line = englishLine }
            return Heading(anchor: heading.anchor, level: heading.level, text: heading.text, line: line)
        }
        let anchors = RowAnchor.anchors(segmentCount: segments.count, headings: pageHeadings)
        let rows = zip(segments, anchors).compactMap { segment, anchor in segment.start.map { Row(anchor: anchor, line: $0) } }
        return PageOutline(title: title, headings: headings, rows: rows, givenSlug: frontMatter.slug)
    }
}
