import ArgumentParser
import Foundation
import KumikiSite

/// The options every command that reads a site shares.
struct SiteOptions: ParsableArguments {
    @Option(help: "The folder of Markdown pages.")
    var content = "Content"

    @Option(help: "The folder of templates and assets.")
    var templates = "Templates"

    @Option(name: .customLong("base-url"), help: "The address the site is published at (for sitemap.xml and canonical links); overrides kumiki.yml.")
    var baseURL: String?

    @Flag(help: "Include pages marked 'draft: true'.")
    var drafts = false

    var buildOptions: BuildOptions {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return BuildOptions(
            contentDirectory: URL(fileURLWithPath: content, relativeTo: current).standardizedFileURL,
            templatesDirectory: URL(fileURLWithPath: templates, relativeTo: current).standardizedFileURL,
            configDirectory: current,
            baseURL: baseURL,
            includeDrafts: drafts)
    }
}
