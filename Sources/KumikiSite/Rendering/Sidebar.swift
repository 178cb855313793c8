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
struct Sidebar {
    /// The most pages a sidebar lists for the current section.
    static let window = 25

    var navigation: Navigation

    /// The template values of the sidebar (`nav`), seen from a page
    /// `rootPrefix` away from the root, with `current` open and marked.
    ///
    /// `current` is the page's place, `nil` on pages outside the navigation
    /// (home, 404); `currentSection` marks a section page as current.
    func values(current: Navigation.Place?, currentSection: Int? = nil, rootPrefix: String) -> [[String: Any]] {
        navigation.sections.enumerated().map { index, section in
            var values: [String: Any] = [
                "section": section.name.english, "section_ja": section.name.japanese,
                "href": Navigation.sectionHref(section, rootPrefix: rootPrefix),
                "current_section": index == currentSection,
            ]
            guard let current, current.section == index else {
                values["open"] = false
                return values
            }
            let shown = Self.shownRange(count: section.pages.count, around: current.indexInSection)
            values["open"] = true
            values["pages"] = section.pages[shown].enumerated().map { offset, page -> [String: Any] in
                ["title": page.title.english, "title_ja": page.title.japanese,
                 "href": SiteContext.href(page.slug, rootPrefix: rootPrefix),
                 "current": shown.lowerBound + offset == current.indexInSection]
            }
            if shown.lowerBound > 0 { values["earlier"] = ["count": shown.lowerBound] }
            let later = section.pages.count - shown.upperBound
            if later > 0 { values["later"] = ["count": later] }
            return values
        }
    }

    /// The pages of a section of `count` pages that the sidebar lists: all
    /// of them up to `window`, otherwise `window` consecutive pages with
    /// `index` as near the middle as the ends allow.
    static func shownRange(count: Int, around index: Int) -> Range<Int> {
        guard count > window else { return 0..<count }
        let start = min(max(0, index - window / 2), count - window)
        return start..<(start + window)
    }
}
