import KumikiSupport

/// `textDocument/diagnostic`: the diagnostics of an open document for a
/// client that pulls them, from what the server's checks last found for it
/// (the same record pushed diagnostics come from).
///
/// A result's id names the check it came from: when the client names the
/// id it holds and no check found anything newer, the answer is
/// `unchanged`. Before the first check of a document the answer is empty
/// and carries no id; the server asks the client to pull again
/// (`workspace/diagnostic/refresh`) when each check ends.
enum PulledDiagnostics {
    static func answer(for document: OpenDocument?, record: PublishedDiagnostics.Record?, previousResultID: String?,
                       workspace: SiteWorkspace?, documents: [OpenDocument], encoding: PositionEncoding) -> JSONValue {
        guard let document, let record else {
            return .object(["kind": .string("full"), "items": .array([])])
        }
        if previousResultID == record.resultID {
            return .object(["kind": .string("unchanged"), "resultId": .string(record.resultID)])
        }
        let open = Dictionary(documents.compactMap { other in
            other.uri.path.flatMap { workspace?.relativePath(of: $0) }.map { ($0, other) }
        }, uniquingKeysWith: { first, _ in first })
        let items = record.diagnostics.map {
            PublishedDiagnostics.json(of: $0, in: document.text, workspace: workspace, open: open, encoding: encoding)
        }
        return .object(["kind": .string("full"), "resultId": .string(record.resultID), "items": .array(items)])
    }
}
