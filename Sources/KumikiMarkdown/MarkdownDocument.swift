import Foundation
import KumikiSupport

/// The YAML front matter of a page, as text, before anyone interprets it.
public struct FrontMatterText: Sendable, Hashable {
    /// The YAML between the `---` lines.
    public var yaml: String
    /// The file line of the YAML's first line (the line after `---`).
    public var firstLine: Int
}

/// A parsed Markdown file: its front matter, its node tree, and the
/// problems found while reading it.
public struct MarkdownDocument: Sendable {
    public var source: SourceText
    public var frontMatter: FrontMatterText?
    /// The document node; its children are the top-level blocks.
    public var root: MarkdownNode
    /// Problems with the file itself: invalid UTF-8, unclosed front matter,
    /// a fenced block that never closes.
    public var diagnostics: [Diagnostic]
    /// The lines of opening fences that are never closed. Such a block ran
    /// to the end of its container, so handlers (layout blocks) must not
    /// interpret what it swallowed.
    public var unclosedFenceLines: Set<Int> = []

    /// Parses a file's bytes.
    ///
    /// The bytes are decoded by `InputText`: line endings become `"\n"`, and
    /// invalid UTF-8 is reported at its line and column and replaced, so the
    /// rest of the file can still be checked. A file larger than
    /// `MarkdownLimits.maximumPageBytes` is reported and not parsed.
    public static func parse(path: String, data: Data) -> MarkdownDocument {
        guard data.count <= MarkdownLimits.maximumPageBytes else {
            let problem = Diagnostic.error(MarkdownLimits.pageSizeMessage(bytes: data.count), at: SourceLocation(file: path, line: 1),
                                         code: .pageTooLarge)
            return MarkdownDocument(
                source: SourceText(path: path, text: ""), frontMatter: nil, root: MarkdownNode(.document),
                diagnostics: [problem])
        }
        let input = InputText(decoding: data, path: path)
        return parse(path: path, text: input.text, diagnostics: input.problem.map { [$0] } ?? [])
    }

    /// Parses text already decoded; its line endings are made `"\n"` first.
    public static func parse(path: String, text: String) -> MarkdownDocument {
        parse(path: path, text: InputText(normalizing: text).text, diagnostics: [])
    }

    private static func parse(path: String, text: String, diagnostics initial: [Diagnostic]) -> MarkdownDocument {
        var diagnostics = initial
        let source = SourceText(path: path, text: text)
        var frontMatter: FrontMatterText?
        var body = text
        if source.lines.first.map({ $0.trimmingTrailingWhitespace == "---" }) == true {
            if let close = source.lines.indices.dropFirst().first(where: {
                let line = source.lines[$0].trimmingTrailingWhitespace
                return line == "---" || line == "..."
            }) {
                frontMatter = FrontMatterText(
                    yaml: source.lines[1..<close].joined(separator: "\n"), firstLine: 2)
                // Blank the front matter out instead of cutting it, so cmark's
                // line numbers stay the file's line numbers.
                body = String(repeating: "\n", count: close + 1)
                    + source.lines[(close + 1)...].joined(separator: "\n")
            } else {
                diagnostics.append(.error("the front matter opened here is never closed with '---'",
                                          at: SourceLocation(file: path, line: 1, column: 1), code: .unclosedFrontMatter))
                body = ""
            }
        } else if let misplaced = misplacedFrontMatter(in: source) {
            diagnostics.append(.warning(
                "this looks like front matter, but front matter must start on the file's first line; "
                    + "it is read as text: remove the blank lines above it",
                at: SourceLocation(file: path, line: misplaced, column: 1), code: .misplacedFrontMatter))
        }
        // cmark parses blocks, links, code and escapes; emphasis is decided
        // afterwards by the CJK-friendly rules (see `DelimiterShield`).
        let shield = DelimiterShield(for: body)
        let parsed = shield.map { $0.shield(body) } ?? body
        let (converted, nesting) = CmarkConverter.parse(SourceText(path: path, text: parsed))
        var resolver = EmphasisResolver(shield: shield, alreadyReported: nesting)
        let root = resolver.resolve(converted)
        diagnostics.append(contentsOf: nesting)
        diagnostics.append(contentsOf: resolver.diagnostics)
        diagnostics.append(contentsOf: UnsupportedExtensions.warnings(in: root, source: source))
        let unclosed = unclosedFences(in: root, source: source)
        diagnostics.append(contentsOf: unclosed)
        var document = MarkdownDocument(source: source, frontMatter: frontMatter, root: root, diagnostics: diagnostics)
        document.unclosedFenceLines = Set(unclosed.compactMap { $0.location?.line })
        return document
    }

    /// The 1-based line of a `---` after blank lines at the top of the file
    /// that opens `key: value` lines closed by another `---`: front matter
    /// an editor or a merge moved down, which Markdown reads as a rule and
    /// a heading (the page then takes its title from the file's name).
    private static func misplacedFrontMatter(in source: SourceText) -> Int? {
        let lines = source.lines
        guard let open = lines.firstIndex(where: { !$0.trimmingTrailingWhitespace.isEmpty }), open > 0,
              lines[open].trimmingTrailingWhitespace == "---" else { return nil }
        // Blank lines and `key: value` lines up to the closing `---`.
        for index in lines.indices.dropFirst(open + 1) {
            let line = lines[index].trimmingTrailingWhitespace
            if line == "---" || line == "..." { return index > open + 1 ? open + 1 : nil }
            let key = line.prefix { $0 != ":" }
            guard line.isEmpty || (key.count < line.count && key.first?.isLetter == true
                && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        }
        return nil
    }

    /// Fenced code blocks that run to the end of their container because
    /// their closing fence is missing. CommonMark accepts them silently; for
    /// a layout block that would swallow the rest of the page.
    private static func unclosedFences(in node: MarkdownNode, source: SourceText) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var stack = [node]
        while let current = stack.popLast() {
            stack.append(contentsOf: current.children.filter(\.isBlock))
            guard case .codeBlock(_, _, let fence?) = current.kind,
                  let start = current.start, let end = current.endLine else { continue }
            let last = source.line(end).drop { $0 == " " || $0 == ">" || $0 == "\t" }
            let closes = end > start.line
                && last.hasPrefix(fence)
                && last.drop(while: { $0 == fence.first }).allSatisfy { $0 == " " || $0 == "\t" }
            if !closes {
                found.append(.error("this code block is never closed: add a line '\(fence)' where it ends", at: start, code: .unclosedCodeBlock))
            }
        }
        return found
    }
}
