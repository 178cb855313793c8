/// What the server knows between messages.
struct ServerState: Sendable {
    /// Where the server is in LSP's lifecycle.
    enum Phase: Sendable {
        /// Before `initialize`: every request but `initialize` is refused.
        case uninitialized
        case running
        /// After `shutdown`: only `exit` is expected.
        case shuttingDown
    }

    var phase = Phase.uninitialized
    var encoding = PositionEncoding.utf16
    /// Open documents by the URI the client gave them.
    var documents: [String: OpenDocument] = [:]
    /// The sites of the open documents, by root.
    var workspaces: [String: SiteWorkspace] = [:]
    /// What was last published for each open document, by URI.
    var published: [String: PublishedDiagnostics.Record] = [:]
    /// Each open document's text and diagnostics as the last full check
    /// saw them, by URI: what an edit inside layout blocks is rechecked
    /// against (`BlockRecheck`).
    var baselines: [String: BlockRecheck.Baseline] = [:]

    /// The site `path` belongs to, made on first use.
    mutating func workspace(containing path: String) -> SiteWorkspace? {
        guard let root = SiteRoot.find(from: path) else { return nil }
        if let known = workspaces[root] { return known }
        let made = SiteWorkspace(root: root)
        workspaces[root] = made
        return made
    }
}
