import Foundation
import KumikiSupport

/// The `textDocument/publishDiagnostics` params for one open document:
/// Kumiki's diagnostics for its file, worded as `kumiki check` words them,
/// with their ranges in the negotiated encoding.
enum PublishedDiagnostics {
    /// The diagnostics published for a document and the version they
    /// were for, which quick fixes are made from.
    struct Record: Sendable {
        var version: Int
        var diagnostics: [Diagnostic]
        /// The id a pulling client names to learn whether the result
        /// changed (`previousResultId`).
        var resultID: String
    }

    /// - Parameter open: the site's open documents by path relative to its
    ///   root, for the places of notes in them.
    static func params(for document: OpenDocument, diagnostics: [Diagnostic], workspace: SiteWorkspace?,
                       open: [String: OpenDocument], encoding: PositionEncoding) -> JSONValue {
        .object([
            "uri": .string(document.uri.text),
            "version": .integer(document.version),
            "diagnostics": .array(diagnostics.map {
                json(of: $0, in: document.text, workspace: workspace, open: open, encoding: encoding)
            }),
        ])
    }

    static func json(of diagnostic: Diagnostic, in text: DocumentText, workspace: SiteWorkspace?,
                     open: [String: OpenDocument] = [:], encoding: PositionEncoding) -> JSONValue {
        var members: [String: JSONValue] = [
            "range": DiagnosticRange.range(of: diagnostic, in: text, encoding: encoding).json,
            "severity": .integer(severity(diagnostic.severity)),
            "source": .string("kumiki"),
            "message": .string(diagnostic.message),
        ]
        if let code = diagnostic.code { members["code"] = .string(code.rawValue) }
        // A note's place may be in another file: an open document's text
        // as the editor holds it, else the file on disk. Its range is its
        // point.
        let related: [JSONValue] = diagnostic.notes.compactMap { note in
            guard let location = note.location, let workspace else { return nil }
            let uri: String
            let point: Position
            if let document = open[location.file] {
                uri = document.uri.text
                point = document.text.position(line: location.line, column: location.column, encoding: encoding)
            } else {
                let path = workspace.absolutePath(of: location.file)
                uri = DocumentURI(path: path).text
                let lineText = DiskLine.text(ofLine: location.line, inFileAt: path)
                let position = DocumentText(lineText).position(line: 1, column: location.column, encoding: encoding)
                point = Position(line: location.line - 1, character: position.character)
            }
            return .object([
                "location": .object(["uri": .string(uri), "range": TextRange(start: point, end: point).json]),
                "message": .string(note.message),
            ])
        }
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        return .object(members)
    }

    /// LSP's `DiagnosticSeverity`: Error 1, Warning 2, Information 3.
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}

/// One line of a file on disk, for the places of notes in files the editor
/// does not hold.
enum DiskLine {
    static func text(ofLine line: Int, inFileAt path: String) -> String {
        guard line >= 1, let data = FileManager.default.contents(atPath: path) else { return "" }
        let text = DocumentText(InputText(decoding: data, path: path).text)
        return text.line(line - 1).map(String.init) ?? ""
    }
}
