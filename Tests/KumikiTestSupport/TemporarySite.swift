import Foundation
import KumikiSupport
import KumikiSite

/// A small site written into a fresh temporary folder: `Content/` with the
/// given files and an optional `kumiki.yml` beside it. The folder is
/// removed when the value goes away.
public final class TemporarySite: Sendable {
    /// The folder the site is in; it goes away with the site.
    public let folder: TemporaryFolder
    public var root: URL { folder.root }
    public var content: URL { root.appendingPathComponent("Content") }
    /// `Templates/` beside `Content/`, once `copyTemplates` has made it.
    public var templates: URL { root.appendingPathComponent("Templates") }
    public var configFile: URL { root.appendingPathComponent("kumiki.yml") }

    /// - Parameters:
    ///   - pages: files of the content folder by relative path (`a.md`,
    ///     `guides/b.md`), as text.
    ///   - config: the text of `kumiki.yml`, or `nil` for none.
    public init(_ pages: [String: String] = [:], config: String? = nil) throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (path, text) in pages { try write(path, text) }
        if let config { try Data(config.utf8).write(to: configFile) }
    }

    /// Writes a file of the content folder, creating its folders.
    public func write(_ path: String, _ data: Data) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Writes a text file of the content folder, creating its folders.
    public func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    /// Creates a file (or, with `folder`, a folder) of the content folder
    /// named by bytes, which need not be UTF-8 (no `String` or `URL` holds
    /// such a name); its folders must exist. Whether it was made.
    public func create(named name: [UInt8], folder: Bool = false, text: String = "") -> Bool {
        let path = Array(content.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { path -> Bool in
                if folder { return mkdir(path.baseAddress!, 0o755) == 0 }
                let descriptor = open(path.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { return false }
                let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                return (try? file.write(contentsOf: Data(text.utf8))) != nil
            }
        }
    }

    /// How diagnostics name a file of the content folder.
    public func displayPath(_ path: String) -> String { content.standardizedFileURL.path + "/" + path }

    /// How diagnostics name `kumiki.yml`.
    public var configDisplayPath: String { configFile.standardizedFileURL.path }

    /// The options of a build of this site, with the repository's templates
    /// unless told otherwise.
    public func buildOptions(
        baseURL: String? = nil, includeDrafts: Bool = false, templates: URL = Repository.templates,
        output: URL? = nil, cacheDirectory: URL? = nil
    ) -> BuildOptions {
        BuildOptions(
            contentDirectory: content, templatesDirectory: templates, configDirectory: root,
            baseURL: baseURL, includeDrafts: includeDrafts, outputDirectory: output, cacheDirectory: cacheDirectory)
    }

    /// Builds the site in memory.
    public func build(
        baseURL: String? = nil, includeDrafts: Bool = false,
        templates: URL = Repository.templates, output: URL? = nil, session: BuildSession? = nil,
        cacheDirectory: URL? = nil
    ) -> BuildResult {
        SiteBuilder(options: buildOptions(
            baseURL: baseURL, includeDrafts: includeDrafts, templates: templates, output: output,
            cacheDirectory: cacheDirectory), session: session).build()
    }

    /// Copies the repository's templates into `templates`, with the given
    /// files replaced (for tests that read a template value directly).
    @discardableResult
    public func copyTemplates(replacing files: [String: String] = [:]) throws -> URL {
        try FileManager.default.copyItem(at: Repository.templates, to: templates)
        for (name, text) in files {
            try Data(text.utf8).write(to: templates.appendingPathComponent(name))
        }
        return templates
    }
}

extension BuildResult {
    /// A file of the built site as text, or an empty string when it is missing.
    public func text(_ path: String) -> String {
        site[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Every diagnostic as the command line prints it.
    public var printed: [String] { diagnostics.sorted.map(\.description) }

    public var errors: [Diagnostic] { diagnostics.items.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.items.filter { $0.severity == .warning } }
}
