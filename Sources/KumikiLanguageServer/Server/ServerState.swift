import KumikiSupport

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
    /// Diagnostics are pulled by the client rather than published
    /// (`InitializeRequest.pullsDiagnostics`).
    var pullsDiagnostics = false
    /// The client watches the sites' files (`InitializeRequest.watchesFiles`).
    var clientWatchesFiles = false
    /// Diagnostics results made so far: each result's id is the next.
    var results = 0
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

    /// A record of `diagnostics` for `version`, with a new result id.
    mutating func record(version: Int, diagnostics: [Diagnostic]) -> PublishedDiagnostics.Record {
        results += 1
        return PublishedDiagnostics.Record(version: version, diagnostics: diagnostics, resultID: String(results))
    }

    /// The site `path` belongs to, made on first use.
    mutating func workspace(containing path: String) -> SiteWorkspace? {
        guard let root = SiteRoot.find(from: path) else { return nil }
        if let known = workspaces[root] { return known }
        let made = SiteWorkspace(root: root)
        workspaces[root] = made
        return made
    }
}
