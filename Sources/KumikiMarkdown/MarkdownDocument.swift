import Foundation
import KumikiDiagnostics

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
    /// Invalid UTF-8 is reported at its line and column and replaced, so the
    /// rest of the file can still be checked.
    public static func parse(path: String, data: Data) -> MarkdownDocument {
        var diagnostics: [Diagnostic] = []
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let bad = firstInvalidUTF8(bytes) {
            diagnostics.append(.error("the file is not valid UTF-8 (byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)))",
                                      at: SourceLocation(file: path, line: bad.line, column: bad.column)))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return parse(path: path, text: text, diagnostics: diagnostics)
    }

    /// Parses text already decoded.
    public static func parse(path: String, text: String) -> MarkdownDocument {
        parse(path: path, text: text, diagnostics: [])
    }

    private static func parse(path: String, text: String, diagnostics initial: [Diagnostic]) -> MarkdownDocument {
        var diagnostics = initial
        let source = SourceText(path: path, text: text)
        var frontMatter: FrontMatterText?
        var body = text
        if source.lines.first.map({ $0.trimmingTrailingSpaces == "---" }) == true {
            if let close = source.lines.indices.dropFirst().first(where: {
                let line = source.lines[$0].trimmingTrailingSpaces
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
                                          at: SourceLocation(file: path, line: 1, column: 1)))
                body = ""
            }
        }
        let root = EmphasisRepair.repair(CmarkConverter.parse(SourceText(path: path, text: body)))
        let unclosed = unclosedFences(in: root, source: source)
        diagnostics.append(contentsOf: unclosed)
        var document = MarkdownDocument(source: source, frontMatter: frontMatter, root: root, diagnostics: diagnostics)
        document.unclosedFenceLines = Set(unclosed.compactMap { $0.location?.line })
        return document
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
                found.append(.error("this code block is never closed: add a line '\(fence)' where it ends", at: start))
            }
        }
        return found
    }

    /// The position of the first byte that is not part of valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        var index = 0
        var line = 1
        var column = 1
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (index, line, column)
            }
            guard index + length <= bytes.count else { return (index, line, column) }
            for continuation in bytes[(index + 1)..<(index + length)] where continuation & 0xC0 != 0x80 {
                return (index, line, column)
            }
            if length == 3 || length == 4 {
                // Reject overlong forms, surrogates and values past U+10FFFF.
                let second = bytes[index + 1]
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
                    || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) {
                    return (index, line, column)
                }
            }
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return nil
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return s
    }
}
