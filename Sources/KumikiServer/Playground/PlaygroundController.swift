import Foundation
import Hummingbird
import NIOCore
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite

/// `GET BASE_kumiki/playground` (the page) and `POST
/// BASE_kumiki/playground/render` (one block in, its HTML and diagnostics
/// out). A block goes to the site's own `layout` handler, the very function
/// the build calls, so the playground shows what a page would.
struct PlaygroundController: Sendable {
    /// The site's `layout` handler as of the latest build.
    let builder: PreviewBuilder
    let basePath: BasePath
    /// The largest request body accepted; larger ones get 413.
    let maximumBodySize: Int
    /// What a block may cost (its size, its time).
    let limits: ServerLimits
    /// Where blocks are solved, off the server's threads.
    let solves: SolveQueue

    init(builder: PreviewBuilder, basePath: BasePath, maximumBodySize: Int, limits: ServerLimits = .standard) {
        self.builder = builder
        self.basePath = basePath
        self.maximumBodySize = maximumBodySize
        self.limits = limits
        solves = SolveQueue(concurrency: limits.concurrentSolves, waitingLimit: limits.queuedSolves)
    }

    func page() -> Response {
        let html = PlaygroundPage.html(basePath: basePath, maximumBodySize: maximumBodySize)
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    func render(_ request: Request) async throws -> Response {
        let tooLong = "A playground request is limited to \(maximumBodySize / 1024) KiB."
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maximumBodySize {
            return Self.refusal(.contentTooLarge, tooLong)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            return Self.refusal(.contentTooLarge, tooLong)
        } catch {
            // A body that cannot be read (malformed chunks) is not too large.
            return Self.refusal(.badRequest, "The request's body could not be read.")
        }
        let input: PlaygroundRequest
        do {
            input = try JSONDecoder().decode(PlaygroundRequest.self, from: Data(body.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "Send JSON: {\"kind\": \"layout\"|\"do\"|\"dont\", \"text\": \"…\", \"environment\": \"devices: phones\"}.")
        }
        guard let info = input.info else {
            throw HTTPError(.badRequest, message: "The kind is one of layout, do and dont, not '\(input.kind)'.")
        }
        let handler = builder.layoutHandler
        let catalog = builder.deviceCatalog
        let tokens = builder.layoutTokenTable
        let budget = PlaygroundBudget(limits: limits)
        // The size check runs with the solve, off the server's threads: parsing
        // is bounded by the text limits but not free.
        let outcome = await solves.run(budget: limits.solveTimeBudget) { isAbandoned -> Result<PlaygroundResponse, BlockTooLarge> in
            if handler != nil, let problem = budget.problem(
                text: input.blockText, kind: LayoutBlockKind(infoString: info) ?? .layout, catalog: catalog, tokens: tokens) {
                return .failure(BlockTooLarge(message: problem))
            }
            return .success(Self.render(input, info: info, handler: handler, until: isAbandoned))
        }
        switch outcome {
        case .finished(.success(let output)):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = try encoder.encode(output)
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: json)))
        case .finished(.failure(let tooLarge)):
            return Self.refusal(.contentTooLarge, tooLarge.message)
        case .busy:
            return Self.refusal(.serviceUnavailable, "The playground is busy solving other blocks; try again in a moment.", retryAfter: 1)
        case .waitedTooLong:
            return Self.refusal(.serviceUnavailable,
                                "The playground was busy solving other blocks for the whole of this one's time budget, "
                                    + "so it was not solved; try again in a moment.", retryAfter: 1)
        case .tookTooLong:
            let seconds = limits.solveTimeBudget.components.seconds
            return Self.refusal(.serviceUnavailable, """
                The block took longer than \(seconds > 0 ? "\(seconds) s" : "its time budget") to solve, the playground's limit. \
                Try fewer views or environments (an environment line such as 'devices: phones').
                """, retryAfter: 2)
        }
    }

    /// Why a block was not solved.
    struct BlockTooLarge: Error {
        var message: String
    }

    /// A refusal the playground page shows as it is: plain text.
    private static func refusal(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// The block's figure and diagnostics from `handler`, which stops part-way,
    /// when it can, once `isAbandoned` says the answer is no longer wanted.
    static func render(
        _ input: PlaygroundRequest, info: String, handler: FencedBlockHandler?,
        until isAbandoned: @escaping @Sendable () -> Bool = { false }
    ) -> PlaygroundResponse {
        let markdown = input.markdown(info: info)
        guard let handler else {
            return PlaygroundResponse(html: "", diagnostics: [.error("this site has no handler for layout blocks", at: nil)], markdown: markdown)
        }
        // Line 1 is the opening fence, as on a page: diagnostics count lines
        // the way the author sees them in the Markdown above.
        let block = FencedBlock(info: info, text: input.blockText,
                                start: SourceLocation(file: "playground", line: 1),
                                firstLine: SourceLocation(file: "playground", line: 2), index: 1)
        let output = handler.prepare(block).render(until: isAbandoned)
        return PlaygroundResponse(html: output.standaloneHTML, diagnostics: output.diagnostics, markdown: markdown)
    }
}
