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
    /// Taken from the output or the store, not rendered.
    var fromStore: Bool
}

extension SiteBuilder {
    /// The render stage: every page's body, through the `page` template, on
    /// every core at once, each written to `sink` as soon as it is ready.
    ///
    /// Pages go in batches of neighbours (`renderBatches`), each batch on
    /// one core. For each page: derive its key (`LoadedSite.pageKey`), take
    /// the page from the output as it is, or from the store, or else render
    /// it; the batch's rendered pages are then indexed and stored. Results
    /// come back in navigation order whatever the scheduling, so the
    /// diagnostics and everything counted from them are the same on one
    /// core or many.
    ///
    /// `indexedKeys` are the keys of the pages the last build's search
    /// postings hold (`SearchIndexState`): such a page whose script is still
    /// in the output gives the index nothing new to read. `indexing` indexes
    /// the others (nil when the site is not indexed); each page's entries
    /// as the store keeps them are made only when the store keeps pages or
    /// the last build's postings are carried (`carriedPostings`).
    func renderPages(_ site: LoadedSite, keys: [PageKey], indexedKeys: Set<String> = [], indexing: SearchIndexing?,
                     into sink: some SiteSink) -> [RenderedPage] {
        let pages = site.pages
        let session = self.session, store = session.store
        // One context for every page: its sidebar makes each link ready for
        // HTML once, for all the pages that show it.
        let context = site.context
        let progress = self.progress, finished = LockedValue(0)
        let search = indexing.map { SearchWork(indexing: $0, keepsEntries: store.keepsPages || !indexedKeys.isEmpty) }
        let batches = Self.renderBatches(pageCount: pages.count)
        return Array(concurrentMap(batches.count) { batch -> [RenderedPage] in
            var results: [RenderedPage] = []
            var rendered: [FreshPage] = []
            for number in batches[batch] {
                let page = pages[number]
                defer { progress?(finished.withValue { $0 += 1; return $0 }, pages.count, page.displayPath) }
                let key = keys[number].value
                let path = "\(page.slug)/index.html"
                let indexed = Self.isIndexedAsItIs(page, key: key, indexedKeys: indexedKeys, site: site, sink: sink)
                // The output still holds this page as the last build wrote it:
                // nothing to render, read or write.
                if sink.keepsCurrentFile(at: path, fingerprint: key),
                   let stored = store.pageMetadata(key, includingSearch: site.indexesSearch && !indexed) {
                    var diagnostics = stored.diagnostics
                    let search = Self.index(page, key: key, stored: stored.search, indexed: indexed, search: search, site: site,
                                            sink: sink, diagnostics: &diagnostics)
                    results.append(RenderedPage(diagnostics: diagnostics, fencedBlockCount: stored.fencedBlockCount, key: key,
                                                search: search, translations: stored.translations, fromStore: true))
                    continue
                }
                var problems: [Diagnostic] = []
                if let stored = store.page(key, problems: &problems) {
                    var diagnostics = problems + stored.diagnostics
                    Self.write(stored.html, to: path, fingerprint: key, sink: sink, diagnostics: &diagnostics)
                    let search = Self.index(page, key: key, stored: stored.search, indexed: indexed, search: search, site: site,
                                            sink: sink, diagnostics: &diagnostics)
                    results.append(RenderedPage(diagnostics: diagnostics, fencedBlockCount: stored.fencedBlockCount, key: key,
                                                search: search, translations: stored.translations, fromStore: true))
                    continue
                }
                let fresh = Self.render(page, site: site, context: context, session: session, searches: search != nil)
                var diagnostics = problems + fresh.diagnostics
                if let html = fresh.html {
                    Self.write(html, to: path, fingerprint: key, sink: sink, diagnostics: &diagnostics)
                }
                // The tree is not needed again: let it go, so memory holds the
                // pages in flight, not the whole site (a later build that must
                // render the page again parses it again).
                page.releaseParsedBody()
                rendered.append(FreshPage(place: results.count, page: page, key: key, indexed: indexed, rows: fresh.searchRows,
                                          stored: fresh.html == nil ? nil : fresh.stored))
                results.append(RenderedPage(diagnostics: diagnostics, fencedBlockCount: fresh.stored.fencedBlockCount, key: key,
                                            search: nil, translations: fresh.stored.translations, fromStore: false))
            }
            // The batch's rendered pages are indexed, then stored with their
            // entries, one after another once all are rendered: the worker's
            // term table stays in the core's cache from one page to the next,
            // where rendering a page between two pages' indexing had pushed
            // it out.
            for fresh in rendered {
                var diagnostics: [Diagnostic] = []
                let indexedPage = fresh.rows.flatMap { rows in search?.index(fresh.page, rows: rows) }
                if var stored = fresh.stored {
                    stored.search = indexedPage?.entries
                    store.store(stored, key: fresh.key)
                }
                results[fresh.place].search = Self.index(fresh.page, key: fresh.key, stored: nil, indexed: fresh.indexed,
                                                         fresh: indexedPage, search: search, site: site, sink: sink,
                                                         diagnostics: &diagnostics)
                results[fresh.place].diagnostics += diagnostics
            }
            return results
        }.joined())
    }

    /// A page rendered in a batch of the render stage, waiting for the
    /// batch's end to be indexed and stored.
    private struct FreshPage {
        /// Its place among the batch's results.
        var place: Int
        var page: Page
        var key: String
        /// Whether the last build's postings hold it as it is.
        var indexed: Bool
        /// Its rows as search reads them; nil when the site is not indexed.
        var rows: [SearchRow]?
        /// What the store keeps of it, but its search entries; nil when
        /// its template could not render.
        var stored: StoredPage?
    }

    /// The pages of the render stage in batches, each rendered on one core
    /// and then indexed (`renderPages`): eight pages at a time, which cut
    /// the tokenizer's share of a cold 1,000-page build's CPU samples from
    /// 3.7% to 2.9%, and the last pages one at a time, so that one core
    /// does not finish a whole batch alone while the other waits. Batches
    /// of 32 cut the tokenizer's share a little more, but the whole build
    /// took 1.5% more CPU than with eight.
    static func renderBatches(pageCount: Int) -> [Range<Int>] {
        let batchSize = 8, singles = 2 * batchSize
        var batches: [Range<Int>] = []
        var start = 0
        while start < pageCount {
            let end = pageCount - start > singles ? start + batchSize : start + 1
            batches.append(start..<end)
            start = end
        }
        return batches
    }

    /// How the render stage indexes pages: with which indexing, and whether
    /// each page's entries as the store keeps them are made too.
    struct SearchWork {
        var indexing: SearchIndexing
        var keepsEntries: Bool

        /// A page's rows indexed.
        func index(_ page: Page, rows: [SearchRow]) -> IndexedPage {
            indexing.index(slug: page.slug, rows: rows, keepingEntries: keepsEntries)
        }
    }

    /// Renders one page: its body (blocks through the session's store), its
    /// rows as search reads them (when the site `searches`), and the `page`
    /// template. `html` is nil when the template could not render; `stored`
    /// is what the store keeps, but the search entries, which the caller
    /// adds once it has indexed the rows.
    static func render(_ page: Page, site: LoadedSite, context: SiteContext, session: BuildSession, searches: Bool)
        -> (html: Data?, stored: StoredPage, searchRows: [SearchRow]?, diagnostics: [Diagnostic]) {
        session.countRender()
        let links = site.linkResolver(for: page, rootPrefix: "../")
        let anchors = page.segmentAnchors
        let translations = site.translations(of: page, anchors: rowAnchors(anchors))
        let body = PageBodyRenderer(page: page, links: links, allowsRawHTML: site.config.allowsRawHTML,
                                    handlers: site.handlers, session: session,
                                    typography: JapaneseTypography(latinSpacing: site.config.japaneseLatinSpacing),
                                    translations: translations).render()
        let rows = searches
            ? page.searchRows(blockTexts: body.blockSearchTexts, showingHTML: !site.config.allowsRawHTML, anchors: anchors) : nil
        let values = context.pageValues(page, body: body.html, translations: translations, editHref: site.editHref(of: page))
        let html = site.templates.render(values, template: "page").map { Data($0.utf8) }
        let stored = StoredPage(html: html ?? Data(), diagnostics: body.diagnostics, fencedBlockCount: body.fencedBlockCount,
                                translations: translations)
        return (html, stored, rows, body.diagnostics)
    }

    /// Whether the last build's search postings hold the page as it is and
    /// its script is still in the output: then the index needs nothing of it.
    static func isIndexedAsItIs(_ page: Page, key: String, indexedKeys: Set<String>, site: LoadedSite,
                                sink: some SiteSink) -> Bool {
        site.indexesSearch && indexedKeys.contains(key)
            && sink.keepsCurrentFile(at: PageSearchEntries.scriptPath(slug: page.slug), fingerprint: scriptFingerprint(key))
    }

    /// What the page gives the index: nothing new when it is indexed as it
    /// is, else the page indexed, whose script (`search/p/SLUG.js`) is
    /// written here so only its terms are kept until the index is written.
    /// The page is indexed from `fresh` (indexed as it rendered), or its
    /// `stored` entries (from the build store, so a stored page is not
    /// parsed), or else its rows. Nil when the site is not indexed.
    ///
    /// Written with the index instead, on the core the assemble stage
    /// leaves idle, the scripts made a 1,000-page build 15–30 ms shorter on
    /// a tmpfs or a journaled ext4, but 0.5 s longer on an ext4 without a
    /// journal right after a deletion: there each new file costs the kernel
    /// a search past the recently freed inodes, and a thousand in a row on
    /// one core no longer overlap other work.
    static func index(_ page: Page, key: String, stored: PageSearchEntries?, indexed: Bool, fresh: IndexedPage? = nil,
                      search: SearchWork?, site: LoadedSite, sink: some SiteSink,
                      diagnostics: inout [Diagnostic]) -> PageIndexing? {
        guard let search else { return nil }
        if indexed { return .unchanged }
        var indexedPage: IndexedPage
        if let fresh {
            indexedPage = fresh
        } else if let stored, stored.slug == page.slug {
            indexedPage = search.indexing.index(stored)
        } else {
            indexedPage = search.index(page, rows: page.searchRows(blockTexts: page.blockSearchTexts(handlers: site.handlers),
                                                                   showingHTML: !site.config.allowsRawHTML))
        }
        write(Data(indexedPage.script), to: indexedPage.scriptPath, fingerprint: scriptFingerprint(key), sink: sink,
              diagnostics: &diagnostics)
        indexedPage.script = []
        if !search.keepsEntries { indexedPage.entries = nil }
        return .indexed(indexedPage)
    }

    /// The fingerprint a page's script is written under: the script depends
    /// on nothing the page's key leaves out.
    static func scriptFingerprint(_ key: String) -> String { "search-" + key }

    /// The anchor of every row, by segment index (`RowAnchor`).
    static func rowAnchors(_ page: Page) -> [Int: String] { rowAnchors(page.segmentAnchors) }

    /// `rowAnchors` of the page whose `segmentAnchors` these are.
    static func rowAnchors(_ anchors: [String]) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: anchors.enumerated().map { ($0.offset, $0.element) })
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
            diagnostics.append(.error(error.description, at: nil, code: .templates))
        }
    }

    /// What the assembled pages (home, sections) show of the whole site
    /// besides each listed page's coverage (`assembledKey`): the digests
    /// every page key shares (configuration, theme, section heads, what
    /// links resolve against), hashed once in `SiteDigests`, and the
    /// navigation with every page's title, section and summary.
    func sharedSignature(_ site: LoadedSite, digests: SiteDigests) -> String {
        var hash = StableHash()
        for digest in [digests.configuration, digests.theme, digests.sectionHeads, digests.links] {
            hash.combine(field: digest)
        }
        for section in site.navigation.sections {
            hash.combine(field: "\(section.pages.count) pages")
            for page in section.pages {
                hash.combine(field: page.slug)
                hash.combine(field: page.title.english)
                hash.combine(field: page.title.japanese)
                hash.combine(field: page.frontMatter.section.english ?? "")
                hash.combine(field: page.frontMatter.summary.english ?? "")
                hash.combine(field: page.frontMatter.summary.japanese ?? "")
            }
        }
        return hash.hex
    }
}
