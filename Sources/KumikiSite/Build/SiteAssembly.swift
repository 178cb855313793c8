import Foundation
import KumikiDiagnostics
import KumikiMarkdown

/// What the assemble stage adds up and writes.
struct AssembledSite {
    var diagnostics: [Diagnostic] = []
    var coverage = Coverage()
    var fencedBlockCount = 0
}

extension SiteBuilder {
    /// The assemble stage: what needs the index of the whole site but none
    /// of its rendered pages. The home page (with the site's coverage), one
    /// page per section, the 404 page, the sitemap, the theme's assets and
    /// the content folder's images.
    func assemble(_ site: LoadedSite, into sink: some SiteSink) -> AssembledSite {
        var result = AssembledSite()
        let context = site.context
        for page in site.pages { result.coverage = result.coverage + page.translation }

        for asset in site.themeAssets {
            Self.write(asset.data, to: asset.path, sink: sink, diagnostics: &result.diagnostics)
        }
        let themePaths = Set(site.themeAssets.map(\.path))
        let contentDisplay = BuildOptions.displayPath(of: options.contentDirectory)
        for asset in site.contentAssets.sorted() {
            if themePaths.contains(asset) {
                result.diagnostics.append(.error(
                    "'\(asset)' in the content folder would replace the theme's file of the same path; rename it",
                    at: SourceLocation(file: "\(contentDisplay)/\(asset)", line: 1)))
                continue
            }
            if let data = FileManager.default.contents(atPath: options.contentDirectory.appendingPathComponent(asset).path) {
                Self.write(data, to: asset, sink: sink, diagnostics: &result.diagnostics)
            }
        }

        var indexBody = ""
        if let index = site.index {
            let links = site.linkResolver(for: index, rootPrefix: "")
            let body = PageBodyRenderer(page: index, links: links, allowsRawHTML: site.config.allowsRawHTML,
                                        handlers: site.handlers,
                                        typography: JapaneseTypography(latinSpacing: site.config.japaneseLatinSpacing)).render()
            result.diagnostics.append(contentsOf: body.diagnostics)
            indexBody = body.html
            result.coverage = result.coverage + index.translation
            result.fencedBlockCount += body.fencedBlockCount
        }
        if let html = site.templates.render(context.indexValues(index: site.index, body: indexBody, coverage: result.coverage), template: "index") {
            Self.write(Data(html.utf8), to: "index.html", sink: sink, diagnostics: &result.diagnostics)
        }
        for (number, section) in site.navigation.sections.enumerated() {
            guard let html = site.templates.render(context.sectionValues(number), template: "section") else { continue }
            Self.write(Data(html.utf8), to: "\(Navigation.sectionsFolder)/\(section.slug)/index.html",
                       sink: sink, diagnostics: &result.diagnostics)
        }
        if let html = site.templates.render(context.notFoundValues(), template: "404") {
            Self.write(Data(html.utf8), to: "404.html", sink: sink, diagnostics: &result.diagnostics)
        }
        if !site.config.baseURL.isEmpty {
            let xml = Sitemap.xml(baseURL: site.config.baseURL, slugs: site.pages.map(\.slug),
                                  sectionSlugs: site.navigation.sections.map(\.slug))
            Self.write(Data(xml.utf8), to: "sitemap.xml", sink: sink, diagnostics: &result.diagnostics)
        }
        return result
    }
}
