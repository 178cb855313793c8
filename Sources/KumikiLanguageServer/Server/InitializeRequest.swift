/// What the server reads of `initialize`'s params.
struct InitializeRequest: Hashable, Sendable {
    /// `general.positionEncodings`, in the client's order.
    var positionEncodings: [String]?
    /// The workspace's folders as paths: `workspaceFolders`, else
    /// `rootUri`, else the deprecated `rootPath`.
    var folders: [String]
    /// The client pulls diagnostics (`textDocument.diagnostic`) and can be
    /// told to pull again (`workspace.diagnostics.refreshSupport`). The
    /// server checks after changes, on its own time, so a client that could
    /// not be told when a check ends would keep the diagnostics of the text
    /// it pulled for: such clients get them pushed.
    var pullsDiagnostics: Bool
    /// The client watches files for the server when asked
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`); otherwise
    /// the server watches the sites' folders itself.
    var watchesFiles: Bool

    init(_ params: Params) throws(ParamsError) {
        let object = try params.requireObject()
        // Read for its type only: the server does not watch the client.
        _ = try object.optionalInteger("processId")
        let capabilities = try object.object("capabilities")
        let general = try capabilities.optionalObject("general")
        let declaresPull = try capabilities.optionalObject("textDocument")?.optionalObject("diagnostic") != nil
        let refreshes = try capabilities.optionalObject("workspace")?.optionalObject("diagnostics")?.optionalBool("refreshSupport")
        pullsDiagnostics = declaresPull && refreshes == true
        watchesFiles = try capabilities.optionalObject("workspace")?.optionalObject("didChangeWatchedFiles")?
            .optionalBool("dynamicRegistration") == true
        positionEncodings = try general?.optionalArray("positionEncodings")?.map { item throws(ParamsError) in try item.requireString() }
        var folders: [String] = []
        if let workspaceFolders = try object.optionalArray("workspaceFolders") {
            for folder in workspaceFolders {
                let uri = try folder.requireObject().string("uri")
                if let path = DocumentURI(uri).path { folders.append(path) }
            }
        }
        if folders.isEmpty, let uri = try object.optionalString("rootUri"), let path = DocumentURI(uri).path {
            folders.append(path)
        }
        if folders.isEmpty, let path = try object.optionalString("rootPath") { folders.append(path) }
        self.folders = folders
    }
}
