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
        // HEAD is answered wherever GET is (RFC 9110 §9.3.2), but for the
        // event stream, whose head would open a stream with no body.
        let isHeadOfPage = request.method == .head && endpoint == .playground
        guard request.method == endpoint.method || isHeadOfPage else {
            let allowed = endpoint == .playground ? "GET, HEAD" : endpoint.method.rawValue
            return Response(status: .methodNotAllowed, headers: [.allow: allowed])
        }
        switch endpoint {
        case .events: return await events.stream(for: request)
        case .playground:
            let page = playground.page()
            return isHeadOfPage ? Response(status: page.status, headers: page.headers) : page
        case .playgroundRender: return try await playground.render(request)
        }
    }
}
