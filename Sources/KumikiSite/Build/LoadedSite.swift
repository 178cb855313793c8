import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// Everything the load stage read, and what every page's rendering shares:
/// the configuration, the pages in navigation order, the templates, the
/// link targets and the fenced-block handlers.
struct LoadedSite {
    typealias LinkTargets = [String: (slug: String, anchors: Set<String>)]

    var config: SiteConfig
    /// The bytes of `kumiki.yml` as text (empty without one): with the
    /// build options, everything the configuration was made from.
    var configurationText: String
    var navigation: Navigation
    var index: Page?
    var templates: TemplateLibrary
    var handlers: [String: FencedBlockHandler]
    /// Every page's slug and heading anchors, by the page's relative path:
    /// what links between pages are checked against.
    var linkTargets: LinkTargets
    /// The content folder's other files (images), copied with the pages.
    var contentAssets: Set<String>
    var symbolicLinks: Set<String>
    /// The pages left out as drafts (without `--drafts`): a link to one is
    /// broken in the built site, and said to be a draft.
    var drafts: Set<String> = []
    /// The theme's assets, `assets/…`, with their bytes.
    var themeAssets: [(path: String, data: Data)]
    /// A short hash of the theme's assets, appended to their URLs so
    /// browsers fetch them again when they change.
    var assetsVersion: String
    /// Whether the site has search (`BuildOptions.indexesSearch`).
    var indexesSearch = true
    /// `BuildOptions.notFoundRoot`.
    var notFoundRoot: String?
    /// The site's design tokens (`tokens` in `kumiki.yml`).
    var tokens: SiteTokens?
    /// The tokens as layout blocks read them.
    var layoutTokens = LayoutBlockTokens.none
    /// Which layout blocks name each token, made once from the loaded pages.
    var tokenUsage = TokenUsage()
    /// The content folder's history, or why there is none.
    var history: Result<SiteHistory, SiteHistory.Unavailability> = .failure(.turnedOff)
    /// Rows whose translation writers checked (`translations-checked.txt`).
    var acknowledgements = TranslationAcknowledgements()
    /// The path of the content folder from the folder of `kumiki.yml`
    /// (`Content`), for `edit_url`'s `{path}`.
    var contentPathFromConfiguration = ""

    var pages: [Page] { navigation.orderedPages }
    var context: SiteContext {
        var context = SiteContext(config: config, navigation: navigation, assetsVersion: assetsVersion, searches: indexesSearch,
                                  notFoundRoot: notFoundRoot)
        if config.changelog != .off, case .success = history { context.hasChangeLog = true }
        return context
    }

    func linkResolver(for page: Page, rootPrefix: String) -> LinkResolver {
        LinkResolver(targets: linkTargets, assets: contentAssets, symbolicLinks: symbolicLinks, drafts: drafts,
                     pagePath: page.relativePath, rootPrefix: rootPrefix)
    }
}

extension SiteBuilder {
    /// The load stage: the configuration, the device catalog, every page
    /// (parsed on every core), the templates and the theme's assets. `nil`
    /// when something the rest cannot do without is missing.
    func load(_ diagnostics: inout DiagnosticList) -> LoadedSite? {
        var (config, configProblems) = SiteConfig.load(from: options.configuration)
        diagnostics.append(contentsOf: configProblems.map { $0.coded(.configuration) })
        if let override = options.baseURL {
            switch SiteConfig.normalizedBaseURL(override) {
            case .success(let url): config.baseURL = url
            case .failure(let problem): diagnostics.append(.error(problem.message, at: nil, code: .configuration))
            }
        }
        let (catalog, catalogProblems) = config.deviceCatalog()
        diagnostics.append(contentsOf: catalogProblems.map { $0.coded(.devices) })
        let tokens = session.tokens(config.tokens, configuration: options.configuration)
        diagnostics.append(contentsOf: tokens.diagnostics.map { $0.coded(.tokenSources) })

        guard options.content.exists else {
            diagnostics.append(.error("no content folder at '\(options.content.displayPath)'", at: nil, code: .site))
            return nil
        }
        guard options.templates.exists else {
            diagnostics.append(.error("no templates folder at '\(options.templates.displayPath)'", at: nil, code: .templates))
            return nil
        }

        let disk = session.store.disk
        var cacheProblems: [Diagnostic] = []
        // The preview's later rebuilds know the summaries from the one
        // before; only the first reads the store's page index.
        let remembered = session.rememberedSummaries
        let summaries = remembered ?? disk?.pageSummaries(problems: &cacheProblems) ?? [:]
        diagnostics.append(contentsOf: cacheProblems.map { $0.coded(.site) })
        // The history is read (git, then a replay on one core) while the
        // pages are read and parsed on the others.
        let history = BackgroundWork { [self, config] in readHistory(config) }
        let loader = PageLoader(
            source: options.content, includeDrafts: options.includeDrafts, excluded: options.outputDirectory,
            session: session, summaries: summaries)
        let loaded = loader.load()
        diagnostics.append(contentsOf: loaded.diagnostics)
        // Written by a build when it changed; the preview keeps it in memory
        // and writes it when its session persists: the index on disk is for
        // the next process (which parses again any page edited since), and
        // encoding it on every save would cost more than the rebuild's
        // rendering.
        if session.policy.writesDuringBuild, let disk = session.store.writableDisk,
           loaded.summaries.count != summaries.count || loaded.summaries.contains(where: { summaries[$0.key] == nil }) {
            disk.storePageSummaries(loaded.summaries)
        }
        session.remember(loaded.summaries)
        let (templates, templateProblems) = TemplateLibrary.load(from: options.templates)
        diagnostics.append(contentsOf: templateProblems.map { $0.coded(.templates) })
        for required in ["page", "index", "404"] where !templates.names.contains(required) && !templates.unusable.contains(required) {
            diagnostics.append(.error("the templates folder has no '\(required).mustache'", at: nil, code: .templates))
        }

        var targets: LoadedSite.LinkTargets = [:]
        for page in loaded.pages { targets[page.relativePath] = (page.slug, Set(page.headings.map(\.anchor))) }
        if let index = loaded.index { targets[index.relativePath] = ("", Set(index.headings.map(\.anchor))) }
        let configurationText = options.configuration.text(of: SiteConfig.fileName) ?? ""
        // What a handler makes of a block is kept in the session's store
        // when the handler has a store key (the real layout handler's is
        // its device catalog).
        let layoutTokens = tokens.layoutTokens
        let layoutHandlers = usesDefaultHandlers ? [LayoutBlockHandler(catalog: catalog, tokens: layoutTokens).handler] : handlers
        // Once per build, from what loading found of every page (parsed or
        // from its summary): what `tokens` blocks list under each row.
        let usage = TokenUsage(pages: loaded.pages, index: loaded.index)
        let allHandlers = layoutHandlers + BuiltInBlocks.handlers(
            catalog: catalog, tokens: config.tokens.isEmpty ? nil : tokens, usage: usage)
        let handlerTable = Dictionary(allHandlers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let (themeAssets, assetsVersion) = readThemeAssets(&diagnostics)
        // A `tokens` block's descriptions are rows to translate too; they
        // come from the token files, so they are counted after the summaries
        // (which hold what the page's own text says) are kept.
        var pages = loaded.pages
        var index = loaded.index
        if !config.tokens.isEmpty {
            for position in pages.indices {
                pages[position].translation = pages[position].translation
                    + TokenDescriptions(page: pages[position], tokens: tokens).coverage
            }
            if let home = index {
                index?.translation = home.translation + TokenDescriptions(page: home, tokens: tokens).coverage
            }
        }
        let navigation = Navigation(pages: pages, config: config)
        diagnostics.append(contentsOf: navigation.problems.map { $0.coded(.site) })
        var site = LoadedSite(
            config: config, configurationText: configurationText, navigation: navigation, index: index,
            templates: templates, handlers: handlerTable, linkTargets: targets,
            contentAssets: Set(loaded.assets), symbolicLinks: Set(loaded.symbolicLinks),
            themeAssets: themeAssets, assetsVersion: assetsVersion,
            indexesSearch: options.indexesSearch)
        site.notFoundRoot = options.notFoundRoot
        site.drafts = Set(loaded.drafts)
        site.tokens = tokens
        site.layoutTokens = layoutTokens
        site.tokenUsage = usage
        site.history = history.wait()
        site.acknowledgements = TranslationAcknowledgements.load(from: options.configuration)
        site.contentPathFromConfiguration = contentPathFromConfiguration()
        return site
    }

    /// The content folder's history, unless the site turned it off.
    private func readHistory(_ config: SiteConfig) -> Result<SiteHistory, SiteHistory.Unavailability> {
        guard config.readsHistory else { return .failure(.turnedOff) }
        if let revision = options.content as? RevisionSource {
            return SiteHistory.read(revision: revision, cache: session.store.writableDisk)
        }
        guard let folder = options.content.directory else { return .failure(.outsideGit) }
        progress?(0, 0, "reading the history of \(options.content.displayPath)")
        return SiteHistory.read(contentFolder: folder, cache: session.store.writableDisk)
    }

    /// `Content` for a content folder beside `kumiki.yml`; its own name when
    /// it is elsewhere.
    private func contentPathFromConfiguration() -> String {
        guard let content = options.content.directory?.standardizedFileURL.path else { return "" }
        if let base = options.configuration.directory?.standardizedFileURL.path,
           content.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
            return String(content.dropFirst(base.hasSuffix("/") ? base.count : base.count + 1))
        }
        return URL(fileURLWithPath: content).lastPathComponent
    }

    /// The theme's `assets/`, to be copied to `assets/`, and a short hash
    /// of their names and bytes.
    private func readThemeAssets(_ diagnostics: inout DiagnosticList) -> ([(path: String, data: Data)], String) {
        let templates = options.templates
        let entries = templates.entries(excluding: nil).filter { $0.kind.isReadable && $0.path.hasPrefix("assets/") }
        for link in entries where link.kind == .symbolicLink {
            diagnostics.append(TemplateLibrary.symbolicLinkProblem(at: link.path, in: templates))
        }
        let paths = entries.filter { $0.kind == .file }.map(\.path).sorted()
        var hash = StableHash()
        var assets: [(path: String, data: Data)] = []
        for path in paths {
            guard let data = templates.contents(of: path) else { continue }
            assets.append((path, data))
            hash.combine(String(path.dropFirst("assets/".count)))
            hash.combine(data)
        }
        return (assets, assets.isEmpty ? "0" : hash.hex)
    }
}
