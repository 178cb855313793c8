import Testing
@testable import KumikiServer

@Suite struct SitePathTests {
    let files: Set<String> = ["index.html", "404.html", "spacing/index.html", "assets/kumiki.css", "images/a b.png"]

    func route(_ path: String, base: String = "/") -> SiteRoute {
        SitePath.route(path, basePath: BasePath(base) ?? .root) { files.contains($0) }
    }

    @Test func rootAndFoldersServeTheirIndex() {
        #expect(route("/") == .file("index.html"))
        #expect(route("/spacing/") == .file("spacing/index.html"))
        #expect(route("/spacing/index.html") == .file("spacing/index.html"))
        #expect(route("/assets/kumiki.css") == .file("assets/kumiki.css"))
    }

    @Test func percentEncodedNamesAreDecoded() {
        #expect(route("/images/a%20b.png") == .file("images/a b.png"))
    }

    @Test func aFolderWithoutItsSlashRedirectsToIt() {
        #expect(route("/spacing") == .redirect("/spacing/"))
        #expect(route("/docs/spacing", base: "/docs/") == .redirect("/docs/spacing/"))
    }

    @Test func missingFilesAreNotFound() {
        #expect(route("/nothing.html") == .notFound)
        #expect(route("/nothing/") == .notFound)
    }

    @Test(arguments: [
        "/../etc/passwd", "/spacing/../index.html", "/./index.html", "/%2e%2e/index.html", "/%2E%2E/%2e%2e/etc/passwd",
        "/spacing/%2e%2e/index.html", "/..%2findex.html", "/spacing%2findex.html", "/spacing%2Findex.html",
        "/spacing%5cindex.html", "/spacing\\index.html", "/index.html%00", "/%00", "//index.html", "/spacing//index.html",
        "/%zz", "/%2", "/%c0%ae%c0%ae/index.html",
    ])
    func escapesAndOddEncodingsAreNotFound(path: String) {
        #expect(route(path) == .notFound)
        #expect(route("/docs" + path, base: "/docs/") == .notFound)
    }

    @Test func underABasePathTheSiteLivesThereOnly() {
        #expect(route("/docs/", base: "/docs/") == .file("index.html"))
        #expect(route("/docs/spacing/", base: "/docs/") == .file("spacing/index.html"))
        #expect(route("/", base: "/docs/") == .redirect("/docs/"))
        #expect(route("/docs", base: "/docs/") == .redirect("/docs/"))
        #expect(route("/spacing/", base: "/docs/") == .notFound)
        #expect(route("/docsx/index.html", base: "/docs/") == .notFound)
        #expect(route("/docs/../index.html", base: "/docs/") == .notFound)
    }

    @Test func basePathsAreNormalised() {
        #expect(BasePath("docs")?.value == "/docs/")
        #expect(BasePath("/a/b")?.value == "/a/b/")
        #expect(BasePath("/")?.value == "/")
        #expect(BasePath("")?.value == "/")
        #expect(BasePath("/../x") == nil)
        #expect(BasePath("/a%2e/") == nil)
        #expect(BasePath("/a\\b/") == nil)
    }

    /// A base path outside ASCII is kept as browsers send it, so its pages
    /// are found where the server says they are.
    @Test func aBasePathOutsideASCIIIsPercentEncodedAndRoutes() {
        let base = BasePath("/ドキュメント/")
        #expect(base?.value == "/%E3%83%89%E3%82%AD%E3%83%A5%E3%83%A1%E3%83%B3%E3%83%88/")
        let encoded = "/%E3%83%89%E3%82%AD%E3%83%A5%E3%83%A1%E3%83%B3%E3%83%88/"
        #expect(SitePath.route(encoded + "spacing/", basePath: base ?? .root) { $0 == "spacing/index.html" } == .file("spacing/index.html"))
        #expect(SitePath.route("/", basePath: base ?? .root) { _ in true } == .redirect(encoded))
    }

    @Test func contentTypesFollowTheExtension() {
        #expect(ContentType.of("index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("assets/kumiki.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("assets/kumiki.js") == "text/javascript; charset=utf-8")
        #expect(ContentType.of("a/diagram.svg") == "image/svg+xml")
        #expect(ContentType.of("sitemap.xml") == "application/xml")
        #expect(ContentType.of("photo.JPG") == "image/jpeg")
        #expect(ContentType.of("icon.png") == "image/png")
        #expect(ContentType.of("data.json") == "application/json")
        #expect(ContentType.of("README") == "application/octet-stream")
    }
}
