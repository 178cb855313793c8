import Foundation
import Hummingbird
import KumikiSite

/// Serves the site from memory: every request that is not for one of the
/// server's own endpoints (`BASE_kumiki/…`) ends here. Only keys of the built site can be
/// answered; anything else gets the site's 404 page with status 404.
struct SiteMiddleware<Context: RequestContext>: RouterMiddleware {
    let live: LiveReload
    let basePath: BasePath

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let snapshot = await live.snapshot
        let route = SitePath.route(request.uri.path, basePath: basePath) { snapshot.files[$0] != nil }
        switch route {
        case .file(let key):
            return file(key, status: .ok, snapshot: snapshot, headOnly: request.method == .head)
        case .redirect(let location):
            let query = request.uri.query.map { "?" + $0 } ?? ""
            return Response(status: .found, headers: [.location: location + query, .cacheControl: "no-store"])
        case .notFound:
            if snapshot.files["404.html"] != nil {
                return file("404.html", status: .notFound, snapshot: snapshot, headOnly: request.method == .head)
            }
            // No site yet (the first build failed): a bare page, which still
            // carries the error overlay and reloads once the site builds.
            let page = PageInjection.inject(into: Data(bareNotFoundPage.utf8), snapshot: snapshot, basePath: basePath)
            return Response(status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                            body: headOnly(request) ? .init() : .init(byteBuffer: ByteBuffer(bytes: page)))
        }
    }

    private func headOnly(_ request: Request) -> Bool { request.method == .head }

    private func file(_ key: String, status: HTTPResponse.Status, snapshot: SiteSnapshot, headOnly: Bool) -> Response {
        var data = snapshot.files[key] ?? Data()
        if ContentType.isHTML(key) { data = PageInjection.inject(into: data, snapshot: snapshot, basePath: basePath) }
        let headers: HTTPFields = [
            .contentType: ContentType.of(key),
            .contentLength: String(data.count),
            // The preview changes under the reader: never serve it from a cache.
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
        ]
        if headOnly { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: FileBody.make(data))
    }
}

/// The 404 answer while there is no site yet (the first build failed).
private let bareNotFoundPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
    <body><p>Not found.</p></body></html>

    """
