/// The pages grouped into sections, in the order the site shows them.
///
/// Sections listed in `kumiki.yml` come first, in that order; the others
/// follow, ordered by their first page's `order`, then by name. Within a
/// section, pages go by `order`, then by title, then by path. A page without
/// a section belongs to "Guidelines".
struct Navigation {
    struct Section {
        var name: String
        var nameJapanese: String
        var pages: [Page]
    }

    static let defaultSection = SiteConfig.Section(name: "Guidelines", nameJapanese: "ガイドライン")

    var sections: [Section]

    init(pages: [Page], config: SiteConfig) {
        var grouped: [String: [Page]] = [:]
        for page in pages { grouped[page.frontMatter.section ?? Self.defaultSection.name, default: []].append(page) }
        let configured = config.sections.map(\.name)
        let sortedPages: ([Page]) -> [Page] = { pages in
            pages.sorted { ($0.order, $0.title, $0.relativePath) < ($1.order, $1.title, $1.relativePath) }
        }
        let others = grouped.keys.filter { !configured.contains($0) }.sorted { a, b in
            let orderA = grouped[a]?.map(\.order).min() ?? .max
            let orderB = grouped[b]?.map(\.order).min() ?? .max
            return (orderA, a) < (orderB, b)
        }
        sections = (configured.filter { grouped[$0] != nil } + others).map { name in
            let pages = sortedPages(grouped[name] ?? [])
            let japanese = config.sections.first { $0.name == name }?.nameJapanese
                ?? pages.lazy.compactMap(\.frontMatter.sectionJapanese).first
                ?? (name == Self.defaultSection.name ? Self.defaultSection.nameJapanese : nil)
                ?? name
            return Section(name: name, nameJapanese: japanese, pages: pages)
        }
    }

    /// Every page in navigation order: the order of previous/next links.
    var orderedPages: [Page] { sections.flatMap(\.pages) }
}
