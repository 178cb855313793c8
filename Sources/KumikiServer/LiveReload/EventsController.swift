import Hummingbird
import ServiceLifecycle

/// `GET BASE_kumiki/events`: a Server-Sent Events stream per open page,
/// carrying `hello` once and `reload` after each build.
struct EventsController: Sendable {
    let live: LiveReload

    func stream() async -> Response {
        let events = await live.subscribe()
        let headers: HTTPFields = [
            .contentType: "text/event-stream",
            .cacheControl: "no-store",
            .connection: "keep-alive",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // The stream ends on graceful shutdown, so Ctrl-C never waits
            // on an open page; a closed page fails the next write.
            for await event in events.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: event.serverSentEvent))
            }
            try await writer.finish(nil)
        })
    }
}
