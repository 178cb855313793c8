import Foundation
import KumikiMarkdown
import KumikiSite
import KumikiSupport

/// The quick fixes of the translation diagnostics, as plain workspace
/// edits: a placeholder for a block without its partner, and
/// `kumiki translations ack` for a row that may be out of date.
enum TranslationFixes {
    /// Inserts, where the untranslated block at `line` pairs, a placeholder
    /// of the same kind (`（未翻訳）` or `(untranslated)`, as a paragraph, a
    /// heading of the same level, a list item or a quote), which keeps the
    /// row untranslated until the translation replaces it; placeholders
    /// for the blocks of its run before it that lack one too come first,
    /// so the pairing stays aligned. `nil` for a block of another kind.
    static func placeholderEdit(forBlockAt line: Int, in document: OpenDocument,
                                encoding: PositionEncoding) -> (title: String, edit: JSONValue)? {
        let parsed = MarkdownDocument.parse(path: document.uri.text, text: document.text.text)
        guard let placement = BilingualSegmenter.placements(parsed.root.children).first(where: { $0.block.start?.line == line }),
              let endLine = placement.after.endLine else { return nil }
        let text = BilingualSegmenter.placeholder(for: placement.missing)
        var blocks: [String] = []
        for partner in placement.partnersOf {
            switch partner.kind {
            case .paragraph: blocks.append(text)
            case .heading(let level): blocks.append(String(repeating: "#", count: level) + " " + text)
            case .list(let style): blocks.append((style.ordered ? "1. " : "- ") + text)
            case .blockQuote: blocks.append("> " + text)
            default: return nil
            }
        }
        let end = document.text.position(line: endLine, column: .max / 2, encoding: encoding)
        // The page's own line ending, so a CRLF page stays CRLF throughout.
        let scalars = document.text.text.unicodeScalars
        let newline = !scalars.contains("\r") ? "\n" : scalars.contains("\n") ? "\r\n" : "\r"
        let edit: JSONValue = .object(["changes": .object([document.uri.text: .array([.object([
            "range": TextRange(start: end, end: end).json,
            "newText": .string(newline + newline + blocks.joined(separator: newline + newline)),
        ])])])])
        let language = placement.missing == .japanese ? "Japanese" : "English"
        return ("Insert a placeholder for the \(language) translation ('\(text)')", edit)
    }

    /// `kumiki translations ack PATH:LINE` as an edit of
    /// `translations-checked.txt`: the store's whole text as the command
    /// would write it, over the file as the editor or the disk holds it
    /// (created when the site has none yet).
    static func acknowledgementEdit(forLine line: Int, in document: OpenDocument, workspace: SiteWorkspace,
                                    open: [String: OpenDocument], encoding: PositionEncoding) -> (title: String, edit: JSONValue)? {
        guard let path = document.uri.path, let relative = workspace.relativePath(of: path),
              relative.hasPrefix(SiteWorkspace.contentFolder + "/") else { return nil }
        var edits: [String: String] = [:]
        for (openPath, other) in open {
            if let relative = workspace.relativePath(of: openPath) { edits[relative] = other.text.text }
        }
        let contentPath = String(relative.dropFirst(SiteWorkspace.contentFolder.count + 1))
        guard let acknowledged = try? RowAcknowledgement.storeText(acknowledging: contentPath, line: line,
                                                                   options: workspace.options(edits: edits)) else { return nil }
        let storePath = workspace.absolutePath(of: TranslationAcknowledgements.fileName)
        let uri = open[storePath]?.uri.text ?? DocumentURI(path: storePath).text
        let current = open[storePath]?.text.text ?? FileManager.default.contents(atPath: storePath).map { String(decoding: $0, as: UTF8.self) }
        let edit: JSONValue
        if let current {
            let text = DocumentText(current)
            let end = text.position(line: text.lineCount, column: .max / 2, encoding: encoding)
            edit = .object(["changes": .object([uri: .array([.object([
                "range": TextRange(start: Position(line: 0, character: 0), end: end).json, "newText": .string(acknowledged.text),
            ])])])])
        } else {
            let start = TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
            edit = .object(["documentChanges": .array([
                .object(["kind": .string("create"), "uri": .string(uri), "options": .object(["ignoreIfExists": .bool(true)])]),
                .object(["textDocument": .object(["uri": .string(uri), "version": .null]),
                         "edits": .array([.object(["range": start.json, "newText": .string(acknowledged.text)])])]),
            ])])
        }
        return ("Acknowledge the row: it still says the same (kumiki translations ack \(relative):\(line))", edit)
    }
}
