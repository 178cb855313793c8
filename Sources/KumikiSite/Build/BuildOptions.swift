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
    /// Where the site will be written, if anywhere: never read as content,
    /// and never allowed to be (or hold) the folders the build reads.
    public var outputDirectory: URL?
    /// The folder of the build cache (rendered pages kept between builds),
    /// or `nil` to render every page afresh.
    public var cacheDirectory: URL?

    public init(
        contentDirectory: URL, templatesDirectory: URL, configDirectory: URL,
        baseURL: String? = nil, includeDrafts: Bool = false, outputDirectory: URL? = nil,
        cacheDirectory: URL? = nil
    ) {
        self.cacheDirectory = cacheDirectory
        self.outputDirectory = outputDirectory
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.configDirectory = configDirectory
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
    }

    /// Why the output folder cannot be used, or `nil` when it can: writing
    /// the site replaces the whole folder, so it must not be (or contain)
    /// the content, the templates or the current folder.
    public var outputProblem: String? {
        guard let output = outputDirectory?.standardizedFileURL.path else { return nil }
        let protected = [
            ("content folder", contentDirectory), ("templates folder", templatesDirectory),
            ("current folder", configDirectory),
        ]
        for (name, url) in protected {
            let path = url.standardizedFileURL.path
            if path == output || path.hasPrefix(output.hasSuffix("/") ? output : output + "/") {
                return "the output folder '\(Self.displayPath(of: URL(fileURLWithPath: output)))' would replace the \(name); choose another --output"
            }
        }
        return nil
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
