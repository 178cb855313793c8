import ArgumentParser
import Foundation
import KumikiSite

/// The options every command that reads a site shares.
struct SiteOptions: ParsableArguments {
    @Option(help: "The folder of Markdown pages.")
    var content = "Content"

    @Option(help: "The folder of templates and assets (default: Templates, or Kumiki's built-in theme when there is no Templates folder).")
    var templates: String?

    @Option(name: .customLong("base-url"), help: "The address the site is published at (for sitemap.xml and canonical links); overrides kumiki.yml.")
    var baseURL: String?

    @Flag(help: "Include pages marked 'draft: true'.")
    var drafts = false

    @Flag(name: .customLong("no-cache"), help: "Render every page afresh, neither reading nor writing the build cache (.kumiki-cache/).")
    var noCache = false

    var buildOptions: BuildOptions {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return BuildOptions(
            contentDirectory: URL(fileURLWithPath: content, relativeTo: current).standardizedFileURL,
            templatesDirectory: templatesDirectory(in: current),
            configDirectory: current,
            baseURL: baseURL,
            includeDrafts: drafts,
            cacheDirectory: noCache ? nil : current.appendingPathComponent(".kumiki-cache", isDirectory: true))
    }

    /// Whether the build uses the built-in theme: no `--templates` was
    /// given and the current folder has no `Templates/`.
    var usesBuiltInTheme: Bool {
        guard templates == nil else { return false }
        var isFolder: ObjCBool = false
        let path = FileManager.default.currentDirectoryPath + "/Templates"
        return !(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// `--templates` as given; else `Templates/`; else a folder holding the
    /// theme built into the binary, so a site needs only `Content/`. A
    /// folder named explicitly is never replaced: if it is missing, the
    /// build says so.
    private func templatesDirectory(in current: URL) -> URL {
        let folder = URL(fileURLWithPath: templates ?? "Templates", relativeTo: current).standardizedFileURL
        guard usesBuiltInTheme, let builtIn = try? EmbeddedTheme.materializedFolder() else { return folder }
        return builtIn
    }
}
