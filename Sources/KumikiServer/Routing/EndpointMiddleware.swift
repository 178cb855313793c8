import Hummingbird

/// Answers the server's own endpoints (``ServerEndpoint``) under the base
/// path and hands every other request on, to the site.
///
/// A middleware rather than router routes: the base path is the author's
/// text, and the router would read a segment such as `:docs` or `*` as a
/// parameter or a wildcard.
struct EndpointMiddleware<Context: RequestContext>: RouterMiddleware {
    let basePath: BasePath
    let events: EventsController
    let playground: PlaygroundController

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let endpoint = ServerEndpoint(requestPath: request.uri.path, basePath: basePath) else {
            return try await next(request, context)
        }
        guard request.method == endpoint.method else {
            return Response(status: .methodNotAllowed, headers: [.allow: endpoint.method.rawValue])
        }
        switch endpoint {
        case .events: return await events.stream(for: request)
        case .playground: return playground.page()
        case .playgroundRender: return try await playground.render(request)
        }
    }
}
