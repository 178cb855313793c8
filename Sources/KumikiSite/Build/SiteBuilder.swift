import Foundation
import KumikiDiagnostics
import KumikiLayout
import KumikiMarkdown

/// What a build produced and what it found.
public struct BuildResult: Sendable {
    /// The site, complete, or empty when the build had errors.
    public var site: SiteFiles
    public var diagnostics: DiagnosticList
    public var pageCount: Int
    public var coverage: Coverage
    /// The fenced blocks handled by a handler (layout blocks and the like).
    public var fencedBlockCount: Int

    public var succeeded: Bool { !diagnostics.hasErrors }
}

/// Builds a site: reads the configuration, the pages and the templates,
/// renders every page, and returns the files in memory.
///
/// The steps read like a recipe: `load` → `render` → `assemble`. Every
/// problem is collected and reported together; a build with any error
/// returns no files, so the caller never writes a partial site.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var handlers: [FencedBlockHandler]
    /// No handlers were given: layout blocks get the real handler, built on
    /// the site's device catalog.
    private let usesDefaultHandlers: Bool
    /// Told of each page as its rendering finishes: (done, total, path).
    /// Pages render in parallel, so they may finish in any order, and the
    /// closure may be called from any thread.
    public var progress: (@Sendable (Int, Int, String) -> Void)?
    /// Given the fenced-block handlers this build settled on (built on the
    /// site's device catalog), returns the ones to use: the preview server
    /// puts its cache of rendered blocks here.
    /// Pages parsed and rendered by earlier builds of the same site (the
    /// preview server keeps one); `nil` to build everything afresh.
    public var cache: PageCache?
    public var wrapHandlers: (@Sendable ([FencedBlockHandler]) -> [FencedBlockHandler])?

    public init(options: BuildOptions, handlers: [FencedBlockHandler]? = nil,
                progress: (@Sendable (Int, Int, String) -> Void)? = nil) {
        self.options = options
        self.handlers = handlers ?? SiteBuilder.defaultHandlers
        self.usesDefaultHandlers = handlers == nil
        self.progress = progress
    }

    /// The fenced-block handlers a site gets unless told otherwise.
    public static var defaultHandlers: [FencedBlockHandler] { [LayoutFigure.sourceHandler] }

    public func build() -> BuildResult {
        var diagnostics = DiagnosticList()
        if let problem = options.outputProblem {
            diagnostics.append(.error(problem, at: nil))
            return failed(diagnostics)
        }
        let configPath = BuildOptions.displayPath(of: options.configDirectory.appendingPathComponent("kumiki.yml"))
        var (config, configProblems) = SiteConfig.load(from: options.configDirectory, displayPath: configPath)
        diagnostics.append(contentsOf: configProblems)
        if let override = options.baseURL {
            switch SiteConfig.normalizedBaseURL(override) {
            case .success(let url): config.baseURL = url
            case .failure(let problem): diagnostics.append(.error(problem.message, at: nil))
            }
        }

        let (catalog, catalogProblems) = config.deviceCatalog()
        diagnostics.append(contentsOf: catalogProblems)
        let handlers = usesDefaultHandlers ? [LayoutBlockHandler(catalog: catalog).handler] : self.handlers

        let contentDisplay = BuildOptions.displayPath(of: options.contentDirectory)
        guard directoryExists(options.contentDirectory) else {
            diagnostics.append(.error("no content folder at '\(contentDisplay)'", at: nil))
            return failed(diagnostics)
        }
        let templatesDisplay = BuildOptions.displayPath(of: options.templatesDirectory)
        guard directoryExists(options.templatesDirectory) else {
            diagnostics.append(.error("no templates folder at '\(templatesDisplay)'", at: nil))
            return failed(diagnostics)
        }

        let loader = PageLoader(
            directory: options.contentDirectory, displayDirectory: contentDisplay,
            includeDrafts: options.includeDrafts, excluded: options.outputDirectory, cache: cache)
        let loaded = loader.load()
        diagnostics.append(contentsOf: loaded.diagnostics)
        let (templates, templateProblems) = TemplateLibrary.load(from: options.templatesDirectory, displayPath: templatesDisplay)
        diagnostics.append(contentsOf: templateProblems)
        for required in ["page", "index", "404"] where !templates.names.contains(required) {
            diagnostics.append(.error("the templates folder has no '\(required).mustache'", at: nil))
        }

        let navigation = Navigation(pages: loaded.pages, config: config)
        var targets: [String: (slug: String, anchors: Set<String>)] = [:]
        for page in loaded.pages { targets[page.relativePath] = (page.slug, Set(page.headings.map(\.anchor))) }
        if let index = loaded.index { targets[index.relativePath] = ("", Set(index.headings.map(\.anchor))) }
        let assetPaths = Set(loaded.assets), symbolicLinks = Set(loaded.symbolicLinks)
        let allHandlers = handlers + BuiltInBlocks.handlers(catalog: catalog)
        let handlerTable = Dictionary((wrapHandlers?(allHandlers) ?? allHandlers).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        var site = SiteFiles()
        let assets = copyAssets(into: &site, diagnostics: &diagnostics)
        for asset in loaded.assets {
            if site[asset] != nil {
                diagnostics.append(.error("'\(asset)' in the content folder would replace the theme's file of the same path; rename it",
                                          at: SourceLocation(file: "\(contentDisplay)/\(asset)", line: 1)))
                continue
            }
            if let data = FileManager.default.contents(atPath: options.contentDirectory.appendingPathComponent(asset).path) {
                site.add(asset, data)
            }
        }

        let context = SiteContext(config: config, navigation: navigation, assetsVersion: assets)
        var coverage = Coverage()
        var fencedBlocks = 0
        let ordered = navigation.orderedPages
        // A page is rendered again only when it or something every page shows
        // changed (see `sharedSignature`); the others come from the cache.
        let shared = sharedSignature(
            navigation: navigation, targets: targets, assets: assetPaths, symbolicLinks: symbolicLinks, config: config,
            templates: templates.signature, assetsVersion: assets)
        let keys = ordered.map { page -> Int in
            var key = Hasher()
            key.combine(shared)
            key.combine(page.document.source.text)
            key.combine(page.slug)
            return key.finalize()
        }
        let cache = self.cache
        let hits = ordered.indices.map { cache?.rendered(at: ordered[$0].relativePath, key: keys[$0]) }
        // Pages render in parallel (solving and drawing their layout blocks is
        // most of a build); everything that depends on their order is done
        // after, in order.
        let allowsRawHTML = config.allowsRawHTML, progress = self.progress, finished = SharedCounter(), linkTargets = targets
        let bodies = concurrentMap(ordered.count) { number -> PageBodyRenderer.Output? in
            let page = ordered[number]
            defer { progress?(finished.increment(), ordered.count, page.displayPath) }
            if hits[number] != nil { return nil }
            let links = LinkResolver(targets: linkTargets, assets: assetPaths, symbolicLinks: symbolicLinks, pagePath: page.relativePath, rootPrefix: "../")
            return PageBodyRenderer(page: page, links: links, allowsRawHTML: allowsRawHTML, handlers: handlerTable).render()
        }
        for (number, page) in ordered.enumerated() {
            coverage = coverage + page.translation
            if let hit = hits[number] {
                diagnostics.append(contentsOf: hit.diagnostics)
                fencedBlocks += hit.fencedBlockCount
                site.add("\(page.slug)/index.html", text: hit.html)
                continue
            }
            guard let body = bodies[number] else { continue }
            diagnostics.append(contentsOf: body.diagnostics)
            fencedBlocks += body.fencedBlockCount
            let values = context.pageValues(page, body: body.html, position: number)
            if let html = templates.render(values, template: "page") {
                site.add("\(page.slug)/index.html", text: html)
                cache?.store(PageCache.Rendered(key: keys[number], html: html, diagnostics: body.diagnostics,
                                                fencedBlockCount: body.fencedBlockCount), at: page.relativePath)
            }
        }

        var indexBody = ""
        if let index = loaded.index {
            let links = LinkResolver(targets: targets, assets: assetPaths, symbolicLinks: symbolicLinks, pagePath: index.relativePath, rootPrefix: "")
            let body = PageBodyRenderer(page: index, links: links, allowsRawHTML: config.allowsRawHTML, handlers: handlerTable).render()
            diagnostics.append(contentsOf: body.diagnostics)
            indexBody = body.html
            coverage = coverage + index.translation
            fencedBlocks += body.fencedBlockCount
        }
        if let html = templates.render(context.indexValues(index: loaded.index, body: indexBody, coverage: coverage), template: "index") {
            site.add("index.html", text: html)
        }
        if let html = templates.render(context.notFoundValues(), template: "404") {
            site.add("404.html", text: html)
        }
        if !config.baseURL.isEmpty {
            site.add("sitemap.xml", text: Sitemap.xml(baseURL: config.baseURL, slugs: ordered.map(\.slug)))
        }

        if diagnostics.hasErrors { return failed(diagnostics, coverage: coverage) }
        return BuildResult(site: site, diagnostics: diagnostics, pageCount: ordered.count, coverage: coverage, fencedBlockCount: fencedBlocks)
    }

    /// What every page's rendering depends on besides its own text: the
    /// navigation (titles, order, sections), every page's slug and anchors
    /// (links are checked against them), the content files, the
    /// configuration, the templates and the assets. Valid within one process.
    private func sharedSignature(
        navigation: Navigation, targets: [String: (slug: String, anchors: Set<String>)], assets: Set<String>,
        symbolicLinks: Set<String>, config: SiteConfig, templates: String, assetsVersion: String
    ) -> Int {
        var hasher = Hasher()
        for section in navigation.sections {
            hasher.combine(section.name)
            hasher.combine(section.nameJapanese)
            for page in section.pages {
                hasher.combine(page.slug)
                hasher.combine(page.title)
                hasher.combine(page.titleJapanese)
                hasher.combine(page.frontMatter.section)
            }
        }
        for path in targets.keys.sorted() {
            hasher.combine(path)
            hasher.combine(targets[path]?.slug)
            hasher.combine(targets[path]?.anchors.sorted())
        }
        hasher.combine(assets.sorted())
        hasher.combine(symbolicLinks.sorted())
        hasher.combine(config)
        hasher.combine(templates)
        hasher.combine(assetsVersion)
        return hasher.finalize()
    }

    /// A result without files. The coverage counted so far is kept, so
    /// `kumiki check` reports it even when there are errors.
    private func failed(_ diagnostics: DiagnosticList, coverage: Coverage = Coverage()) -> BuildResult {
        BuildResult(site: SiteFiles(), diagnostics: diagnostics, pageCount: 0, coverage: coverage, fencedBlockCount: 0)
    }

    private func directoryExists(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Copies `Templates/assets/` to `assets/` and returns a short hash of
    /// their bytes, used to bust caches when they change.
    private func copyAssets(into site: inout SiteFiles, diagnostics: inout DiagnosticList) -> String {
        let directory = options.templatesDirectory.appendingPathComponent("assets")
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: directory.path) else { return "0" }
        var hash = StableHash()
        for name in names.sorted() where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: url.path) else { continue }
            site.add("assets/\(name)", data)
            hash.combine(name)
            hash.combine(data)
        }
        return hash.hex
    }
}

/// FNV-1a, 64 bits: a hash that is the same on every run and machine (Swift's
/// `Hasher` is seeded per process).
struct StableHash {
    private var value: UInt64 = 0xcbf29ce484222325

    mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100000001b3
        }
    }

    mutating func combine(_ text: String) { combine(text.utf8) }

    var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
