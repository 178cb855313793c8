import KumikiSupport
import KumikiMarkdown

/// Whether a page has the same key (`PageKey`) in two loads of a site,
/// known without computing the keys: `kumiki diff` asks it of every page
/// on both sides, and computing two thousand keys was most of a diff that
/// changed one page of a thousand.
///
/// A key reads the page (its path, slug and bytes, its links and the
/// tokens it names), its history, and the rest of the site. The rest is
/// hashed once a side (`keyContext`); the page and its history are
/// compared as they are. When everything is equal the keys are equal;
/// when something differs the keys are computed, so this never says
/// "same" of keys that differ. Anything `pageKey(of:shared:)` comes to
/// read must be read here too.
struct PageKeyContext: Sendable, Equatable {
    /// Everything a page's key reads of its site beyond the page and its
    /// history.
    var digest: String
    /// The site's commits, oldest first: a stamp names a commit by its
    /// place here.
    var commits: [HistoryCommit]
}

extension LoadedSite {
    /// What every page's key reads of the site beyond the page itself and
    /// its history: the shared digests, each section's pages as their
    /// sidebars and pagers show them, the tokens and who uses them, and
    /// what every history key reads.
    func keyContext(shared: SiteDigests) -> PageKeyContext {
        var hash = StableHash()
        for digest in [shared.configuration, shared.theme, shared.sectionHeads, shared.links] { hash.combine(field: digest) }
        // The sidebar lists pages of the page's section and the pager its
        // neighbours in this order: every section's pages, in order, as a
        // link to each shows them, decide both for every page.
        for section in navigation.sections {
            hash.combine(field: "section of \(section.pages.count)")
            for page in section.pages { Self.combineLink(to: page, into: &hash) }
        }
        hash.combine(field: tokens?.digest ?? "")
        hash.combine(field: tokenUsage.digest(of: tokenUsage.uses.keys.sorted()))
        hash.combine(field: acknowledgements.signature)
        hash.combine(field: config.sourceLanguage.rawValue)
        guard case .success(let site) = history else { return PageKeyContext(digest: hash.hex, commits: []) }
        return PageKeyContext(digest: hash.hex, commits: site.commits)
    }

    /// Whether `page` here has the same key as `other` has in `site`, whose
    /// context is `otherContext`: `false` when that cannot be told without
    /// computing them.
    func hasTheSameKey(_ page: Page, context: PageKeyContext, as other: Page, in site: LoadedSite,
                       context otherContext: PageKeyContext) -> Bool {
        guard context.digest == otherContext.digest, page.relativePath == other.relativePath,
              page.displayPath == other.displayPath, page.slug == other.slug,
              page.linkDestinations == other.linkDestinations, page.tokenReads == other.tokenReads,
              page.tokenNames == other.tokenNames, page.data == other.data else { return false }
        switch (history, site.history) {
        case (.success(let mine), .success(let theirs)):
            // The lines' stamps as the histories hold them: equal bytes
            // have equal line counts, so equal entries give equal stamps
            // (`SiteHistory.stamps(of:lineCount:)`) without counting lines.
            let (a, b) = (mine.files[page.relativePath], theirs.files[other.relativePath])
            guard a?.lastCommit == b?.lastCommit, a?.stamps == b?.stamps else { return false }
            guard let a else { return true }
            // Each commit a stamp names is hashed by its place, id and
            // time: the same stamps name the same commits when every place
            // they name holds the same commit on both sides.
            let place = { (index: Int32) in index == LineStamp.uncommitted ? -1 : Int(index) }
            var named = place(a.lastCommit)
            for stamp in a.stamps { named = max(named, place(stamp.line), place(stamp.english), place(stamp.japanese)) }
            guard named >= 0 else { return true }
            guard named < context.commits.count, named < otherContext.commits.count else { return false }
            return context.commits[...named] == otherContext.commits[...named]
        case (.failure(let mine), .failure(let theirs)):
            return mine == theirs
        default:
            return false
        }
    }
}
