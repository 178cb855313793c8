import KumikiSupport
import KumikiMarkdown
/// The values the templates see. The keys are the templates' contract; see
/// `Templates/README.md`.
struct SiteContext {
    var config: SiteConfig
    var navigation: Navigation
    var assetsVersion: String
    /// Whether pages show the search field (`search` in the templates).
    var searches: Bool
    /// Where the 404 page's links start, when not from the base URL
    /// (`BuildOptions.notFoundRoot`).
    var notFoundRoot: String?
    /// Whether the site has a change log page: `changelog` is on and the
    /// site is in a git repository.
    var hasChangeLog = false
    /// The sidebar, with what every page shares made once.
    private let sidebar: Sidebar

    init(config: SiteConfig, navigation: Navigation, assetsVersion: String, searches: Bool = true,
         notFoundRoot: String? = nil) {
        self.config = config
        self.searches = searches
        self.notFoundRoot = notFoundRoot
        self.navigation = navigation
        self.assetsVersion = assetsVersion
        self.sidebar = Sidebar(navigation: navigation)
    }

    /// The values without empty texts: Mustache treats an empty string as
    /// true, so `{{#page.summary}}` needs the key to be absent.
    private func compact(_ values: [String: Any]) -> [String: Any] {
        values.filter { !(($0.value as? String)?.isEmpty ?? false) }
    }

    private func siteValues() -> [String: Any] {
        compact(["title": config.title.english, "title_ja": config.title.japanese, "base_url": config.baseURL, "generator": "Kumiki"])
    }

    /// A page's address from a page `rootPrefix` away from the root. Links
    /// name `index.html` so that the site also works opened from disk.
    static func href(_ slug: String, rootPrefix: String) -> String { "\(rootPrefix)\(slug)/index.html" }

    private func navValues(current: Navigation.Place?, currentSection: Int? = nil, rootPrefix: String) -> TemplateValue {
        sidebar.values(current: current, currentSection: currentSection, rootPrefix: rootPrefix)
    }

    /// The sidebar of a page that is not in the navigation.
    func navigationValues(rootPrefix: String) -> TemplateValue {
        navValues(current: nil, rootPrefix: rootPrefix)
    }

    func coverageValues(_ coverage: Coverage, outdated: Int = 0) -> [String: Any] {
        // `rows` counts every text row, translated or not (the templates'
        // contract); `translated` the rows in both languages; `outdated`
        // is absent when no row may be out of date.
        var values: [String: Any] = [
            "percent": String(coverage.percent), "rows": coverage.rows + coverage.untranslated,
            "translated": coverage.rows, "untranslated": coverage.untranslated]
        if outdated > 0 { values["outdated"] = outdated }
        return values
    }

    func base(rootPrefix: String) -> [String: Any] {
        var values: [String: Any] = ["root": rootPrefix, "site": siteValues(), "assets_version": assetsVersion,
                                     "search": searches]
        if config.hasTranslatorsPage { values["translations_href"] = "\(rootPrefix)\(TranslatorsPage.folder)/index.html" }
        if hasChangeLog { values["changes_href"] = "\(rootPrefix)\(ChangeLogPage.folder)/index.html" }
        return values
    }

    /// When the page last changed and where to edit it; absent when
    /// neither is known, so the template writes no empty element.
    private func historyValues(_ translations: PageTranslations, editHref: String?) -> [String: Any]? {
        var values: [String: Any] = [:]
        if let change = translations.lastChange {
            if let date = change.date {
                values["updated"] = ["en": date.english, "ja": date.japanese, "iso": date.iso]
            } else {
                values["uncommitted"] = true
            }
        }
        if let editHref { values["edit_href"] = editHref }
        return values.isEmpty ? nil : values
    }

    func pageValues(_ page: Page, body: String, translations: PageTranslations = PageTranslations(),
                    editHref: String? = nil) -> [String: Any] {
        var values = base(rootPrefix: "../")
        let place = navigation.place(of: page.slug)
        values["page"] = compact([
            "title": page.title.english, "title_ja": page.title.japanese,
            "summary": page.frontMatter.summary.english ?? "", "summary_ja": page.frontMatter.summary.japanese ?? "",
            "section": page.frontMatter.section.english ?? Navigation.defaultSection.name,
            "section_ja": place.map { navigation.sections[$0.section].name.japanese } ?? "",
            "slug": page.slug,
            "canonical_url": config.baseURL.isEmpty ? "" : "\(config.baseURL)\(page.slug)/".percentEncodedForHref,
            "is_index": false, "draft": page.frontMatter.draft,
        ] as [String: Any])
        if let place {
            values["section_href"] = Navigation.sectionHref(navigation.sections[place.section], rootPrefix: "../")
        }
        values["content"] = body
        let toc = page.headings.filter { $0.level == 2 || $0.level == 3 }.map { heading -> [String: Any] in
            ["anchor": heading.anchor, "en": heading.text.english ?? heading.text.japanese ?? "",
             "ja": heading.text.japanese ?? heading.text.english ?? "", "level": heading.level]
        }
        values["toc"] = toc
        values["has_toc"] = !toc.isEmpty
        values["nav"] = navValues(current: place, rootPrefix: "../")
        if let position = place?.position {
            if position > 0 { values["prev"] = sidebar.pageLink(at: position - 1) }
            if position + 1 < navigation.orderedPages.count { values["next"] = sidebar.pageLink(at: position + 1) }
        }
        values["coverage"] = coverageValues(page.translation, outdated: translations.outdatedCount)
        if let history = historyValues(translations, editHref: editHref) { values["history"] = history }
        return values
    }

    func indexValues(index: Page?, body: String, coverage: Coverage, outdated: Int = 0) -> [String: Any] {
        var values = base(rootPrefix: "")
        values["page"] = compact([
            "title": index?.frontMatter.title.english ?? config.title.english,
            "title_ja": index?.frontMatter.title.japanese ?? config.title.japanese,
            "summary": index?.frontMatter.summary.english ?? "", "summary_ja": index?.frontMatter.summary.japanese ?? "",
            "section": "", "section_ja": "", "slug": "",
            "canonical_url": config.baseURL, "is_index": true, "draft": false,
        ] as [String: Any])
        values["content"] = body
        values["nav"] = navValues(current: nil, rootPrefix: "")
        values["sections"] = navigation.sections.map { section -> [String: Any] in
            [
                "section": section.name.english, "section_ja": section.name.japanese,
                "href": Navigation.sectionHref(section, rootPrefix: ""),
                "pages": section.pages.map { cardValues($0, rootPrefix: "") },
            ]
        }
        values["site_coverage"] = coverageValues(coverage, outdated: outdated)
        values["coverage"] = coverageValues(coverage, outdated: outdated)
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }

    /// A page's card on the home page and its section's page.
    private func cardValues(_ page: Page, rootPrefix: String) -> [String: Any] {
        ["title": page.title.english, "title_ja": page.title.japanese,
         "summary": page.frontMatter.summary.english ?? "", "summary_ja": page.frontMatter.summary.japanese ?? "",
         "href": Self.href(page.slug, rootPrefix: rootPrefix),
         "coverage": coverageValues(page.translation)]
    }

    /// A section's own page, `sections/SLUG/index.html`: every page of the
    /// section, which the sidebars of other sections link to.
    func sectionValues(_ number: Int) -> [String: Any] {
        let section = navigation.sections[number]
        let rootPrefix = "../../"
        var values = base(rootPrefix: rootPrefix)
        let coverage = section.pages.reduce(Coverage()) { $0 + $1.translation }
        values["page"] = compact([
            "title": section.name.english, "title_ja": section.name.japanese, "summary": "", "summary_ja": "",
            "section": section.name.english, "section_ja": section.name.japanese, "slug": section.slug,
            "canonical_url": config.baseURL.isEmpty ? "" : "\(config.baseURL)\(Navigation.sectionsFolder)/\(section.slug)/".percentEncodedForHref,
            "is_index": false, "draft": false,
        ] as [String: Any])
        values["pages"] = section.pages.map { cardValues($0, rootPrefix: rootPrefix) }
        values["page_count"] = section.pages.count
        values["nav"] = navValues(current: nil, currentSection: number, rootPrefix: rootPrefix)
        values["coverage"] = coverageValues(coverage)
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }

    /// The search results page, `search/index.html`.
    func searchValues() -> [String: Any] {
        var values = base(rootPrefix: "../")
        values["page"] = compact([
            "title": "Search", "title_ja": "検索", "summary": "", "summary_ja": "",
            "section": "", "section_ja": "", "slug": "search", "canonical_url": "", "is_index": false, "draft": false,
        ] as [String: Any])
        values["nav"] = navValues(current: nil, rootPrefix: "../")
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }

    /// The 404 page is served for any missing path, so its links go through
    /// the preview's root, the base URL, or the server root when neither is
    /// known.
    func notFoundValues() -> [String: Any] {
        let rootURL = notFoundRoot ?? (config.baseURL.isEmpty ? "/" : config.baseURL)
        var values = base(rootPrefix: rootURL)
        values["root_url"] = rootURL
        values["page"] = compact([
            "title": "Page not found", "title_ja": "ページが見つかりません", "summary": "", "summary_ja": "",
            "section": "", "section_ja": "", "slug": "404", "canonical_url": "", "is_index": false, "draft": false,
        ] as [String: Any])
        values["nav"] = navValues(current: nil, rootPrefix: rootURL)
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }
}
