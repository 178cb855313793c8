import Foundation

/// Where a build reads from and what it includes.
public struct BuildOptions: Sendable {
    /// The folder of Markdown pages.
    public var contentDirectory: URL
    /// The folder of Mustache templates and `assets/`.
    public var templatesDirectory: URL
    /// The folder `kumiki.yml` is read from.
    public var configDirectory: URL
    /// Overrides the configuration's `base_url` when set.
    public var baseURL: String?
    /// Builds pages marked `draft: true` too.
    public var includeDrafts: Bool

    public init(
        contentDirectory: URL, templatesDirectory: URL, configDirectory: URL,
        baseURL: String? = nil, includeDrafts: Bool = false
    ) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.configDirectory = configDirectory
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
    }

    /// How a folder is printed in diagnostics: relative to the current
    /// directory when it is inside it, as given otherwise.
    static func displayPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path == current { return "." }
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
