import KumikiSupport

/// What the server tells the client it does (`InitializeResult`).
enum ServerCapabilities {
    /// `TextDocumentSyncKind.Incremental`: changes arrive as ranges;
    /// whole-text changes are accepted too.
    static let incrementalSync = 2

    static func initializeResult(encoding: PositionEncoding, version: String, pullsDiagnostics: Bool) -> JSONValue {
        var capabilities: [String: JSONValue] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object([
                "openClose": .bool(true),
                "change": .integer(incrementalSync),
                // Saving changes what other pages read from disk.
                "save": .object(["includeText": .bool(false)]),
            ]),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
            "completionProvider": .object([
                "triggerCharacters": .array([".", "@", "#", "(", "/", "{"].map { .string($0) }),
            ]),
            "hoverProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "renameProvider": .object(["prepareProvider": .bool(true)]),
            // A plain command any client can send: the live preview.
            "executeCommandProvider": .object(["commands": .array([.string(LanguageServer.previewCommand)])]),
        ]
        if pullsDiagnostics {
            // A page's diagnostics depend on other pages (links, slugs):
            // the client pulls again for every open document on a refresh.
            capabilities["diagnosticProvider"] = .object([
                "interFileDependencies": .bool(true), "workspaceDiagnostics": .bool(false),
            ])
        }
        return .object([
            "capabilities": .object(capabilities),
            "serverInfo": .object(["name": .string("kumiki"), "version": .string(version)]),
        ])
    }
}
