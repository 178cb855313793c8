import KumikiSupport
/// The navigation sidebar of one page: every section by name, and the pages
/// of the current section only.
///
/// A sidebar that listed the whole site on every page made each page grow
/// with the site, and the site with its square. This one costs the number
/// of sections plus at most `window` pages: a section of up to `window`
/// pages is listed whole, a longer one as the `window` pages around the
/// current page, with links to the section's own page for the rest. Every
/// other section is one link to its section page, which lists all its pages.
struct Sidebar: Sendable {
    /// The most pages a sidebar lists for the current section.
    static let window = 25

    let navigation: Navigation
    /// What the sidebars of pages one folder below the root (`../`), where
    /// all the guideline pages are, share: each link made ready for HTML the
    /// first time a page shows it, then reused for the rest of the build.
    private let pageLevel: SharedValues

    init(navigation: Navigation) {
        self.navigation = navigation
        self.pageLevel = SharedValues(navigation: navigation, rootPrefix: "../")
    }

    /// The template values of the sidebar (`nav`), seen from a page
    /// `rootPrefix` away from the root, with `current` open and marked.
    ///
    /// `current` is the page's place, `nil` on pages outside the navigation
    /// (home, 404); `currentSection` marks a section page as current.
    ///
    /// Typed values (`TemplateValue`), not `Any`: the sidebar is most of a
    /// page's values, and each page's would otherwise be converted again.
    func values(current: Navigation.Place?, currentSection: Int? = nil, rootPrefix: String) -> TemplateValue {
        let shared = rootPrefix == pageLevel.rootPrefix ? pageLevel : SharedValues(navigation: navigation, rootPrefix: rootPrefix)
        return .list(navigation.sections.enumerated().map { index, section in
            var values = shared.sectionHead(index)
            values["current_section"] = .bool(index == currentSection)
            guard let current, current.section == index else {
                values["open"] = .bool(false)
                return .object(values)
            }
            let shown = Self.shownRange(count: section.pages.count, around: current.indexInSection)
            values["open"] = .bool(true)
            values["pages"] = .list(shown.map { indexInSection -> TemplateValue in
                var entry = shared.pageLink(section: index, indexInSection: indexInSection)
                entry["current"] = .bool(indexInSection == current.indexInSection)
                return .object(entry)
            })
            if shown.lowerBound > 0 { values["earlier"] = .object(["count": .integer(shown.lowerBound)]) }
            let later = section.pages.count - shown.upperBound
            if later > 0 { values["later"] = .object(["count": .integer(later)]) }
            return .object(values)
        })
    }

    /// A page's link (`title`, `title_ja`, `href`) from a page one folder
    /// below the root: the previous and next links use it too.
    func pageLink(at position: Int) -> TemplateValue { .object(pageLevel.pageLink(position: position)) }

    /// The pages of a section of `count` pages that the sidebar lists: all
    /// of them up to `window`, otherwise `window` consecutive pages with
    /// `index` as near the middle as the ends allow.
    static func shownRange(count: Int, around index: Int) -> Range<Int> {
        guard count > window else { return 0..<count }
        let start = min(max(0, index - window / 2), count - window)
        return start..<(start + window)
    }

    /// Every section's heading and, as pages ask for them, the pages' links,
    /// seen from `rootPrefix` and ready for HTML. Pages render on every
    /// core, so the links made so far are kept behind a lock.
    private struct SharedValues: Sendable {
        struct Link: Sendable {
            var title: Bilingual<HTMLReadyText>
            var href: HTMLReadyText

            init(_ title: Bilingual<String>, href: String) {
                self.title = title.map(HTMLReadyText.init)
                self.href = HTMLReadyText(href)
            }

            var values: [String: TemplateValue] {
                ["title": title.english.templateValue, "title_ja": title.japanese.templateValue, "href": href.templateValue]
            }
        }

        let rootPrefix: String
        private let navigation: Navigation
        private let sectionLinks: [Link]
        /// Where each section's pages start in navigation order.
        private let sectionStarts: [Int]
        /// The page links made so far, by position in navigation order.
        private let pageLinks: LockedValue<[Int: Link]>

        init(navigation: Navigation, rootPrefix: String) {
            self.rootPrefix = rootPrefix
            self.navigation = navigation
            sectionLinks = navigation.sections.map { section in
                Link(section.name, href: Navigation.sectionHref(section, rootPrefix: rootPrefix))
            }
            var starts: [Int] = []
            var count = 0
            for section in navigation.sections {
                starts.append(count)
                count += section.pages.count
            }
            sectionStarts = starts
            pageLinks = LockedValue([:])
        }

        func sectionHead(_ section: Int) -> [String: TemplateValue] {
            let link = sectionLinks[section]
            return ["section": link.title.english.templateValue, "section_ja": link.title.japanese.templateValue,
                    "href": link.href.templateValue]
        }

        func pageLink(position: Int) -> [String: TemplateValue] {
            if let made = pageLinks.withValue({ $0[position] }) { return made.values }
            let page = navigation.orderedPages[position]
            let link = Link(page.title, href: SiteContext.href(page.slug, rootPrefix: rootPrefix))
            pageLinks.withValue { $0[position] = link }
            return link.values
        }

        func pageLink(section: Int, indexInSection: Int) -> [String: TemplateValue] {
            pageLink(position: sectionStarts[section] + indexInSection)
        }
    }
}
