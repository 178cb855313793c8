import KumikiSupport
/// The pages grouped into sections, in the order the site shows them.
///
/// Sections listed in `kumiki.yml` come first, in that order; the others
/// follow, ordered by their first page's `order`, then by name. Within a
/// section, pages go by `order`, then by title, then by path. A page without
/// a section belongs to "Guidelines".
///
/// Built once per build; every question a page asks of it (where am I, who
/// comes before and after me) is answered in constant time, so rendering a
/// page never walks the whole site.
struct Navigation {
    struct Section {
        var name: Bilingual<String>
        /// The folder of the section's own page: `sections/SLUG/index.html`.
        var slug: String
        var pages: [Page]
    }

    /// Where a page stands: its section, its place in the section and in
    /// the site's reading order.
    struct Place: Hashable {
        var section: Int
        var indexInSection: Int
        var position: Int
    }

    static let defaultSection = SiteConfig.Section(name: "Guidelines", nameJapanese: "ガイドライン")
    /// The folder that holds one page per section.
    static let sectionsFolder = "sections"

    private(set) var sections: [Section]
    /// Every page in navigation order: the order of previous/next links.
    private(set) var orderedPages: [Page] = []
    private var places: [String: Place] = [:]

    init(pages: [Page], config: SiteConfig) {
        var grouped: [String: [Page]] = [:]
        for page in pages { grouped[page.frontMatter.section.english ?? Self.defaultSection.name, default: []].append(page) }
        let configured = config.sections.map(\.name)
        let sortedPages: ([Page]) -> [Page] = { pages in
            pages.sorted { ($0.order, $0.title.english, $0.relativePath) < ($1.order, $1.title.english, $1.relativePath) }
        }
        let others = grouped.keys.filter { !configured.contains($0) }.sorted { a, b in
            let orderA = grouped[a]?.map(\.order).min() ?? .max
            let orderB = grouped[b]?.map(\.order).min() ?? .max
            return (orderA, a) < (orderB, b)
        }
        var slugs = Anchor.Registry()
        sections = (configured.filter { grouped[$0] != nil } + others).map { name in
            let pages = sortedPages(grouped[name] ?? [])
            let japanese = config.sections.first { $0.name == name }?.nameJapanese
                ?? pages.lazy.compactMap(\.frontMatter.section.japanese).first
                ?? (name == Self.defaultSection.name ? Self.defaultSection.nameJapanese : nil)
                ?? name
            return Section(name: Bilingual(name, japanese), slug: slugs.claim(name), pages: pages)
        }
        for (sectionIndex, section) in sections.enumerated() {
            for (indexInSection, page) in section.pages.enumerated() {
                places[page.slug] = Place(section: sectionIndex, indexInSection: indexInSection, position: orderedPages.count)
                orderedPages.append(page)
            }
        }
    }

    /// Where the page with this slug stands, or `nil` for a page outside the
    /// navigation (the home page).
    func place(of slug: String) -> Place? { places[slug] }

    /// The address of a section's page from a page `rootPrefix` away from
    /// the root.
    static func sectionHref(_ section: Section, rootPrefix: String) -> String {
        "\(rootPrefix)\(sectionsFolder)/\(section.slug)/index.html"
    }
}
