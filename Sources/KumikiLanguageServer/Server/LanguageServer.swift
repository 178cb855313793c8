import Foundation
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport

/// `kumiki lsp`: reads LSP messages, keeps the open documents as the editor
/// holds them, and publishes Kumiki's diagnostics for them as they change.
///
/// Messages are handled in order on a queue of their own, fed by the thread
/// that reads them; the reader notes each `$/cancelRequest` as soon as it
/// arrives, so a request still waiting its turn is answered
/// RequestCancelled instead. Checks run on a queue of their own
/// (`CheckScheduler`), so a slow check never delays an answer or a change. An edit inside layout blocks is answered
/// first by rechecking only the edited blocks (`BlockRecheck`) on another
/// queue, so a page's diagnostics follow typing on a large site while the
/// full check waits for a pause.
public final class LanguageServer: Sendable {
    private let writer: MessageWriter
    private let log: ServerLog
    private let version: String
    private let state = LockedValue(ServerState())
    private let scheduler: CheckScheduler
    /// Where edited blocks are rechecked, one edit at a time.
    private let recheckQueue = DispatchQueue(label: "org.kumiki.lsp.recheck")
    /// Refresh requests sent to a pulling client, for their ids.
    private let refreshes = LockedValue(0)
    /// The sites' files, when the client does not watch them.
    private let watching = SiteWatching()
    /// Where messages are handled, in the order they were read.
    private let handling = DispatchQueue(label: "org.kumiki.lsp.messages")
    /// Requests read and not answered yet, and those of them the client
    /// cancelled.
    private let requests = LockedValue(PendingRequests())
    /// The live previews started (`kumiki.preview`), by site root.
    private let previews = LockedValue([String: LivePreview]())
    /// Where previews start and are first built, one at a time, so that a
    /// slow first build delays no other message.
    private let previewStarts = DispatchQueue(label: "org.kumiki.lsp.preview-start")

    /// - Parameters:
    ///   - writer: where frames go (the real standard output).
    ///   - version: the version `initialize` reports.
    ///   - checkDelay: how long the server waits after a change before it
    ///     checks, so that typing starts one check, not one per key.
    public init(writer: MessageWriter, version: String, checkDelay: DispatchTimeInterval = .milliseconds(100)) {
        self.writer = writer
        self.log = ServerLog(writer: writer)
        self.version = version
        self.scheduler = CheckScheduler(delay: checkDelay)
    }

    /// Serves until `exit` or the end of the input.
    ///
    /// - Returns: the exit status: 0 after `shutdown`, 1 otherwise, as LSP
    ///   asks.
    public func run(reading input: some ByteInput) -> Int32 {
        var reader = MessageReader(input: input)
        while let frame = reader.next() {
            switch frame {
            case .skipped(let problem):
                log.write(.error, "skipped a message: \(problem)")
            case .message(let bytes):
                let message: IncomingMessage
                do {
                    message = try IncomingMessage(parsing: bytes)
                } catch {
                    log.write(.error, "could not read a message: \(error.error.message)")
                    writer.send(OutgoingMessage.error(id: error.id, error.error))
                    continue
                }
                switch message {
                case .notification("exit", _):
                    // Everything read before `exit` is handled first.
                    handling.sync {}
                    return exitStatus
                case .notification("$/cancelRequest", let params):
                    if let id = params?["id"].flatMap(RequestID.init) {
                        requests.withValue { $0.cancel(id) }
                    }
                case .request(let id, _, _):
                    requests.withValue { $0.read(id) }
                default:
                    break
                }
                handling.async { [self] in handle(message) }
            }
        }
        handling.sync {}
        return exitStatus
    }

    private var exitStatus: Int32 {
        state.withValue { $0.phase == .shuttingDown } ? 0 : 1
    }

    /// Handles one message (`exit` is the reader's).
    private func handle(_ message: IncomingMessage) {
        switch message {
        case .request(let id, let method, let params):
            if requests.withValue({ $0.isCancelled(id) }) {
                respond(to: id, .failure(ResponseError(.requestCancelled, "the request was cancelled before it was handled")))
                return
            }
            if method == "workspace/executeCommand", state.withValue({ $0.phase }) == .running {
                executeCommand(id: id, params: params)
                return
            }
            do {
                respond(to: id, .success(try answer(method, params: params)))
            } catch {
                respond(to: id, .failure(error))
            }
        case .notification(let method, let params):
            do {
                try receive(method, params: params)
            } catch {
                log.write(.error, "dropped '\(method)': \(error)")
            }
        case .response(let id, let failed):
            // A client that refused to watch the files for the server
            // leaves it to the server, as for a client that cannot.
            if failed, id == Self.watchRegistration {
                log.write(.warning, "the client refused to watch the site's files; the server watches them itself")
                state.withValue { $0.clientWatchesFiles = false }
                watchSites()
            }
        }
    }

    /// Sends a request's one response, and forgets the request.
    private func respond(to id: RequestID, _ outcome: Result<JSONValue, ResponseError>) {
        requests.withValue { $0.answered(id) }
        switch outcome {
        case .success(let result): writer.send(OutgoingMessage.response(id: id, result: result))
        case .failure(let error): writer.send(OutgoingMessage.error(id: id, error))
        }
    }

    // MARK: - Requests

    private func answer(_ method: String, params: JSONValue?) throws(ResponseError) -> JSONValue {
        let phase = state.withValue { $0.phase }
        switch phase {
        case .uninitialized:
            guard method == "initialize" else {
                throw ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first")
            }
            return try initialize(params)
        case .shuttingDown:
            throw ResponseError(.invalidRequest, "the server is shutting down: only 'exit' is expected")
        case .running:
            switch method {
            case "initialize":
                throw ResponseError(.invalidRequest, "the server is already initialized")
            case "shutdown":
                state.withValue { $0.phase = .shuttingDown }
                return .null
            case "textDocument/completion", "textDocument/hover", "textDocument/codeAction", "textDocument/documentSymbol",
                 "textDocument/diagnostic", "textDocument/definition", "textDocument/references",
                 "textDocument/prepareRename", "textDocument/rename":
                do {
                    return try feature(method, Params(params))
                } catch {
                    throw ResponseError(.invalidParams, error.message)
                }
            default:
                throw ResponseError(.methodNotFound, "unknown method '\(method)'")
            }
        }
    }

    private func initialize(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let request: InitializeRequest
        do {
            request = try InitializeRequest(Params(params))
        } catch {
            throw ResponseError(.invalidParams, error.message)
        }
        let encoding = PositionEncoding.negotiated(from: request.positionEncodings)
        state.withValue { state in
            state.phase = .running
            state.encoding = encoding
            state.pullsDiagnostics = request.pullsDiagnostics
            state.clientWatchesFiles = request.watchesFiles
            for folder in request.folders { _ = state.workspace(containing: folder) }
        }
        let roots = state.withValue { $0.workspaces.keys.sorted() }
        log.write(.log, "position encoding \(encoding.rawValue); sites: \(roots.isEmpty ? "none yet" : roots.joined(separator: ", "))",
                  toClient: false)
        return ServerCapabilities.initializeResult(encoding: encoding, version: version,
                                                   pullsDiagnostics: request.pullsDiagnostics)
    }

    /// A request about an open document; `null` or an empty list for a
    /// document the server does not hold.
    private func feature(_ method: String, _ params: Params) throws(ParamsError) -> JSONValue {
        let object = try params.requireObject()
        let uri = try object.object("textDocument").string("uri")
        let snapshot = state.withValue { $0 }
        let document = snapshot.documents[uri]
        let workspace = document?.uri.path.flatMap { SiteRoot.find(from: $0) }.flatMap { snapshot.workspaces[$0] }
        let open = Dictionary(snapshot.documents.values.compactMap { document in document.uri.path.map { ($0, document) } },
                              uniquingKeysWith: { first, _ in first })
        let pages = workspace.map { SitePages(workspace: $0, open: open) }
        switch method {
        case "textDocument/codeAction":
            let range = try TextRange(object.member("range"))
            _ = try object.object("context")
            guard let document else { return .array([]) }
            return CodeActions.answer(for: document, range: range, published: snapshot.published[uri], workspace: workspace,
                                      open: open, encoding: snapshot.encoding)
        case "textDocument/diagnostic":
            return PulledDiagnostics.answer(for: document, record: snapshot.published[uri],
                                            previousResultID: try object.optionalString("previousResultId"),
                                            workspace: workspace, documents: Array(snapshot.documents.values),
                                            encoding: snapshot.encoding)
        case "textDocument/documentSymbol":
            guard let document else { return .array([]) }
            let display = document.uri.path.flatMap { workspace?.relativePath(of: $0) } ?? uri
            return DocumentSymbols.answer(for: document, displayPath: display, tokens: workspace?.layoutTokenTable ?? .empty,
                                          encoding: snapshot.encoding)
        default:
            let position = try Position(object.member("position"))
            guard let document else {
                return ["textDocument/completion", "textDocument/references"].contains(method) ? .array([]) : .null
            }
            let place = DocumentPlace(document: document, position: position, encoding: snapshot.encoding, workspace: workspace)
            switch method {
            case "textDocument/hover": return Hover.answer(at: place, pages: pages, published: snapshot.published[uri])
            case "textDocument/definition": return Navigation.definition(at: place, pages: pages)
            case "textDocument/references":
                let includeDeclaration = try object.optionalObject("context")?.optionalBool("includeDeclaration") ?? true
                return Navigation.references(at: place, pages: pages, includeDeclaration: includeDeclaration)
            case "textDocument/prepareRename": return Navigation.prepareRename(at: place)
            case "textDocument/rename":
                return try Navigation.rename(at: place, to: try object.string("newName"))
            default: return Completion.list(at: place, pages: pages)
            }
        }
    }

    // MARK: - Live preview

    /// The command that starts the live preview.
    static let previewCommand = "kumiki.preview"

    /// `workspace/executeCommand` `kumiki.preview`: starts the site's
    /// preview, or reuses it, and answers with the address of the row under
    /// the position once the editor's text is built and served. Answered
    /// from the preview's own queue, so no other message waits for a build.
    private func executeCommand(id: RequestID, params: JSONValue?) {
        let uri: DocumentURI, position: Position
        do throws(ParamsError) {
            let object = try Params(params).requireObject()
            let command = try object.string("command")
            guard command == Self.previewCommand else {
                throw ParamsError(message: "unknown command '\(command)'; the server's command is '\(Self.previewCommand)'")
            }
            guard let first = try object.optionalArray("arguments")?.first else { throw .missing("params.arguments[0]") }
            let argument = try first.requireObject()
            uri = DocumentURI(try argument.string("uri"))
            position = try Position(argument.member("position"))
        } catch {
            respond(to: id, .failure(ResponseError(.invalidParams, error.message)))
            return
        }
        guard let path = uri.path, let workspace = state.withValue({ $0.workspace(containing: path) }) else {
            respond(to: id, .failure(ResponseError(
                .invalidParams, "'\(uri.text)' is in no site: no folder above it holds kumiki.yml or Content/")))
            return
        }
        previewStarts.async { [self] in
            if requests.withValue({ $0.isCancelled(id) }) {
                respond(to: id, .failure(ResponseError(.requestCancelled, "the preview was cancelled before it started")))
                return
            }
            let preview: LivePreview
            if let known = previews.current[workspace.root] {
                preview = known
            } else {
                do throws(LivePreview.StartFailure) {
                    preview = try LivePreview.start(workspace: workspace)
                } catch {
                    respond(to: id, .failure(ResponseError(.internalError, error.message)))
                    return
                }
                previews.withValue { $0[workspace.root] = preview }
                log.write(.info, "preview of \(workspace.root) at http://127.0.0.1:\(preview.port)/")
                // Changes from now on rebuild it (`refreshPreviews`).
                preview.update(edits: openTexts(of: workspace), built: previewBuilt)
            }
            preview.waitForBuilds()
            let open = state.withValue { state in
                Dictionary(state.documents.values.compactMap { document in document.uri.path.map { ($0, document) } },
                           uniquingKeysWith: { first, _ in first })
            }
            let pages = SitePages(workspace: workspace, open: open)
            let page = pages.contentPath(ofAbsolute: path).flatMap { $0.hasSuffix(".md") ? $0 : nil }
            let url = preview.url(of: page, outline: page.flatMap { pages.outline(of: $0) }, line: position.line + 1)
            respond(to: id, .success(.object(["url": .string(url)])))
        }
    }

    /// The open documents of a site, as texts by path relative to its root.
    private func openTexts(of workspace: SiteWorkspace) -> [String: String] {
        state.withValue { state in
            Dictionary(state.documents.values.compactMap { document in
                document.uri.path.flatMap { workspace.relativePath(of: $0) }.map { ($0, document.text.text) }
            }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Builds every started preview again with the open documents' text.
    private func refreshPreviews() {
        for preview in previews.current.values { preview.update(edits: openTexts(of: preview.workspace), built: previewBuilt) }
    }

    /// Logs a preview build that failed: until it succeeds again the
    /// preview serves the last site that built, with these errors over it.
    private func previewBuilt(_ result: BuildResult) {
        guard !result.succeeded else { return }
        let first = result.diagnostics.sorted.first { $0.severity == .error }
        log.write(.warning, "the preview's build has \(result.diagnostics.errorCount) error(s)"
                  + (first.map { ", the first: \($0)" } ?? "") + "; it shows the last site that built")
    }

    // MARK: - Notifications

    private func receive(_ method: String, params: JSONValue?) throws(ParamsError) {
        guard state.withValue({ $0.phase }) == .running else { return }
        let params = Params(params)
        switch method {
        case "textDocument/didOpen":
            let document = try params.requireObject().object("textDocument")
            let opened = OpenDocument(
                uri: DocumentURI(try document.string("uri")), languageID: try document.optionalString("languageId") ?? "",
                version: try document.integer("version"), text: try document.string("text"))
            state.withValue { state in
                state.documents[opened.uri.text] = opened
                if let path = opened.uri.path { _ = state.workspace(containing: path) }
            }
            watchSites()
            scheduleCheck()
            refreshPreviews()
        case "textDocument/didChange":
            try change(params.requireObject())
        case "textDocument/didClose":
            let uri = try params.requireObject().object("textDocument").string("uri")
            let closed = state.withValue { state in
                state.published[uri] = nil
                return state.documents.removeValue(forKey: uri)
            }
            guard closed != nil else { throw ParamsError(message: "'\(uri)' is not open") }
            // The editor forgets the document's pushed diagnostics only
            // when told; pulled ones go with the document.
            if !state.withValue({ $0.pullsDiagnostics }) {
                writer.send(OutgoingMessage.notification(
                    "textDocument/publishDiagnostics", params: .object(["uri": .string(uri), "diagnostics": .array([])])))
            }
            scheduleCheck()
            refreshPreviews()
        case "initialized":
            if state.withValue({ $0.clientWatchesFiles }) {
                writer.send(OutgoingMessage.request(id: Self.watchRegistration, "client/registerCapability",
                                                    params: SiteWatching.registration))
            } else {
                watchSites()
            }
        case "workspace/didChangeWatchedFiles":
            scheduleCheck()
            refreshPreviews()
        case "textDocument/didSave":
            scheduleCheck()
        default:
            // `$/cancelRequest` (noted by the reader as it arrives: see
            // `PendingRequests`; stale diagnostics work is dropped by
            // versions), `$/setTrace` and notifications of features to come.
            break
        }
    }

    private func change(_ params: Params) throws(ParamsError) {
        let document = try params.object("textDocument")
        let uri = try document.string("uri")
        let version = try document.integer("version")
        guard let changes = try params.optionalArray("contentChanges") else { throw .missing("params.contentChanges") }
        // Read whole before anything is applied: a change the server
        // cannot read must not leave the document half edited.
        var edits: [(TextRange?, String)] = []
        for change in changes {
            let object = try change.requireObject()
            let rangeParams = object.member("range")
            edits.append((rangeParams.value == nil ? nil : try TextRange(rangeParams), try object.string("text")))
        }
        let outcome = state.withValue { state -> String? in
            // Taken out while it changes, so its text is not copied.
            guard var open = state.documents.removeValue(forKey: uri) else { return "'\(uri)' is not open" }
            guard version > open.version else {
                state.documents[uri] = open
                return "version \(version) of '\(uri)' is not newer than \(open.version); the change is ignored"
            }
            for (range, text) in edits { open.text.replace(range, with: text, encoding: state.encoding) }
            open.version = version
            state.documents[uri] = open
            return nil
        }
        if let outcome { throw ParamsError(message: outcome) }
        recheckBlocks(of: uri, version: version)
        scheduleCheck()
        refreshPreviews()
    }

    /// The id of the server's one request, its registration of file watching.
    private static let watchRegistration = RequestID.string("kumiki-watch")

    /// Watches every known site's files unless the client watches them.
    private func watchSites() {
        let roots = state.withValue { state in
            state.phase == .running && !state.clientWatchesFiles ? Array(state.workspaces.keys) : []
        }
        for root in roots {
            watching.watch(root) { [self] in
                scheduleCheck()
                refreshPreviews()
            }
        }
    }

    // MARK: - Diagnostics

    /// Publishes `version` of `uri`'s diagnostics at once when its edits
    /// since the last full check stayed inside layout blocks; nothing when
    /// a newer version arrived before or while the blocks were solved.
    private func recheckBlocks(of uri: String, version: Int) {
        recheckQueue.async { [self] in
            let (document, baseline, encoding, workspaces, documents) = state.withValue { state in
                (state.documents[uri], state.baselines[uri], state.encoding, state.workspaces, state.documents)
            }
            guard let document, document.version == version, let baseline, let path = document.uri.path,
                  let root = SiteRoot.find(from: path), let workspace = workspaces[root],
                  let relative = workspace.relativePath(of: path),
                  let diagnostics = BlockRecheck.diagnostics(for: document.text.text, displayPath: relative,
                                                             baseline: baseline, session: workspace.session)
            else { return }
            let open = Dictionary(documents.values.compactMap { other in
                other.uri.path.flatMap { workspace.relativePath(of: $0) }.map { ($0, other) }
            }, uniquingKeysWith: { first, _ in first })
            let message = OutgoingMessage.notification(
                "textDocument/publishDiagnostics",
                params: PublishedDiagnostics.params(for: document, diagnostics: diagnostics, workspace: workspace,
                                                    open: open, encoding: encoding))
            let isCurrent = state.withValue { state -> Bool in
                guard state.documents[uri]?.version == version else { return false }
                state.published[uri] = state.record(version: version, diagnostics: diagnostics)
                return true
            }
            if isCurrent { deliver([message]) }
        }
    }

    private func scheduleCheck() {
        scheduler.schedule { [self] isCurrent in publishDiagnostics(isCurrent: isCurrent) }
    }

    /// Checks every site with an open document, with the open documents'
    /// text in place of their files, and publishes each open document's
    /// diagnostics; nothing when a newer change arrived meanwhile.
    private func publishDiagnostics(isCurrent: @Sendable () -> Bool) {
        let (documents, encoding, workspaces) = state.withValue { state in
            (Array(state.documents.values), state.encoding, state.workspaces)
        }
        var bySite: [String: [(OpenDocument, String)]] = [:]
        for document in documents {
            guard let path = document.uri.path, let root = SiteRoot.find(from: path),
                  let relative = workspaces[root]?.relativePath(of: path) else { continue }
            bySite[root, default: []].append((document, relative))
        }
        var messages: [JSONValue] = []
        var records: [String: (version: Int, diagnostics: [Diagnostic])] = [:]
        for (root, open) in bySite.sorted(by: { $0.key < $1.key }) {
            guard let workspace = workspaces[root] else { continue }
            let edits = Dictionary(open.map { ($1, $0.text.text) }, uniquingKeysWith: { first, _ in first })
            let started = Date()
            let found = workspace.check(edits: edits)
            let checked = Dictionary(grouping: found.sorted.filter { $0.location != nil }, by: { $0.location!.file })
            // The baselines hold even when a newer change came meanwhile:
            // they are this text's diagnostics, which edits are measured
            // against.
            state.withValue { state in
                for (document, relative) in open where state.documents[document.uri.text] != nil {
                    state.baselines[document.uri.text] = BlockRecheck.Baseline(
                        text: document.text.text, diagnostics: checked[relative] ?? [])
                }
            }
            guard isCurrent() else { return }
            log.write(.log, "checked \(root) in \(Int(Date().timeIntervalSince(started) * 1000)) ms", toClient: false)
            let byFile = checked
            let openByPath = Dictionary(open.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for (document, relative) in open {
                records[document.uri.text] = (document.version, byFile[relative] ?? [])
                messages.append(OutgoingMessage.notification(
                    "textDocument/publishDiagnostics",
                    params: PublishedDiagnostics.params(for: document, diagnostics: byFile[relative] ?? [], workspace: workspace,
                                                        open: openByPath, encoding: encoding)))
            }
        }
        guard isCurrent() else { return }
        state.withValue { state in
            for (uri, record) in records where state.documents[uri] != nil {
                state.published[uri] = state.record(version: record.version, diagnostics: record.diagnostics)
            }
        }
        deliver(messages)
    }

    /// Sends new diagnostics: pushed as they are, or, to a client that
    /// pulls them, a request to pull again (each check covers every open
    /// document, so one refresh tells of all: a heading other pages link
    /// to, a token they use).
    private func deliver(_ published: [JSONValue]) {
        guard state.withValue({ $0.pullsDiagnostics }) else {
            for message in published { writer.send(message) }
            return
        }
        let serial = refreshes.withValue { count -> Int in
            count += 1
            return count
        }
        writer.send(OutgoingMessage.request(id: .string("kumiki-refresh-\(serial)"), "workspace/diagnostic/refresh", params: .null))
    }
}
