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

    /// The most UTF-8 bytes a section's slug may have.
    ///
    /// The folder of the section's page, `sections/SLUG/`, is the only file
    /// name a build makes of it (its sitemap entry and canonical address
    /// are that folder's path, search names no file after it), and most
    /// file systems allow a name of at most 255 bytes.
    static let longestSectionSlug = 255

    private(set) var sections: [Section]
    /// The sections whose names make a slug too long to name a folder, an
    /// error at the `section:` of each page that names one; and warnings
    /// at those of a section named two ways in Japanese, or whose name
    /// makes the slug of another's.
    private(set) var problems: [Diagnostic] = []
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
        var problems: [Diagnostic] = []
        // Each section's slug before numbering, with its name: a second
        // name of the same slug gets `-2`, by the sections' order.
        var namesBySlug: [String: String] = [:]
        sections = (configured.filter { grouped[$0] != nil } + others).map { name in
            let pages = sortedPages(grouped[name] ?? [])
            let configuredJapanese = config.sections.first { $0.name == name }?.nameJapanese
            let japanese = configuredJapanese
                ?? pages.lazy.compactMap(\.frontMatter.section.japanese).first
                ?? (name == Self.defaultSection.name ? Self.defaultSection.nameJapanese : nil)
                ?? name
            if configuredJapanese == nil {
                problems += Self.otherJapaneseNames(of: name, shown: japanese, pages: pages)
            }
            let slug = Self.unnumberedSectionSlug(name)
            if let other = namesBySlug[slug] {
                problems += pages.map { page in
                    .warning("the sections '\(other)' and '\(name)' make the same slug, so this one's page is numbered, "
                                + "and which is numbered depends on their order; write the name as the other pages do to make one "
                                + "section, or tell the names apart",
                             at: page.frontMatter.sectionValueLocation ?? SourceLocation(file: page.displayPath, line: 1))
                }
            } else {
                namesBySlug[slug] = name
            }
            // Every page that names the section gets the error, not only
            // the first: a section is the pages that write the same name,
            // so each of those lines has to change, and fixing only the one
            // reported would move that page to a new section while the
            // others fail on the next build.
            if let problem = Self.sectionSlugLengthProblem(name) {
                for page in pages {
                    problems.append(.error(problem, at: page.frontMatter.sectionValueLocation
                                           ?? SourceLocation(file: page.displayPath, line: 1)))
                }
            }
            return Section(name: Bilingual(name, japanese), slug: Self.sectionSlug(name, claiming: &slugs), pages: pages)
        }
        self.problems = problems
        for (sectionIndex, section) in sections.enumerated() {
            for (indexInSection, page) in section.pages.enumerated() {
                places[page.slug] = Place(section: sectionIndex, indexInSection: indexInSection, position: orderedPages.count)
                orderedPages.append(page)
            }
        }
    }

    /// A warning at each page of a section that gives it another Japanese
    /// name than `shown`, the one the site shows (its first page's).
    private static func otherJapaneseNames(of name: String, shown: String, pages: [Page]) -> [Diagnostic] {
        pages.compactMap { page in
            guard let japanese = page.frontMatter.section.japanese, japanese != shown else { return nil }
            return .warning("the section '\(name)' is '\(shown)' in Japanese on another page, and '\(japanese)' here; "
                                + "the site shows '\(shown)': give it one Japanese name (or list it under 'sections' in kumiki.yml)",
                            at: page.frontMatter.sectionValueLocation ?? SourceLocation(file: page.displayPath, line: 1))
        }
    }

    /// Why the slug made of a section's name is too long to name the
    /// folder of the section's page, or `nil` when it is not. Measured on
    /// the slug, in UTF-8: a Japanese name takes three bytes a character,
    /// and lowercasing may change a name's length.
    static func sectionSlugLengthProblem(_ name: String) -> String? {
        let length = Anchor.slug(name).utf8.count
        guard length > longestSectionSlug else { return nil }
        return "the slug made of the section's name is \(length) bytes long in UTF-8; a section's slug may be at most "
            + "\(longestSectionSlug) bytes, since the folder of the section's page is named after it; "
            + "shorten the name everywhere the section is named"
    }

    /// The folder of a section's page: the slug of its name, or, when that
    /// is too long to name a folder (an error reported at the name), its
    /// start with a hash of the name, so that the build writes the section
    /// and reports nothing `check` does not. A second section of the same
    /// slug is numbered, `-2`, within the same length.
    static func sectionSlug(_ name: String, claiming slugs: inout Anchor.Registry) -> String {
        slugs.claim(slug: unnumberedSectionSlug(name), atMost: longestSectionSlug)
    }

    /// `sectionSlug` before a number tells it from an earlier section's.
    static func unnumberedSectionSlug(_ name: String) -> String {
        let slug = Anchor.slug(name)
        guard slug.utf8.count > longestSectionSlug else { return slug }
        var hash = StableHash()
        hash.combine(name)
        let suffix = "-" + hash.hex
        return Anchor.start(of: slug, leaving: suffix.utf8.count, in: longestSectionSlug) + suffix
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
