import Foundation
import KumikiSupport
import KumikiMarkdown

/// What the assemble stage adds up and writes.
struct AssembledSite {
    var diagnostics: [Diagnostic] = []
    var coverage = Coverage()
    var fencedBlockCount = 0
    /// The home page's gaps, then every other page's.
    var translations: [PageTranslationReport] = []
}

extension SiteBuilder {
    /// The assemble stage: what needs the index of the whole site but none
    /// of its rendered pages. The home page (with the site's coverage), one
    /// page per section, the 404 page, the sitemap, the theme's assets and
    /// the content folder's images.
    ///
    /// The home and section pages list every page with its translation
    /// coverage, which rendering costs more than the rest of a preview
    /// rebuild: each is kept in the session's store under a key of what it
    /// shows (`shared`, the pages' coverage, the index page's bytes) and
    /// rendered again only when that changes.
    func assemble(_ site: LoadedSite, shared: String, indexKey: String, reports: [PageTranslationReport],
                  into sink: some SiteSink) -> AssembledSite {
        var result = AssembledSite()
        let outdated = reports.reduce(0) { $0 + $1.translations.outdatedCount }
        let context = site.context
        for page in site.pages { result.coverage = result.coverage + page.translation }

        for asset in site.themeAssets {
            Self.write(asset.data, to: asset.path, sink: sink, diagnostics: &result.diagnostics)
        }
        let themePaths = Set(site.themeAssets.map(\.path))
        let pagesBySlug = Dictionary(site.pages.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        if context.hasChangeLog, let page = pagesBySlug[ChangeLogPage.folder] {
            result.diagnostics.append(.error(
                "the slug '\(page.slug)' is where the change log is written ('changelog' in kumiki.yml); choose another slug",
                at: page.frontMatter.slugValueLocation ?? SourceLocation(file: page.displayPath, line: 1), code: .invalidSlug))
        }
        for asset in site.contentAssets.sorted() {
            let clash = themePaths.contains(asset) ? "would replace the theme's file of the same path"
                : Self.clash(ofContentFile: asset, pagesBySlug: pagesBySlug, hasChangeLog: context.hasChangeLog)
            if let clash {
                result.diagnostics.append(.error(
                    "'\(asset)' in the content folder \(clash); rename it",
                    at: SourceLocation(file: "\(options.content.displayPath)/\(asset)", line: 1)))
                continue
            }
            if let data = options.content.contents(of: asset) {
                Self.write(data, to: asset, sink: sink, diagnostics: &result.diagnostics)
            }
        }

        if let index = site.index { result.coverage = result.coverage + index.translation }
        let homeTranslations = assembleHome(site, shared: shared, indexKey: indexKey, outdated: outdated, into: sink, result: &result)
        if let index = site.index {
            result.translations.append(PageTranslationReport(displayPath: index.displayPath, slug: "", title: index.title,
                                                             translations: homeTranslations))
        }
        result.translations += reports
        if site.config.hasTranslatorsPage,
           let html = site.templates.render(TranslatorsPage.values(result.translations, context: context), template: "translations") {
            Self.write(Data(html.utf8), to: TranslatorsPage.path, sink: sink, diagnostics: &result.diagnostics)
        }
        if context.hasChangeLog {
            let entries = ChangeLog(options: options, session: session).entries(site.config.changelog, limit: site.config.changelogLimit)
            if let html = site.templates.render(ChangeLogPage.values(entries, site: site, context: context), template: "changes") {
                Self.write(Data(html.utf8), to: ChangeLogPage.path, sink: sink, diagnostics: &result.diagnostics)
            }
        }
        for (number, section) in site.navigation.sections.enumerated() {
            let path = "\(Navigation.sectionsFolder)/\(section.slug)/index.html"
            let key = Self.assembledKey(shared: shared + "section \(number)", pages: section.pages, index: nil)
            // The output still holds the section page as the last build
            // wrote it: its key covers all it shows.
            if sink.keepsCurrentFile(at: path, fingerprint: key) { continue }
            var problems: [Diagnostic] = []
            if let kept = session.store.page(key, problems: &problems) {
                Self.write(kept.html, to: path, fingerprint: key, sink: sink, diagnostics: &result.diagnostics)
                continue
            }
            guard let html = site.templates.render(context.sectionValues(number), template: "section") else { continue }
            let data = Data(html.utf8)
            Self.write(data, to: path, fingerprint: key, sink: sink, diagnostics: &result.diagnostics)
            session.store.store(StoredPage(html: data, diagnostics: [], fencedBlockCount: 0), key: key, onDisk: false)
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

    /// The home page: the index page's body (with its own gaps) and every
    /// page's card, kept by the preview server while what it shows is
    /// unchanged. Returns the index page's gaps.
    private func assembleHome(_ site: LoadedSite, shared: String, indexKey: String, outdated: Int, into sink: some SiteSink,
                              result: inout AssembledSite) -> PageTranslations {
        let context = site.context
        let homeKey = Self.assembledKey(shared: shared + " outdated \(outdated) " + indexKey,
                                        pages: site.pages, index: site.index)
        var homeTranslations = PageTranslations()
        var problems: [Diagnostic] = []
        if let kept = session.store.page(homeKey, problems: &problems) {
            result.diagnostics.append(contentsOf: problems + kept.diagnostics)
            result.fencedBlockCount += kept.fencedBlockCount
            homeTranslations = kept.translations
            Self.write(kept.html, to: "index.html", fingerprint: homeKey, sink: sink, diagnostics: &result.diagnostics)
        } else {
            var indexBody = "", bodyDiagnostics: [Diagnostic] = [], bodyBlocks = 0
            if let index = site.index {
                let links = site.linkResolver(for: index, rootPrefix: "")
                homeTranslations = site.translations(of: index, anchors: Self.rowAnchors(index))
                let body = PageBodyRenderer(page: index, links: links, allowsRawHTML: site.config.allowsRawHTML,
                                            handlers: site.handlers, session: session,
                                            typography: JapaneseTypography(latinSpacing: site.config.japaneseLatinSpacing),
                                            translations: homeTranslations).render()
                (indexBody, bodyDiagnostics, bodyBlocks) = (body.html, body.diagnostics, body.fencedBlockCount)
            }
            result.diagnostics.append(contentsOf: bodyDiagnostics)
            result.fencedBlockCount += bodyBlocks
            let values = context.indexValues(index: site.index, body: indexBody, coverage: result.coverage,
                                             outdated: outdated + homeTranslations.outdatedCount)
            if let html = site.templates.render(values, template: "index") {
                let data = Data(html.utf8)
                Self.write(data, to: "index.html", fingerprint: homeKey, sink: sink, diagnostics: &result.diagnostics)
                session.store.store(StoredPage(html: data, diagnostics: bodyDiagnostics, fencedBlockCount: bodyBlocks,
                                               translations: homeTranslations), key: homeKey, onDisk: false)
            }
        }
        return homeTranslations
    }

    /// What an assembled page shows beyond `shared` (titles, summaries,
    /// slugs, configuration, templates, assets): each listed page's
    /// translation coverage, and the index page's own text.
    static func assembledKey(shared: String, pages: [Page], index: Page?) -> String {
        var key = StableHash()
        key.combine(field: shared)
        for page in pages {
            key.combine(field: "\(page.slug) \(page.translation.rows) \(page.translation.untranslated)")
        }
        if let index {
            key.combine(field: index.relativePath)
            key.combine(field: "\(index.translation.rows) \(index.translation.untranslated)")
            key.combine("\(index.data.count):")
            key.combine(bulk: index.data)
        }
        return key.hex
    }

    /// How a file of the content folder, copied to the same path of the
    /// site, would collide with a file the build writes (a page, the home
    /// or 404 page, the sitemap, search's and the site's own folders), or
    /// `nil` when it would not. One of the two would silently win, and
    /// which one could differ between a build with the store and one
    /// without.
    static func clash(ofContentFile path: String, pagesBySlug: [String: Page], hasChangeLog: Bool) -> String? {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        let top = parts[0]
        if SiteOwnNames.files.contains(path) { return "would replace the site's own '\(path)'" }
        let ownFolders = SiteOwnNames.folders + (hasChangeLog ? [ChangeLogPage.folder] : [])
        if ownFolders.contains(top) { return "is in the site's own folder '\(top)/'" }
        guard let page = pagesBySlug[top] else { return nil }
        if parts.count == 1 { return "is where the page '\(page.displayPath)' is written (its folder '\(top)/')" }
        if parts[1] == "index.html" { return "would replace the page '\(page.displayPath)'" }
        return nil
    }
}
