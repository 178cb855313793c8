import Foundation
import KumikiSupport
import KumikiSite

/// The repository the tests belong to, found from this file's own path, so
/// that the tests use the real `Templates/` and `Content/`.
enum Repository {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    static var templates: URL { root.appendingPathComponent("Templates") }
    static var content: URL { root.appendingPathComponent("Content") }
}

/// A small site written into a fresh temporary folder: `Content/` with the
/// given files, an optional `kumiki.yml` beside it, and the repository's
/// templates. The folder is removed when the value goes away.
final class TemporarySite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var configFile: URL { root.appendingPathComponent("kumiki.yml") }

    /// - Parameters:
    ///   - pages: files of the content folder by relative path (`a.md`,
    ///     `guides/b.md`), as text.
    ///   - config: the text of `kumiki.yml`, or `nil` for none.
    init(_ pages: [String: String] = [:], config: String? = nil) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kumiki-site-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (path, text) in pages { try write(path, Data(text.utf8)) }
        if let config { try Data(config.utf8).write(to: configFile) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes a file of the content folder, creating its folders.
    func write(_ path: String, _ data: Data) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// How diagnostics name a file of the content folder.
    func displayPath(_ path: String) -> String { content.standardizedFileURL.path + "/" + path }

    /// How diagnostics name `kumiki.yml`.
    var configDisplayPath: String { configFile.standardizedFileURL.path }

    func build(
        baseURL: String? = nil, includeDrafts: Bool = false,
        templates: URL = Repository.templates, output: URL? = nil, cache: PageCache? = nil,
        cacheDirectory: URL? = nil
    ) -> BuildResult {
        let options = BuildOptions(
            contentDirectory: content, templatesDirectory: templates, configDirectory: root,
            baseURL: baseURL, includeDrafts: includeDrafts, outputDirectory: output, cacheDirectory: cacheDirectory)
        var builder = SiteBuilder(options: options)
        builder.cache = cache
        return builder.build()
    }

    /// A copy of the repository's templates in this site's folder, with the
    /// given files replaced, for tests that read a template value directly.
    func templates(replacing files: [String: String]) throws -> URL {
        let copy = root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Repository.templates, to: copy)
        for (name, text) in files {
            try Data(text.utf8).write(to: copy.appendingPathComponent(name))
        }
        return copy
    }
}

extension BuildResult {
    /// A file of the built site as text, or an empty string when it is missing.
    func text(_ path: String) -> String {
        site[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Every diagnostic as the command line prints it.
    var printed: [String] { diagnostics.sorted.map(\.description) }

    var errors: [Diagnostic] { diagnostics.items.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { diagnostics.items.filter { $0.severity == .warning } }
}

/// A bilingual page: front matter from `matter` lines, then `body`.
func page(_ matter: [String], _ body: String = "") -> String {
    "---\n" + matter.joined(separator: "\n") + "\n---\n\n" + body
}

/// One English paragraph and its Japanese partner.
func bilingualParagraph(_ english: String, _ japanese: String) -> String {
    "\(english)\n\n\(japanese)\n\n"
}
