import HTTPTypes

/// The preview server's own addresses, beside the site's pages: the
/// live-reload stream and the playground.
///
/// They live under the base path (`/docs/_kumiki/events` for a site at
/// `/docs/`), so a reverse proxy that forwards only the site's sub-path to
/// the preview still reaches them, and the server answers nothing outside
/// the base path but the redirect to it.
enum ServerEndpoint: CaseIterable, Hashable, Sendable {
    /// `_kumiki/events`: Server-Sent Events telling open pages to reload.
    case events
    /// `_kumiki/playground`: the playground page.
    case playground
    /// `_kumiki/playground/render`: one block in, its HTML out.
    case playgroundRender

    /// The folder of the endpoints, inside the base path.
    static let folder = "_kumiki"

    /// The path below the folder.
    private var name: String {
        switch self {
        case .events: "events"
        case .playground: "playground"
        case .playgroundRender: "playground/render"
        }
    }

    /// The one method the endpoint answers.
    var method: HTTPRequest.Method {
        switch self {
        case .events, .playground: .get
        case .playgroundRender: .post
        }
    }

    /// The endpoint's absolute path on the server: `/docs/_kumiki/events`.
    func path(under basePath: BasePath) -> String {
        basePath.value + Self.folder + "/" + name
    }

    /// The endpoint a request path asks for, if any. The path is compared
    /// as sent, as the site's own paths are (``SitePath``).
    init?(requestPath: String, basePath: BasePath) {
        guard let endpoint = Self.allCases.first(where: { $0.path(under: basePath) == requestPath }) else { return nil }
        self = endpoint
    }
}
