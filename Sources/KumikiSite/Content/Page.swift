import Foundation
import KumikiLayoutLanguage
import KumikiSupport
import KumikiMarkdown

/// One guideline page: what the rest of the site needs to know of it (front
/// matter, slug, headings, coverage) and, on demand, its parsed Markdown.
///
/// The parsed tree is the bulk of a page in memory and is only needed to
/// render the page itself, so it is made when first asked for (a page
/// known from the build store is never parsed unless it is rendered again)
/// and can be let go once the page is written (`releaseParsedBody`): a
/// build holds the index of the whole site, never the trees of all pages.
public struct Page: Sendable {
    /// The path of the Markdown file relative to the content folder
    /// (`adaptivity.md`, `guides/modality.md`).
    public var relativePath: String
    /// The path printed in diagnostics.
    public var displayPath: String
    public var frontMatter: FrontMatter
    /// The folder the page is written to: `Site/SLUG/index.html`.
    public var slug: String
    /// The anchors of the page's headings, in order, with the heading
    /// segments they belong to.
    public var headings: [Heading]
    /// Rows in both languages, and blocks shown in one only.
    public var translation: Coverage
    /// The file's bytes, as read.
    public var data: Data
    /// Every link and image destination the page writes, once each, in
    /// order: what its links are checked against is read through them
    /// (`PageKey`). `nil` for a page known from a summary stored before
    /// summaries kept them.
    var linkDestinations: [String]?
    /// The token groups and tokens the page's `tokens` blocks name
    /// (`group:`, `background:`, `compare:`). `nil` for a page known from a
    /// summary stored before summaries kept them.
    var tokenNames: [String]?
    /// The page's layout blocks that name tokens (`TokenUsage`). `nil` as
    /// `tokenNames`.
    var tokenBlocks: [TokenUsage.Block]?
    private var body: ParsedBody

    init(relativePath: String, displayPath: String, frontMatter: FrontMatter, slug: String, headings: [Heading],
         translation: Coverage, data: Data, linkDestinations: [String]?, tokenNames: [String]?,
         tokenBlocks: [TokenUsage.Block]?, body: ParsedBody) {
        self.relativePath = relativePath
        self.displayPath = displayPath
        self.frontMatter = frontMatter
        self.slug = slug
        self.headings = headings
        self.translation = translation
        self.data = data
        self.linkDestinations = linkDestinations
        self.tokenNames = tokenNames
        self.tokenBlocks = tokenBlocks
        self.body = body
    }

    /// What the `tokens` blocks of `document` name in `group:`,
    /// `background:` and `compare:`, in order, found as the build finds
    /// blocks.
    static func tokenNames(in document: MarkdownDocument) -> [String] {
        var finder = FencedBlockFinder(handlerNames: [TokensBlock.name], document: document)
        var names: [String] = []
        for node in document.root.children {
            guard case .block(let block)? = finder.find(in: node) else { continue }
            let (options, _) = BlockOptions.parse(block, keys: TokensBlock.keys)
            for key in ["group", "background"] {
                if let value = options[key]?.value.text, !value.isEmpty { names.append(value) }
            }
            // A block that compares contexts shows tokens of other sets
            // than the site's own (`TokenReading` reads it as every file).
            if let value = options["compare"]?.value.text, !value.isEmpty { names.append(TokenReading.comparePrefix + value) }
        }
        return names
    }

    /// Everything of the site's tokens the page reads (`PageKey`): what
    /// its `tokens` blocks name, and each token its layout blocks name
    /// (`TokenReading` reads those in every mode); `nil` when its summary
    /// predates either.
    var tokenReads: [String]? {
        guard let tokenNames, let tokenBlocks else { return nil }
        return tokenNames + tokenBlocks.flatMap { $0.tokens.map { TokenReading.layoutPrefix + $0 } }
    }

    /// Every link and image destination in `document`, once each, in the
    /// order they are written.
    static func linkDestinations(in document: MarkdownDocument) -> [String] {
        var seen: Set<String> = []
        var destinations: [String] = []
        var stack = Array(document.root.children.reversed())
        while let node = stack.popLast() {
            stack.append(contentsOf: node.children.reversed())
            switch node.kind {
            case .link(let destination, _), .image(let destination, _):
                if seen.insert(destination).inserted { destinations.append(destination) }
            default: continue
            }
        }
        return destinations
    }

    public var document: MarkdownDocument { body.value.document }
    public var segments: [BilingualSegment] { body.value.segments }

    /// Lets go of the parsed tree; asking for it again parses the bytes again.
    func releaseParsedBody() { body.release() }

    /// A heading of the page, in both languages where it has both.
    public struct Heading: Sendable, Hashable, Codable {
        public var anchor: String
        public var level: Int
        /// The heading's text in each language it is written in.
        public var text: Bilingual<String?>
        /// The index of the heading's segment in `segments`.
        public var segmentIndex: Int
    }

    /// The page's title in both languages: each language falls back on the
    /// other, then on the slug.
    public var title: Bilingual<String> {
        let given = frontMatter.title
        return Bilingual(given.english ?? given.japanese ?? slug, given.japanese ?? given.english ?? slug)
    }
    public var order: Int { frontMatter.order ?? Int.max }

    /// The coverage of a page's segments.
    static func coverage(of segments: [BilingualSegment]) -> Coverage {
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

/// A page's Markdown tree and bilingual segments, parsed from its bytes when
/// first needed and kept until released.
final class ParsedBody: Sendable {
    typealias Value = (document: MarkdownDocument, segments: [BilingualSegment])

    private let parsed: LockedValue<Value?>
    private let parse: @Sendable () -> Value

    init(parsed: Value?, parse: @escaping @Sendable () -> Value) {
        self.parsed = LockedValue(parsed)
        self.parse = parse
    }

    /// The parsed body; parsed under the lock, so two threads asking at
    /// once parse it once.
    var value: Value {
        parsed.withValue { parsed in
            if let parsed { return parsed }
            let value = parse()
            parsed = value
            return value
        }
    }

    func release() { parsed.set(nil) }
}

/// How much of a page or site is translated.
public struct Coverage: Sendable, Hashable, Codable {
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
