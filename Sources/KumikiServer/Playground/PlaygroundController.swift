import Foundation
import Hummingbird
import KumikiDiagnostics
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

    func page() -> Response {
        let html = PlaygroundPage.html(basePath: basePath, maximumBodySize: maximumBodySize)
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    func render(_ request: Request) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > maximumBodySize {
            throw HTTPError(.contentTooLarge, message: "A playground block is limited to \(maximumBodySize / 1024) KiB.")
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodySize)
        } catch {
            throw HTTPError(.contentTooLarge, message: "A playground block is limited to \(maximumBodySize / 1024) KiB.")
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
        let output = Self.render(input, info: info, handler: builder.layoutHandler)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(output)
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    static func render(_ input: PlaygroundRequest, info: String, handler: FencedBlockHandler?) -> PlaygroundResponse {
        let markdown = input.markdown(info: info)
        guard let handler else {
            return PlaygroundResponse(html: "", diagnostics: [.error("this site has no handler for layout blocks", at: nil)], markdown: markdown)
        }
        // Line 1 is the opening fence, as on a page: diagnostics count lines
        // the way the author sees them in the Markdown above.
        let block = FencedBlock(info: info, text: input.blockText,
                                start: SourceLocation(file: "playground", line: 1),
                                firstLine: SourceLocation(file: "playground", line: 2), index: 1)
        let output = handler.render(block)
        return PlaygroundResponse(html: output.standaloneHTML, diagnostics: output.diagnostics, markdown: markdown)
    }
}
