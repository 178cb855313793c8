import HTTPTypes
import Hummingbird

/// Refuses, before anything else runs, requests for a `Host` the preview
/// does not answer for and requests that do work from another site's pages
/// (see ``HostPolicy`` for the attacks these are).
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: HostPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A request that names its host twice could be checked under one
        // name and answered under another. (One that names it in its target,
        // `GET http://other/`, comes here as `GET /` for that host:
        // `HTTP1HeadHandler`.) A target that is not a path (`OPTIONS *`)
        // asks nothing of a site.
        if !request.headers[values: .host].isEmpty {
            return Self.refusal(.badRequest, "The request names its Host more than once.")
        }
        if !(request.head.path ?? "/").hasPrefix("/") {
            return Self.refusal(.badRequest, "The request's target must be a path; this server is not a proxy.")
        }
        let changesState = ![.get, .head, .options].contains(request.method)
        let verdict = policy.verdict(
            authority: request.head.authority, origin: request.headers[.origin],
            fetchSite: request.headers[.secFetchSite], changesState: changesState)
        switch verdict {
        case .allow:
            return try await next(request, context)
        case .missingHost:
            // RFC 9112 §3.2: a request without Host gets 400.
            return Self.refusal(.badRequest, "The request names no Host.")
        case .foreignHost(let host):
            // 421 Misdirected Request rather than 403: the request is not
            // forbidden to its sender, it reached a server that does not
            // serve that name (a rebinding page, or a proxy that needs
            // --allow-host). It says so without serving anything.
            return Self.refusal(.misdirectedRequest, """
                This preview server does not answer for the host '\(Self.printable(host))'. \
                If it is reached through a proxy under that name, start it with --allow-host NAME.
                """)
        case .crossOrigin(let source):
            // 403: the name is ours, but the page that sent the request is
            // not one of ours, and it must not make the server do work.
            return Self.refusal(.forbidden, "Requests that do work must come from the preview's own pages (\(Self.printable(source))).")
        }
    }

    private static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// The sender's text, cut short and without control characters, as it
    /// goes back into a message.
    private static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(200).filter { $0.properties.generalCategory != .control })
        return String(scalars)
    }
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site`: where, to the browser, a request comes from.
    static var secFetchSite: Self { Self("Sec-Fetch-Site")! }
    /// `Host`, when a request gives it again: the first is the request's
    /// authority, and no longer among its fields.
    static var host: Self { Self("Host")! }
}
