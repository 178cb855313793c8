import KumikiSupport

/// `textDocument/codeAction`: each suggested edit of a diagnostic published
/// for the document (a did-you-mean, a space to add or remove) as a quick
/// fix, a plain `WorkspaceEdit` that any editor applies without knowing
/// Kumiki.
///
/// The fixes come from the diagnostics the server last published for the
/// document, and only while the document is at the version they were
/// published for: after a newer change their places may be wrong.
enum CodeActions {
    static func answer(for document: OpenDocument, range: TextRange, published: PublishedDiagnostics.Record?,
                       encoding: PositionEncoding) -> JSONValue {
        guard let published, published.version == document.version else { return .array([]) }
        var actions: [JSONValue] = []
        for diagnostic in published.diagnostics where !diagnostic.suggestions.isEmpty {
            let diagnosticRange = DiagnosticRange.range(of: diagnostic, in: document.text, encoding: encoding)
            guard diagnosticRange.start <= range.end, range.start <= diagnosticRange.end else { continue }
            let published = PublishedDiagnostics.json(of: diagnostic, in: document.text, workspace: nil, encoding: encoding)
            for (number, suggestion) in diagnostic.suggestions.enumerated() {
                let start = document.text.position(line: suggestion.start.line, column: suggestion.start.column, encoding: encoding)
                let end = document.text.position(line: suggestion.end.line, column: suggestion.end.column, encoding: encoding)
                let edit = TextRange(start: start, end: end)
                let replaced = text(of: edit, in: document.text, encoding: encoding)
                actions.append(.object([
                    "title": .string(title(replacing: replaced, with: suggestion.text)),
                    "kind": .string("quickfix"),
                    "diagnostics": .array([published]),
                    "isPreferred": .bool(number == 0),
                    "edit": .object(["changes": .object([
                        document.uri.text: .array([.object(["range": edit.json, "newText": .string(suggestion.text)])]),
                    ])]),
                ]))
            }
        }
        return .array(actions)
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
