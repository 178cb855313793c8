import Foundation

/// Where a build reads from and what it includes.
public struct BuildOptions: Sendable {
    /// The Markdown pages and the files beside them (images).
    public var content: any SiteSource
    /// The Mustache templates and `assets/`.
    public var templates: any SiteSource
    /// The folder `kumiki.yml` is read from.
    public var configuration: any SiteSource
    /// Overrides the configuration's `base_url` when set.
    public var baseURL: String?
    /// Where the links of the 404 page start (`/`, `/docs/`) when the site
    /// is previewed: that page is served for any missing path, so its links
    /// cannot be relative. `nil`: the base URL, or `/` without one. Only the
    /// 404 page uses it, so the pages (and their cache entries) stay the
    /// same whichever address the preview listens on.
    public var notFoundRoot: String?
    /// Builds pages marked `draft: true` too.
    public var includeDrafts: Bool
    /// Where the site will be written, if anywhere: never read as content,
    /// and never allowed to be (or hold) the folders the build reads.
    public var outputDirectory: URL?
    /// The folder of the build store (rendered pages kept between builds),
    /// or `nil` to render every page afresh.
    public var cacheDirectory: URL?
    /// Writes the search index and shows the search field (`kumiki build
    /// --no-search` turns both off).
    public var indexesSearch = true

    public init(
        content: any SiteSource, templates: any SiteSource, configuration: any SiteSource,
        baseURL: String? = nil, includeDrafts: Bool = false, outputDirectory: URL? = nil,
        cacheDirectory: URL? = nil
    ) {
        self.content = content
        self.templates = templates
        self.configuration = configuration
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// A site whose three folders are on disk.
    public init(
        contentDirectory: URL, templatesDirectory: URL, configDirectory: URL,
        baseURL: String? = nil, includeDrafts: Bool = false, outputDirectory: URL? = nil,
        cacheDirectory: URL? = nil
    ) {
        self.init(
            content: DiskSource(contentDirectory), templates: DiskSource(templatesDirectory),
            configuration: DiskSource(configDirectory), baseURL: baseURL, includeDrafts: includeDrafts,
            outputDirectory: outputDirectory, cacheDirectory: cacheDirectory)
    }

    /// What a command writes to its output folder, which it replaces whole.
    public enum OutputKind: Sendable {
        /// A site (`kumiki build`): `index.html` and `404.html` at its top.
        case site
        /// A review report (`kumiki diff --format html`): one `index.html`.
        case report
    }

    /// Why the output folder cannot be used, or `nil` when it can: writing
    /// the site replaces the whole folder, so it must not be (or contain)
    /// anything the build reads: the content, the templates, the current
    /// folder, the build store, or `files` (paths from the folder of
    /// `kumiki.yml`: the token files, known once it is read; `nil` before).
    /// Nor may it lie inside the build store, or, once `files` are known,
    /// hold anything but what an earlier run wrote there
    /// (`ReplaceableFolder.strangers`): a `docs/` holding a hand-made
    /// `CNAME` lost it. (A folder that may never be replaced, `.git` say,
    /// is refused as the output is written, `StagedOutput.resolve`.)
    public func outputProblem(reading files: [String]? = nil, writing kind: OutputKind = .site) -> String? {
        guard let output = outputDirectory?.standardizedFileURL.path else { return nil }
        // The folders whose every file is the site's own input.
        let sources: [(name: String, url: URL?)] = [("content folder", content.directory), ("templates folder", templates.directory)]
        var protected = sources + [("current folder", configuration.directory), ("build store", cacheDirectory)]
        if let folder = configuration.directory {
            protected += (files ?? []).map { ("token file '\($0)'", folder.appendingPathComponent($0)) }
        }
        let shown = DiskSource.displayPath(of: URL(fileURLWithPath: output))
        for case let (name, url?) in protected where ReplaceableFolder.contains(output, url.path) {
            return "the output folder '\(shown)' would replace the \(name); choose another --output"
        }
        // Inside the build store nothing of a site belongs.
        if let store = cacheDirectory?.standardizedFileURL.path, ReplaceableFolder.contains(store, output) {
            return "the output folder '\(shown)' is inside the build store; choose another --output"
        }
        // A site kept inside its own content (`--content .`, `Site/`) still
        // builds: the build leaves it out of the content.
        guard files != nil, ReplaceableFolder.refusal(of: URL(fileURLWithPath: output)) == nil else { return nil }
        let strangers = ReplaceableFolder.strangers(in: output, kind: kind)
        if !strangers.isEmpty {
            let listed = strangers.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (strangers.count > 3 ? ", …" : "")
            switch kind {
            case .site:
                return "the output folder '\(shown)' holds files that are not a site built by Kumiki (\(listed)), and a build "
                    + "replaces the whole folder; choose another --output or empty it (a file to publish with the site, "
                    + "such as CNAME, goes in the content folder, which copies it)"
            case .report:
                return "the output folder '\(shown)' holds files that are not a review report (\(listed)), and the report "
                    + "replaces the whole folder; choose another --output or empty it"
            }
        }
        return nil
    }
}
