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

    @Flag(name: .customLong("no-cache"), help: "Compute every page and block afresh, neither reading nor writing the build store (.kumiki-cache/).")
    var noCache = false

    var buildOptions: BuildOptions {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return BuildOptions(
            content: DiskSource(URL(fileURLWithPath: content, relativeTo: current)),
            templates: templatesSource(in: current),
            configuration: DiskSource(current),
            baseURL: baseURL,
            includeDrafts: drafts,
            cacheDirectory: noCache ? nil : current.appendingPathComponent(".kumiki-cache", isDirectory: true))
    }

    /// Runs every check of a build and writes nothing: what `check` and
    /// `translations` read. Pages and blocks an earlier build stored are
    /// taken from the store (their keys cover everything they read, so
    /// their diagnostics are the ones a build would find), and nothing is
    /// added to it.
    func checkedBuild() -> BuildResult {
        let options = buildOptions
        let session = BuildSession(cacheDirectory: options.cacheDirectory, policy: options.cacheDirectory == nil ? .off : .readOnly)
        return SiteBuilder(options: options, session: session).check()
    }

    /// Whether the build uses the built-in theme: no `--templates` was
    /// given and the current folder has no `Templates/`.
    var usesBuiltInTheme: Bool {
        templates == nil
            && EmbeddedTheme.templatesFolder(ofSiteIn: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) == nil
    }

    /// `--templates` as given; else `Templates/`; else the theme built into
    /// the binary, read where it is, so a site needs only `Content/`. A
    /// folder named explicitly is never replaced: if it is missing, the
    /// build says so.
    private func templatesSource(in current: URL) -> any SiteSource {
        if usesBuiltInTheme { return EmbeddedTheme.source }
        return DiskSource(URL(fileURLWithPath: templates ?? "Templates", relativeTo: current))
    }
}
