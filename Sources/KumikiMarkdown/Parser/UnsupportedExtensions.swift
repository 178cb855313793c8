import Foundation
import KumikiSupport

/// GitHub's extensions to Markdown that Kumiki does not implement, found
/// where an author wrote them: CommonMark reads a pipe table or a footnote
/// as a paragraph, so without a word the site would show raw pipes and
/// brackets.
enum UnsupportedExtensions {
    /// A warning at each paragraph that is a pipe table (a line of cells,
    /// then a line of `---` delimiters) or a footnote's definition
    /// (`[^label]: text`), and at each footnote's definition CommonMark
    /// took for a link's (`[^label]: https://…`, which leaves no paragraph).
    static func warnings(in root: MarkdownNode, source: SourceText) -> [Diagnostic] {
        footnoteWarnings(in: root, source: source) + paragraphWarnings(in: root, source: source)
    }

    private static func paragraphWarnings(in root: MarkdownNode, source: SourceText) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var stack = Array(root.children.reversed())
        while let node = stack.popLast() {
            guard case .paragraph = node.kind else {
                stack.append(contentsOf: node.children.reversed())
                continue
            }
            guard let start = node.start else { continue }
            let first = source.line(start.line)
            if isFootnoteDefinition(first.dropFirst(max(0, start.column - 1))) {
                warnings.append(.warning(
                    "footnotes are not supported, so this one is shown as text; put the note in the paragraph, or in parentheses",
                    at: start, code: .unsupportedExtension))
            } else if let end = node.endLine, end > start.line, first.contains("|"),
                      isDelimiterRow(source.line(start.line + 1)) {
                warnings.append(.warning(
                    "tables are not supported, so this one is shown as text; use a list, or a 'tokens' block for tokens",
                    at: start, code: .unsupportedExtension))
            }
        }
        return warnings
    }

    /// A footnote's definition whose text is one word (a URL, say) is a
    /// link reference definition to CommonMark: it leaves no node, only
    /// lines no block covers, and `[^label]` in the text becomes a link.
    /// Only the lines outside every block are read, so such a line in a
    /// code block or a paragraph is not taken for one; a definition in a
    /// quote or a list item is read after the markers that open them.
    private static func footnoteWarnings(in root: MarkdownNode, source: SourceText) -> [Diagnostic] {
        let candidates = source.lines.indices.filter { index in
            isFootnoteDefinition(textAfterContainerMarkers(source.lines[index]))
        }
        guard !candidates.isEmpty else { return [] }
        var covered = IndexSet()
        var stack = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak:
                if let start = node.start { covered.insert(integersIn: start.line...max(start.line, node.endLine ?? start.line)) }
            default:
                stack.append(contentsOf: node.children)
            }
        }
        return candidates.filter { !covered.contains($0 + 1) }.map { index in
            let line = source.lines[index]
            let column = line.distance(from: line.startIndex, to: textAfterContainerMarkers(line).startIndex) + 1
            return .warning(
                "footnotes are not supported, and CommonMark reads this one as a link's definition: the note is not shown, "
                    + "and its mark becomes a link; put the note in the paragraph, or in parentheses",
                at: SourceLocation(file: source.path, line: index + 1, column: column), code: .unsupportedExtension)
        }
    }

    /// A line's text after what opens it: indentation, and the markers of
    /// quotes (`>`) and list items (`-`, `*`, `+`, `1.`, `1)`). Blocks whose
    /// lines these could be mistaken in (indented code) are left out by the
    /// caller, which reads only lines no block covers. Reads only the
    /// opening, since every line of every page passes through here.
    private static func textAfterContainerMarkers(_ line: Substring) -> Substring {
        var rest = line[...]
        while true {
            let spaces = rest.prefix(while: { $0 == " " || $0 == "\t" })
            rest = rest.dropFirst(spaces.count)
            if rest.hasPrefix(">") {
                rest = rest.dropFirst()
            } else if let marker = rest.first, "-*+".contains(marker), rest.dropFirst().first?.isWhitespace == true {
                rest = rest.dropFirst()
            } else {
                let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
                let after = rest.dropFirst(digits.count)
                guard (1...9).contains(digits.count), let delimiter = after.first, delimiter == "." || delimiter == ")",
                      after.dropFirst().first?.isWhitespace == true else { break }
                rest = after.dropFirst()
            }
        }
        return rest
    }

    /// `[^label]:` at the start of a line.
    private static func isFootnoteDefinition(_ line: Substring) -> Bool {
        guard line.hasPrefix("[^"), let close = line.firstIndex(of: "]") else { return false }
        let label = line[line.index(line.startIndex, offsetBy: 2)..<close]
        return !label.isEmpty && !label.contains(where: \.isWhitespace) && line[line.index(after: close)...].hasPrefix(":")
    }

    /// A table's delimiter row: cells of dashes, each maybe with a colon at
    /// either end, between pipes (`| --- | :-: |`), with at least one pipe.
    private static func isDelimiterRow(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace
        guard trimmed.contains("|") else { return false }
        var cells = trimmed.split(separator: "|", omittingEmptySubsequences: false)
        if trimmed.hasPrefix("|") { cells.removeFirst() }
        if trimmed.hasSuffix("|"), !cells.isEmpty { cells.removeLast() }
        return !cells.isEmpty && cells.allSatisfy { cell in
            var body = cell.trimmingWhitespace[...]
            if body.hasPrefix(":") { body = body.dropFirst() }
            if body.hasSuffix(":") { body = body.dropLast() }
            return !body.isEmpty && body.allSatisfy { $0 == "-" }
        }
    }
}
