import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport

/// `textDocument/codeAction`: quick fixes as plain `WorkspaceEdit`s that
/// any editor applies without knowing Kumiki: each suggested edit of a
/// diagnostic published for the document (a did-you-mean, a space to add
/// or remove), a placeholder for a missing translation, `kumiki
/// translations ack` for a row that may be out of date, and a control's
/// size raised to the touch-target minimum.
///
/// The fixes of diagnostics come from those the server last published for
/// the document, and only while the document is at the version they were
/// published for: after a newer change their places may be wrong.
enum CodeActions {
    static func answer(for document: OpenDocument, range: TextRange, published: PublishedDiagnostics.Record?,
                       workspace: SiteWorkspace?, open: [String: OpenDocument], encoding: PositionEncoding) -> JSONValue {
        var actions: [JSONValue] = []
        func action(_ title: String, edit: JSONValue, diagnostic: JSONValue?, preferred: Bool) -> JSONValue {
            var members: [String: JSONValue] = [
                "title": .string(title), "kind": .string("quickfix"), "isPreferred": .bool(preferred), "edit": edit,
            ]
            if let diagnostic { members["diagnostics"] = .array([diagnostic]) }
            return .object(members)
        }
        if let published, published.version == document.version {
            for diagnostic in published.diagnostics {
                let diagnosticRange = DiagnosticRange.range(of: diagnostic, in: document.text, encoding: encoding)
                guard diagnosticRange.start <= range.end, range.start <= diagnosticRange.end else { continue }
                let json = PublishedDiagnostics.json(of: diagnostic, in: document.text, workspace: nil, encoding: encoding)
                for (number, suggestion) in diagnostic.suggestions.enumerated() {
                    let start = document.text.position(line: suggestion.start.line, column: suggestion.start.column, encoding: encoding)
                    let end = document.text.position(line: suggestion.end.line, column: suggestion.end.column, encoding: encoding)
                    let edit = TextRange(start: start, end: end)
                    let replaced = text(of: edit, in: document.text, encoding: encoding)
                    actions.append(action(title(replacing: replaced, with: suggestion.text), edit: .object(["changes": .object([
                        document.uri.text: .array([.object(["range": edit.json, "newText": .string(suggestion.text)])]),
                    ])]), diagnostic: json, preferred: number == 0))
                }
                guard let line = diagnostic.location?.line else { continue }
                switch diagnostic.code {
                case .untranslated?:
                    if let fix = TranslationFixes.placeholderEdit(forBlockAt: line, in: document, encoding: encoding) {
                        actions.append(action(fix.title, edit: fix.edit, diagnostic: json, preferred: false))
                    }
                case .outdatedTranslation?:
                    if let workspace, let fix = TranslationFixes.acknowledgementEdit(
                        forLine: line, in: document, workspace: workspace, open: open, encoding: encoding) {
                        actions.append(action(fix.title, edit: fix.edit, diagnostic: json, preferred: false))
                    }
                default:
                    break
                }
            }
        }
        actions += touchTargetActions(for: document, range: range, workspace: workspace, encoding: encoding)
        return .array(actions)
    }

    /// The touch-target fixes of the layout blocks the range touches.
    private static func touchTargetActions(for document: OpenDocument, range: TextRange, workspace: SiteWorkspace?,
                                           encoding: PositionEncoding) -> [JSONValue] {
        let lines = (range.start.line + 1)...max(range.start.line + 1, range.end.line + 1)
        let display = document.uri.path.flatMap { workspace?.relativePath(of: $0) } ?? document.uri.text
        let blocks = LayoutBlockOutline.blocks(in: document.text.text, displayPath: display, tokens: workspace?.layoutTokenTable ?? .empty)
            .filter { block in block.lines.map { $0.overlaps(lines) } == true }
        guard !blocks.isEmpty else { return [] }
        let catalog = { workspace.map { SiteConfig.loadWithCatalog(from: $0.options(edits: [:]).configuration).catalog } ?? .bundled() }
        let minimum = Finding.minimumTouchTarget.pointText
        return blocks.flatMap { block in
            TouchTargetFix.fixes(in: block, lines: lines, lineText: { document.text.line($0 - 1) }, catalog: catalog).map { fix in
                let edits: [JSONValue] = fix.columns.map { columns in
                    let start = document.text.position(line: fix.line, column: columns.lowerBound, encoding: encoding)
                    let end = document.text.position(line: fix.line, column: columns.upperBound, encoding: encoding)
                    return .object(["range": TextRange(start: start, end: end).json, "newText": .string(minimum)])
                }
                return .object([
                    "title": .string("Raise '\(fix.view)' to the \(minimum)-point touch target"),
                    "kind": .string("quickfix"), "isPreferred": .bool(true),
                    "edit": .object(["changes": .object([document.uri.text: .array(edits)])]),
                ])
            }
        }
    }

    /// "Replace 'wdith' with 'width'", "Insert ' '", "Remove ' '".
    static func title(replacing old: String, with new: String) -> String {
        if old.isEmpty { return "Insert '\(new)'" }
        if new.isEmpty { return "Remove '\(old)'" }
        return "Replace '\(old)' with '\(new)'"
    }

    private static func text(of range: TextRange, in text: DocumentText, encoding: PositionEncoding) -> String {
        let lower = text.index(of: range.start, encoding: encoding)
        let upper = text.index(of: range.end, encoding: encoding)
        return lower <= upper ? String(text.text[lower..<upper]) : ""
    }
}
