import Foundation
import KumikiSupport
import KumikiSearch

/// What one page gives the site's search index in the render stage.
enum PageIndexing {
    /// The page indexed (its script already written), with its entries as
    /// the store keeps them when the last build's postings may be carried.
    case indexed(IndexedPage)
    /// Nothing new: the last build's postings hold the page as it is, and
    /// its script is still in the output.
    case unchanged
}

extension SiteBuilder {
    /// The assemble stage (`assemble`) and, when the site is indexed, the
    /// search index and glossary, at once: neither needs anything the other
    /// writes, and merging the index was most of what a cold build did on
    /// one core after the pages. The index's diagnostics follow the rest.
    ///
    /// `last` is moved, not copied, into the part that carries it over, so
    /// the postings it holds stay uniquely referenced and are changed in
    /// place (`writeSearchIndex`).
    func assembleWithSearchIndex(_ site: LoadedSite, shared: String, indexKey: String, reports: [PageTranslationReport],
                                 pages: [RenderedPage], indexing: SearchIndexing?, last: consuming SearchIndexState?,
                                 into sink: some SiteSink) -> AssembledSite {
        // The build makes an indexing exactly when the site is indexed.
        guard let indexing else { return assemble(site, shared: shared, indexKey: indexKey, reports: reports, into: sink) }
        // The rest of the stage runs beside the index on a thread of its
        // own, not as one half of a `concurrentPerform`: libdispatch runs a
        // `concurrentPerform` nested in another at the outer one's width
        // divided among its iterations, so on two cores the index's merge and
        // files, themselves spread over the cores, went on one.
        let rest = BackgroundWork { assemble(site, shared: shared, indexKey: indexKey, reports: reports, into: sink) }
        var problems: [Diagnostic] = []
        writeSearchIndex(pages, site: site, indexing: indexing, last: last, into: sink, diagnostics: &problems)
        var result = rest.wait()
        result.diagnostics += problems
        return result
    }

    /// Part of the assemble stage: the search index's manifest, shards and
    /// word lists (`SearchIndexWriter`), the glossary, and the results page
    /// `search/index.html`. The postings are carried over from the last
    /// build's (`last`: kept in the preview's session, or on disk), so a
    /// build that changed a few pages reads only those; the new postings
    /// are kept for the next build.
    func writeSearchIndex(_ pages: [RenderedPage], site: LoadedSite, indexing: SearchIndexing, last: consuming SearchIndexState?,
                          into sink: some SiteSink, diagnostics: inout [Diagnostic]) {
        let store = session.store
        let keys = pages.map(\.key)
        let (lastKeys, storedKeys) = (last?.keys, last?.storedKeys)
        let postings = Self.carriedPostings(pages, from: &last)
            ?? Self.mergedPostings(pages, site: site, store: store, indexing: indexing)
        // The glossary needs only the postings: it is written beside the
        // index's files, on a core their serial steps leave idle.
        let glossary = BackgroundWork { () -> [Diagnostic] in
            var problems: [Diagnostic] = []
            writeSearchGlossary(postings, site: site, into: sink, diagnostics: &problems)
            return problems
        }
        // So are the postings stored for the next process (the preview
        // keeps them in memory and writes them when its session persists,
        // since encoding them on every save would cost more than the rest
        // of the rebuild). Stored after the files, they kept one core busy
        // at the end of a cold build with the store on while the other
        // waited. Only the keys are stored when a few pages changed since
        // the state was last stored whole (`storeSearchIndexState`).
        let stored = BackgroundWork { () -> SearchIndexState in
            var state = SearchIndexState(keys: keys, postings: postings, storedKeys: storedKeys)
            if store.policy.writesDuringBuild, lastKeys != keys, let disk = store.writableDisk {
                state.storedKeys = disk.storeSearchIndexState(state)
            }
            return state
        }
        // A shard whose fingerprint the output folder still holds is kept
        // there as it is (`SiteSink.keepsCurrentFile`), and never encoded.
        // The others are written on every core, in the order of the files.
        let files = SearchIndexWriter.files(postings, keeping: { sink.keepsCurrentFile(at: $0, fingerprint: $1) })
        diagnostics += concurrentMap(files.count) { number -> [Diagnostic] in
            var problems: [Diagnostic] = []
            Self.write(Data(files[number].bytes), to: files[number].path, fingerprint: files[number].fingerprint, sink: sink,
                       diagnostics: &problems)
            return problems
        }.joined()
        let glossaryProblems = glossary.wait()
        session.keep(searchIndex: stored.wait())
        if let html = site.templates.render(site.context.searchValues(), template: "search") {
            Self.write(Data(html.utf8), to: "search/index.html", sink: sink, diagnostics: &diagnostics)
        }
        diagnostics += glossaryProblems
    }

    /// The last build's postings with the changed pages' entries in place of
    /// their old ones, changed where they are (so postings nothing else
    /// holds are not copied); nil when there are none, or when a page the
    /// render stage took as unchanged is not among them.
    private static func carriedPostings(_ pages: [RenderedPage], from kept: inout SearchIndexState?) -> SearchPostings? {
        guard let keys = kept?.keys else { return nil }
        let places = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var carried: [SearchPostings.Carried] = []
        carried.reserveCapacity(pages.count)
        for page in pages {
            // The same key is the same page text and everything it depends
            // on, so the same entries.
            if let place = places[page.key] {
                carried.append(.unchanged(place))
            } else if case .indexed(let indexed) = page.search, let entries = indexed.entries {
                carried.append(.changed(entries))
            } else {
                return nil
            }
        }
        kept?.postings.carry(to: carried)
        return kept?.postings
    }

    /// Every page merged (`SearchIndexing.postings(merging:)`), those the
    /// render stage did not index read from the build store, or indexed
    /// from the page itself.
    private static func mergedPostings(_ pages: [RenderedPage], site: LoadedSite, store: BuildStore,
                                       indexing: SearchIndexing) -> SearchPostings {
        let indexed = concurrentMap(pages.count) { number -> IndexedPage in
            switch pages[number].search {
            case .indexed(let page): return page
            case .unchanged, nil:
                let page = site.pages[number]
                if let stored = store.searchEntries(pages[number].key), stored.slug == page.slug { return indexing.index(stored) }
                return indexing.index(slug: page.slug, rows: page.searchRows(blockTexts: page.blockSearchTexts(handlers: site.handlers),
                                                                             showingHTML: !site.config.allowsRawHTML))
            }
        }
        return indexing.postings(merging: indexed)
    }
}
