import Foundation
import KumikiSupport
import KumikiLayout

/// What a page's HTML reads, each named, for its key in the store and for
/// `kumiki build --explain`'s reasons.
enum PageDependency: String, CaseIterable, Sendable {
    /// Its own bytes, path and slug.
    case text
    /// The history of its lines and the translations checked
    /// (`LoadedSite.historyKey`).
    case history
    /// `kumiki.yml` and the options that change every page (base URL,
    /// drafts, search).
    case configuration
    /// The templates and the theme's assets.
    case theme
    /// Its sidebar: every section's name and address, and the pages of its
    /// own section that the sidebar lists (`Sidebar.shownRange`).
    case sidebar
    /// The previous and next pages it links to.
    case pager
    /// What each of its links and images resolves to: the address it is
    /// rewritten to, or the error it is (`LinkResolver`).
    case links
    /// The design tokens its `tokens` blocks show and its layout blocks
    /// name (`TokenReading`), and the layout blocks that use each token its
    /// `tokens` blocks show (`TokenUsage`).
    case tokens

    /// How `--explain` names a change of it.
    var changeDescription: String {
        switch self {
        case .text: "its text changed"
        case .history: "its history or a translation check changed"
        case .configuration: "kumiki.yml or the build's options changed"
        case .theme: "the templates or the theme's assets changed"
        case .sidebar: "its sidebar changed (a section, or a page it lists)"
        case .pager: "its previous or next page changed"
        case .links: "a page or file it links to changed"
        case .tokens: "a design token it shows changed"
        }
    }
}

/// A page's key: one digest per dependency, and the hash of them all,
/// under which the store keeps the page. Nothing a command sets for its
/// own output (the preview's 404 root, its port) is read by a page, so
/// nothing of it is here: `build` and `serve` share their pages.
struct PageKey: Sendable, Equatable {
    var digests: [PageDependency: String]
    var value: String

    init(digests: [PageDependency: String]) {
        self.digests = digests
        var hash = StableHash()
        for dependency in PageDependency.allCases { hash.combine(field: digests[dependency] ?? "") }
        value = hash.hex
    }

    /// The dependencies whose digest differs from `earlier`'s, in order.
    func changes(since earlier: [PageDependency: String]) -> [PageDependency] {
        PageDependency.allCases.filter { digests[$0] != earlier[$0] }
    }
}

/// The parts of page keys that every page of a build shares, hashed once.
struct SiteDigests: Sendable {
    var configuration: String
    var theme: String
    /// Every section's name and address (each sidebar lists them all).
    var sectionHeads: String
    /// Everything any link may resolve against: for a page whose
    /// destinations are not known.
    var links: String
}

extension LoadedSite {
    /// The digests every page's key shares; `options` are the build's.
    func siteDigests(_ options: BuildOptions) -> SiteDigests {
        var configuration = StableHash()
        configuration.combine(field: configurationText)
        configuration.combine(field: options.baseURL ?? "")
        configuration.combine(field: options.includeDrafts ? "drafts" : "")
        configuration.combine(field: options.indexesSearch ? "" : "no search")
        var theme = StableHash()
        theme.combine(field: templates.signature)
        theme.combine(field: assetsVersion)
        var heads = StableHash()
        for section in navigation.sections {
            heads.combine(field: section.name.english)
            heads.combine(field: section.name.japanese)
            heads.combine(field: section.slug)
        }
        var links = StableHash()
        for path in linkTargets.keys.sorted() {
            guard let target = linkTargets[path] else { continue }
            links.combine(field: path)
            links.combine(field: target.slug)
            for anchor in target.anchors.sorted() { links.combine(field: anchor) }
        }
        for asset in contentAssets.sorted() { links.combine(field: "asset:" + asset) }
        for link in symbolicLinks.sorted() { links.combine(field: "link:" + link) }
        for draft in drafts.sorted() { links.combine(field: "draft:" + draft) }
        return SiteDigests(configuration: configuration.hex, theme: theme.hex, sectionHeads: heads.hex, links: links.hex)
    }

    /// The key of a page in navigation (or the home page, which has no
    /// place): what its HTML reads, as `PageDependency` names it. What it
    /// reads, `hasTheSameKey` (`PageKey+Sameness.swift`) compares too.
    func pageKey(of page: Page, shared: SiteDigests) -> PageKey {
        var text = StableHash()
        text.combine(field: page.relativePath)
        text.combine(field: page.displayPath)
        text.combine(field: page.slug)
        text.combine(bulk: page.data)
        var history = StableHash()
        history.combine(field: historyKey(of: page))
        var sidebar = StableHash()
        sidebar.combine(field: shared.sectionHeads)
        var pager = StableHash()
        if let place = navigation.place(of: page.slug) {
            let section = navigation.sections[place.section]
            let shown = Sidebar.shownRange(count: section.pages.count, around: place.indexInSection)
            sidebar.combine(field: "\(place.section) \(place.indexInSection) \(shown) of \(section.pages.count)")
            for listed in section.pages[shown] { Self.combineLink(to: listed, into: &sidebar) }
            let ordered = navigation.orderedPages
            for neighbour in [place.position - 1, place.position + 1] {
                guard ordered.indices.contains(neighbour) else { pager.combine(field: "none"); continue }
                Self.combineLink(to: ordered[neighbour], into: &pager)
            }
        }
        return PageKey(digests: [
            .text: text.hex, .history: history.hex, .configuration: shared.configuration, .theme: shared.theme,
            .sidebar: sidebar.hex, .pager: pager.hex, .links: linksDigest(of: page, shared: shared),
            .tokens: tokensDigest(of: page),
        ])
    }

    /// What the page reads of the tokens: their values (`TokenReading`)
    /// and, for the rows its `tokens` blocks show, which layout blocks use
    /// each (`TokenUsage`), so a block that starts or stops naming a token
    /// computes again the pages that list it and no other.
    private func tokensDigest(of page: Page) -> String {
        guard let reads = page.tokenReads else { return tokens?.digest ?? "" }
        let values = TokenReading.digest(of: reads, in: tokens, layout: layoutTokens)
        guard let tokens, let shown = page.tokenNames, !shown.isEmpty else { return values }
        let rows = TokensBlock.shownTokens(shown, in: tokens.set)
        guard !rows.isEmpty else { return values }
        return values + " used " + tokenUsage.digest(of: rows)
    }

    /// What the page's links resolve to, each through the resolver its
    /// rendering uses: the rewritten address, or the error with its "did
    /// you mean". A page links to few others, so a heading added elsewhere
    /// computes again only the pages that link to that page.
    private func linksDigest(of page: Page, shared: SiteDigests) -> String {
        guard let destinations = page.linkDestinations else { return shared.links }
        let resolver = linkResolver(for: page, rootPrefix: "../")
        var hash = StableHash()
        for destination in destinations {
            hash.combine(field: destination)
            switch resolver.resolve(destination) {
            case .rewritten(let address): hash.combine(field: "to " + address)
            case .problem(let message, _, _): hash.combine(field: "error " + message)
            }
        }
        return hash.hex
    }

    /// What a link to a page shows: its address and its title in both languages.
    static func combineLink(to page: Page, into hash: inout StableHash) {
        hash.combine(field: page.slug)
        hash.combine(field: page.title.english)
        hash.combine(field: page.title.japanese)
    }
}

extension DeviceCatalog {
    /// A digest of every fact of the catalog, for the store keys of the
    /// blocks drawn from it.
    var storeDigest: String {
        var hash = StableHash()
        hash.combine(jsonDescription())
        return hash.hex
    }
}
