/// The names at the top of a built site that the build writes itself: no
/// page's slug, and no file of the content folder, may take one of them
/// (`PageLoader.slugProblem`, `SiteBuilder.clash(ofContentFile:…)`).
enum SiteOwnNames {
    /// The files the build writes at the site's top.
    static let files = ["index.html", "404.html", "sitemap.xml"]
    /// The folders the build fills (`assets/` is the theme's, shared with the
    /// content's images; the change log's `changes/` only when the site has one).
    static let folders = ["search", Navigation.sectionsFolder, TranslatorsPage.folder]
    /// What no page's slug may be: the site's own files and folders, and the
    /// theme's `assets/`.
    static let reservedSlugs: Set<String> = Set(["assets"] + files + folders)
}
