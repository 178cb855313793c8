import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiSearch

/// What rendering one page left behind once its HTML was written: a few
/// numbers and its diagnostics, never the HTML itself.
struct RenderedPage {
    var diagnostics: [Diagnostic]
    var fencedBlockCount: Int
    /// The key the page is cached under.
    var key: String
    /// What the page gives the site's search index; nil without search.
    var search: PageIndexing?
    /// The page's untranslated and possibly outdated rows, for the
    /// translators' page.
    var translations: PageTranslations
}

extension SiteBuilder {
    /// The render stage: every page's body, through the `page` template, on
    /// every core at once, each written to `sink` as soon as it is ready.
    ///
    /// Results come back in navigation order whatever the scheduling, so the
    /// diagnostics and everything counted from them are the same on one core
    /// or many. Pages whose text and shared inputs are unchanged since the
    /// cache saw them are written from the cache.
    ///
    /// `indexedKeys` are the keys of the pages the last build's search
    /// postings hold (`SearchIndexState`): such a page whose script is still
    /// in the output gives the index nothing new to read.
    func renderPages(_ site: LoadedSite, shared: String, indexedKeys: Set<String> = [],
                     into sink: some SiteSink) -> [RenderedPage] {
        let pages = site.pages
        let context = site.context
        let cache = self.cache, diskCache = options.cacheDirectory.map(BuildCache.init(folder:))
        let storesHeldPages = self.storesHeldPages, storesRenderedPages = self.storesRenderedPages
        let progress = self.progress, finished = LockedValue(0)
        return concurrentMap(pages.count) { number -> RenderedPage in
            let page = pages[number]
            defer { progress?(finished.withValue { $0 += 1; return $0 }, pages.count, page.displayPath) }
            let key = Self.pageKey(page, shared: shared, history: site.historyKey(of: page))
            let path = "\(page.slug)/index.html"
            let indexed = Self.isIndexedAsItIs(page, key: key, indexedKeys: indexedKeys, site: site, sink: sink)
            // The output still holds this page as the last build wrote it:
            // nothing to render, read or write.
            if sink.keepsCurrentFile(at: path, fingerprint: key),
               let stored = diskCache?.pageMetadata(key, includingSearch: site.indexesSearch && !indexed) {
                var diagnostics = stored.diagnostics
                let search = Self.index(page, key: key, stored: stored.search, indexed: indexed, site: site, sink: sink,
                                        diagnostics: &diagnostics)
                return RenderedPage(diagnostics: diagnostics, fencedBlockCount: stored.fencedBlockCount, key: key,
                                    search: search, translations: stored.translations)
            }
            if let hit = cache?.rendered(at: page.relativePath, key: key) {
                var diagnostics = hit.diagnostics
                Self.write(hit.html, to: path, fingerprint: key, sink: sink, diagnostics: &diagnostics)
                let storesPage = storesHeldPages && diskCache.map { !$0.holds(key) } ?? false
                let entries = indexed && !storesPage ? nil
                    : Self.searchEntries(page, stored: hit.search ?? (storesPage ? nil : diskCache?.searchEntries(key)), site: site)
                if storesPage, let diskCache {
                    diskCache.store(BuildCache.Page(html: hit.html, diagnostics: hit.diagnostics, fencedBlockCount: hit.fencedBlockCount,
                                                    translations: hit.translations, search: entries), key: key)
                }
                let search = Self.index(page, key: key, stored: entries, indexed: indexed, site: site, sink: sink,
                                        diagnostics: &diagnostics)
                return RenderedPage(diagnostics: diagnostics, fencedBlockCount: hit.fencedBlockCount, key: key,
                                    search: search, translations: hit.translations)
            }
            var problems: [Diagnostic] = []
            if let stored = diskCache?.page(key, problems: &problems) {
                var diagnostics = problems + stored.diagnostics
                Self.write(stored.html, to: path, fingerprint: key, sink: sink, diagnostics: &diagnostics)
                // The preview server rebuilds on every save: reading the
                // whole site from disk each time was most of a rebuild.
                cache?.remember(PageCache.Rendered(key: key, html: stored.html, diagnostics: stored.diagnostics,
                                                   fencedBlockCount: stored.fencedBlockCount, translations: stored.translations,
                                                   search: stored.search),
                                at: page.relativePath)
                let search = Self.index(page, key: key, stored: stored.search, indexed: indexed, site: site, sink: sink,
                                        diagnostics: &diagnostics)
                return RenderedPage(diagnostics: diagnostics, fencedBlockCount: stored.fencedBlockCount, key: key,
                                    search: search, translations: stored.translations)
            }
            let links = site.linkResolver(for: page, rootPrefix: "../")
            let translations = site.translations(of: page, anchors: Self.rowAnchors(page))
            let body = PageBodyRenderer(page: page, links: links, allowsRawHTML: site.config.allowsRawHTML,
                                        handlers: site.handlers,
                                        typography: JapaneseTypography(latinSpacing: site.config.japaneseLatinSpacing),
                                        translations: translations).render()
            var diagnostics = problems + body.diagnostics
            let entries = Self.searchEntries(page, stored: nil, site: site)
            let values = context.pageValues(page, body: body.html, translations: translations, editHref: site.editHref(of: page))
            if let html = site.templates.render(values, template: "page") {
                let bytes = Data(html.utf8)
                Self.write(bytes, to: path, fingerprint: key, sink: sink, diagnostics: &diagnostics)
                cache?.store(PageCache.Rendered(key: key, html: bytes, diagnostics: body.diagnostics,
                                                fencedBlockCount: body.fencedBlockCount, translations: translations,
                                                search: entries),
                             at: page.relativePath)
                if storesRenderedPages {
                    diskCache?.store(BuildCache.Page(html: bytes, diagnostics: body.diagnostics, fencedBlockCount: body.fencedBlockCount,
                                                     translations: translations, search: entries), key: key)
                }
            }
            let search = Self.index(page, key: key, stored: entries, indexed: indexed, site: site, sink: sink,
                                    diagnostics: &diagnostics)
            // The tree is not needed again: let it go, so memory holds the
            // pages in flight, not the whole site (a later build that must
            // render the page again parses it again).
            page.releaseParsedBody()
            return RenderedPage(diagnostics: diagnostics, fencedBlockCount: body.fencedBlockCount, key: key,
                                search: search, translations: translations)
        }
    }

    /// The page's search entries when the site is indexed: `stored` (from
    /// the build cache, so a cached page is not parsed) or made from its
    /// rows. The build cache keeps them in the page's own entry.
    static func searchEntries(_ page: Page, stored: PageSearchEntries?, site: LoadedSite) -> PageSearchEntries? {
        guard site.indexesSearch else { return nil }
        if let stored, stored.slug == page.slug { return stored }
        return page.searchEntries(handlers: site.handlers)
    }

    /// Whether the last build's search postings hold the page as it is and
    /// its script is still in the output: then the index needs nothing of it.
    static func isIndexedAsItIs(_ page: Page, key: String, indexedKeys: Set<String>, site: LoadedSite,
                                sink: some SiteSink) -> Bool {
        site.indexesSearch && indexedKeys.contains(key)
            && sink.keepsCurrentFile(at: PageSearchEntries.scriptPath(slug: page.slug), fingerprint: scriptFingerprint(key))
    }

    /// What the page gives the index: nothing new when it is indexed as it
    /// is, else its entries, whose script (`search/p/SLUG.js`) is written
    /// here so only its terms are kept until the index is written. Nil when
    /// the site is not indexed.
    ///
    /// Written with the index instead, on the core the assemble stage
    /// leaves idle, the scripts made a 1,000-page build 15–30 ms shorter on
    /// a tmpfs or a journaled ext4, but 0.5 s longer on an ext4 without a
    /// journal right after a deletion: there each new file costs the kernel
    /// a search past the recently freed inodes, and a thousand in a row on
    /// one core no longer overlap other work.
    static func index(_ page: Page, key: String, stored: PageSearchEntries?, indexed: Bool, site: LoadedSite,
                      sink: some SiteSink, diagnostics: inout [Diagnostic]) -> PageIndexing? {
        guard site.indexesSearch else { return nil }
        if indexed { return .unchanged }
        guard var entries = searchEntries(page, stored: stored, site: site) else { return nil }
        write(Data(entries.script), to: entries.scriptPath, fingerprint: scriptFingerprint(key), sink: sink,
              diagnostics: &diagnostics)
        entries.script = []
        return .entries(entries)
    }

    /// The fingerprint a page's script is written under: the script depends
    /// on nothing the page's key leaves out.
    static func scriptFingerprint(_ key: String) -> String { "search-" + key }

    /// The anchor of every row, by segment index (`RowAnchor`).
    static func rowAnchors(_ page: Page) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: page.segmentAnchors.enumerated().map { ($0.offset, $0.element) })
    }

    /// A page's cache key: everything its HTML depends on. Its own bytes,
    /// path and slug, its history (`LoadedSite.historyKey`), and what every
    /// page shares (`sharedSignature`). The
    /// build of Kumiki is not in the key: each build has its own cache.
    static func pageKey(_ page: Page, shared: String, history: String = "") -> String {
        var key = StableHash()
        key.combine(field: shared)
        key.combine(field: history)
        key.combine(field: page.relativePath)
        key.combine(field: page.displayPath)
        key.combine(field: page.slug)
        key.combine("\(page.data.count):")
        key.combine(bulk: page.data)
        return key.hex
    }

    /// Writes one file, turning a failure into an error of the build.
    /// `fingerprint` stands for its bytes (a page's key); without one the
    /// sink works it out from the bytes if it needs one.
    static func write(_ data: Data, to path: String, fingerprint: String? = nil, sink: some SiteSink,
                      diagnostics: inout [Diagnostic]) {
        do {
            if let fingerprint {
                try sink.write(data, to: path, fingerprint: fingerprint)
            } else {
                try sink.write(data, to: path)
            }
        } catch {
            diagnostics.append(.error(error.description, at: nil))
        }
    }

    /// What every page's rendering depends on besides its own text: the
    /// navigation (titles, order, sections), every page's slug and anchors
    /// (links are checked against them), the content files, the
    /// configuration, the templates and the assets. Valid within one process.
    func sharedSignature(_ site: LoadedSite) -> String {
        var hash = StableHash()
        for section in site.navigation.sections {
            hash.combine(field: section.name.english)
            hash.combine(field: section.name.japanese)
            for page in section.pages {
                hash.combine(field: page.slug)
                hash.combine(field: page.title.english)
                hash.combine(field: page.title.japanese)
                hash.combine(field: page.frontMatter.section.english ?? "")
                hash.combine(field: page.frontMatter.summary.english ?? "")
                hash.combine(field: page.frontMatter.summary.japanese ?? "")
            }
        }
        for path in site.linkTargets.keys.sorted() {
            guard let target = site.linkTargets[path] else { continue }
            hash.combine(field: path)
            hash.combine(field: target.slug)
            for anchor in target.anchors.sorted() { hash.combine(field: anchor) }
        }
        for asset in site.contentAssets.sorted() { hash.combine(field: "asset:" + asset) }
        for link in site.symbolicLinks.sorted() { hash.combine(field: "link:" + link) }
        hash.combine(field: site.configurationText)
        hash.combine(field: options.baseURL ?? "")
        hash.combine(field: options.notFoundRoot ?? "")
        hash.combine(field: options.includeDrafts ? "drafts" : "")
        hash.combine(field: options.indexesSearch ? "" : "no search")
        hash.combine(field: site.templates.signature)
        hash.combine(field: site.assetsVersion)
        return hash.hex
    }
}
