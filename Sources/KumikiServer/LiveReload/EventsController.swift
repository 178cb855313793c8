import Hummingbird
import ServiceLifecycle

/// `GET BASE_kumiki/events`: a Server-Sent Events stream per open page,
/// carrying `hello` once and `reload` after each build.
struct EventsController: Sendable {
    let live: LiveReload
    /// Streams open at once; more get 503.
    let maximumStreams: Int

    func stream(for request: Request) async -> Response {
        guard let events = await live.subscribe(atMost: maximumStreams) else {
            // An EventSource does not retry after an error status, so a
            // page beyond the limit stops asking instead of looping.
            return Response(
                status: .serviceUnavailable,
                headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .retryAfter: "5"],
                body: .init(byteBuffer: ByteBuffer(string: "Too many live-reload streams are open (at most \(maximumStreams)); close some preview tabs.\n")))
        }
        let headers: HTTPFields = [
            .contentType: "text/event-stream",
            .cacheControl: "no-store",
            .connection: "keep-alive",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // A page that goes away sends nothing; the stream would only
            // notice at its next write, after the next build, and keep the
            // connection (its file descriptor, its subscription) until then.
            // Watching the request side ends the stream as soon as the
            // connection closes. The stream also ends on graceful shutdown,
            // so Ctrl-C never waits on an open page.
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                for await event in events.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
            }
            try await writer.finish(nil)
        })
    }
}
