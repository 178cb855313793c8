import Foundation
import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown
import KumikiSearch
import Yams

/// The site configuration, read from `kumiki.yml`.
///
/// Every key is optional, so a site needs no configuration to start:
///
/// ```yaml
/// title: Kumiki Guidelines          # the site title in English
/// title_ja: Kumiki ガイドライン       # … and in Japanese
/// base_url: https://example.org/docs/   # needed for sitemap.xml and canonical links
/// raw_html: false                   # let raw HTML in Markdown through (off by default)
/// ja_latin_spacing: off             # spaces between Japanese and Latin text: always, never or off
/// sections:                         # the order of the sections in the navigation
///   - name: Foundations
///     name_ja: 基本
///   - Reference                     # a plain name works too
/// exclude_devices: [iphone-air]     # bundled devices this site does not check (yet)
/// history: on                       # last-updated dates and translation freshness from git
/// changelog: off                   # on (an entry per commit) or tags: a "What's new" page at changes/
/// changelog_limit: 50             # the most entries it lists
/// source_language: en               # the language rows are written in first: en or ja
/// translations: on                  # the translators' page, linked from the footer
/// edit_url: https://example.org/edit/main/{path}   # an "Edit this page" link; {path} from kumiki.yml's folder
/// tokens:                           # the design tokens (DTCG 2025.10 files), merged in order
///   files: [Tokens/core.tokens.json]
/// search_glossary:                  # forms search treats as one word, added to the bundled ones
///   - [余白, よはく, padding]
/// devices:                          # add or override devices (see DeviceEntry)
///   - id: ipad-pro-12-9             # a bundled id: a note says it is overridden
///     cornerRadius: 20
///   - id: studio-tablet             # a new id adds a device
///     name: Studio Tablet
///     family: pad
///     width: 800
///     height: 1280
///     scale: 2
/// ```
public struct SiteConfig: Sendable, Hashable {
    /// A navigation section, in the order the site shows it.
    public struct Section: Sendable, Hashable {
        public var name: String
        public var nameJapanese: String?

        public init(name: String, nameJapanese: String? = nil) {
            self.name = name
            self.nameJapanese = nameJapanese
        }
    }

    /// `title` and `title_ja`.
    public var title = Bilingual("Kumiki Guidelines", "Kumiki ガイドライン")
    /// The address the site is published at, ending in `/`; empty when
    /// unknown (then no sitemap is written).
    public var baseURL: String = ""
    public var allowsRawHTML: Bool = false
    /// Whether `kumiki check` wants spaces between Japanese and Latin text.
    public var japaneseLatinSpacing: JapaneseLatinSpacing = .off
    public var sections: [Section] = []
    /// Devices added to or overriding the bundled catalog.
    public var deviceEntries: [DeviceEntry] = []
    /// Bundled devices the site leaves out, so that devices a new Kumiki
    /// release bundles can be adopted one at a time.
    public var excludedDevices: [DeviceExclusion] = []
    /// Where `exclude_devices` is, for a problem with the list as a whole.
    public var excludedDevicesLocation: SourceLocation?
    /// Whether pages are dated and rows checked for freshness from the
    /// repository's history (`history`).
    public var readsHistory = true
    /// Whether the site has a translators' page (`translations`).
    public var hasTranslatorsPage = true
    /// Whether the build writes the change log page (`changelog`), and
    /// what an entry is.
    public var changelog: ChangeLogSetting = .off
    /// Where `changelog` is written, for its error.
    public var changelogLocation: SourceLocation?
    /// The most entries the change log lists (`changelog_limit`).
    public var changelogLimit = 50
    /// The address of a page's source for editing, with `{path}` standing
    /// for the page's path from the folder of `kumiki.yml` (`edit_url`).
    public var editURL: String = ""
    /// The language writers change first and translate from
    /// (`source_language`): a row is possibly outdated when its block in
    /// this language changed after the other.
    public var sourceLanguage: Script = .english
    /// Words the site's search treats as one, besides the bundled ones
    /// (`search_glossary`).
    public var searchGlossary = SearchGlossary(entries: [])
    /// The site's design tokens (`tokens`).
    public var tokens = TokenSources()

    public init() {}

    /// The bundled device catalog without the excluded devices and with this
    /// site's entries merged in.
    public func deviceCatalog() -> (DeviceCatalog, [Diagnostic]) {
        let bundled = DeviceCatalog.bundled()
        if deviceEntries.isEmpty && excludedDevices.isEmpty { return (bundled, []) }
        let kept = bundled.excluding(excludedDevices)
        let merged = kept.catalog.merging(deviceEntries, excluded: excludedDevices)
        var diagnostics = kept.diagnostics + merged.diagnostics
        if merged.catalog.devices.isEmpty {
            diagnostics.append(.error(
                "'exclude_devices' leaves no device to solve layouts on; keep at least one or add one under 'devices'",
                at: excludedDevicesLocation))
            return (bundled, diagnostics)
        }
        return (merged.catalog, diagnostics)
    }

    static let keys = ["title", "title_ja", "base_url", "raw_html", "ja_latin_spacing", "sections", "devices", "exclude_devices",
                       "history", "translations", "changelog", "changelog_limit", "edit_url", "source_language", "search_glossary", "tokens"]

    /// Reads a configuration file's text; missing keys keep their defaults.
    public static func parse(_ yaml: String, file: String) -> (SiteConfig, [Diagnostic]) {
        var config = SiteConfig()
        let (mapping, problems) = YAMLMapping.read(yaml, file: file, firstLine: 1, what: "the site configuration")
        var diagnostics = problems
        let places = mapping?.places ?? YAMLPlaces(file: file, text: yaml, firstLine: 1)
        for entry in mapping?.entries ?? [] {
            switch entry.key {
            case "title":
                record(YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation), into: &config.title.english, &diagnostics)
            case "title_ja":
                record(YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation), into: &config.title.japanese, &diagnostics)
            case "base_url":
                var url = ""
                record(YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation), into: &url, &diagnostics)
                switch normalizedBaseURL(url) {
                case .success(let value): config.baseURL = value
                case .failure(let problem): diagnostics.append(.error(problem.message, at: entry.valueLocation))
                }
            case "raw_html":
                record(YAMLValue.bool(entry.value, key: entry.key, at: entry.valueLocation), into: &config.allowsRawHTML, &diagnostics)
            case "ja_latin_spacing":
                // The scalar's text as written: YAML 1.1 would read `off` as false.
                switch YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation) {
                case .success(let value):
                    if let spacing = JapaneseLatinSpacing(rawValue: value) {
                        config.japaneseLatinSpacing = spacing
                    } else {
                        diagnostics.append(.error("'ja_latin_spacing' is 'always', 'never' or 'off', not '\(value)'", at: entry.valueLocation))
                    }
                case .failure(let problem):
                    diagnostics.append(problem)
                }
            case "sections":
                config.sections = sections(entry, places: places, diagnostics: &diagnostics)
            case "devices":
                let (entries, problems) = DeviceEntries.read(entry.value, at: entry.location, places: places)
                config.deviceEntries = entries
                diagnostics.append(contentsOf: problems)
            case "exclude_devices":
                config.excludedDevices = excludedDevices(entry, places: places, diagnostics: &diagnostics)
                config.excludedDevicesLocation = entry.location
            case "history":
                record(YAMLValue.bool(entry.value, key: entry.key, at: entry.valueLocation), into: &config.readsHistory, &diagnostics)
            case "translations":
                record(YAMLValue.bool(entry.value, key: entry.key, at: entry.valueLocation), into: &config.hasTranslatorsPage, &diagnostics)
            case "changelog":
                // The scalar's text as written: YAML 1.1 would read `on` as true.
                switch YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation) {
                case .success(let value):
                    if let setting = ChangeLogSetting(rawValue: value) {
                        config.changelog = setting
                        config.changelogLocation = entry.location
                    } else {
                        diagnostics.append(.error("'changelog' is 'on', 'tags' or 'off', not '\(value)'", at: entry.valueLocation))
                    }
                case .failure(let problem):
                    diagnostics.append(problem)
                }
            case "changelog_limit":
                switch YAMLValue.int(entry.value, key: entry.key, at: entry.valueLocation) {
                case .success(let limit) where limit >= 1: config.changelogLimit = limit
                case .success: diagnostics.append(.error("'changelog_limit' is a number of entries, at least 1", at: entry.valueLocation))
                case .failure(let problem): diagnostics.append(problem)
                }
            case "source_language":
                var language = ""
                record(YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation), into: &language, &diagnostics)
                switch language {
                case "en": config.sourceLanguage = .english
                case "ja": config.sourceLanguage = .japanese
                default: diagnostics.append(.error("'source_language' is 'en' or 'ja', not '\(language)'", at: entry.location))
                }
            case "edit_url":
                record(YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation), into: &config.editURL, &diagnostics)
                if !config.editURL.isEmpty, !Self.isWebAddress(config.editURL) {
                    // It becomes every page's link: never a `javascript:` one.
                    diagnostics.append(.error("'edit_url' must be an http(s) address, such as https://example.org/edit/main/{path}",
                                              at: entry.valueLocation))
                    config.editURL = ""
                } else if !config.editURL.contains("{path}") {
                    diagnostics.append(.error("'edit_url' must contain '{path}', where the page's path goes", at: entry.valueLocation))
                    config.editURL = ""
                }
            case "search_glossary":
                config.searchGlossary = searchGlossary(entry, places: places, diagnostics: &diagnostics)
            case "tokens":
                config.tokens = TokenSources.read(entry, places: places, diagnostics: &diagnostics)
            default:
                let hint = Suggestions.hint(for: entry.key, among: keys)
                diagnostics.append(Diagnostic.error("unknown key '\(entry.key)' in the site configuration\(hint)", at: entry.location,
                                                    code: .unknownConfigurationKey)
                    .spanning(entry.key.count, replacements: Suggestions.closest(to: entry.key, among: keys)))
            }
        }
        if config.changelog != .off && !config.readsHistory {
            diagnostics.append(.error("'changelog' is made from the repository's history, which 'history: off' turns off",
                                      at: config.changelogLocation))
            config.changelog = .off
        }
        // A YAML alias repeats the node it names, and with it the node's
        // problem: each is reported once.
        var seen: Set<Diagnostic> = []
        return (config, diagnostics.filter { seen.insert($0).inserted })
    }

    /// Reads `kumiki.yml` from a folder; no file means the defaults.
    public static func load(from source: any SiteSource) -> (SiteConfig, [Diagnostic]) {
        let displayPath = source.displayPath(of: fileName)
        guard let data = source.contents(of: fileName) else { return (SiteConfig(), []) }
        let input = InputText(decoding: data, path: displayPath)
        if let problem = input.problem { return (SiteConfig(), [problem]) }
        return parse(input.text, file: displayPath)
    }

    /// `kumiki.yml` read from a folder and the device catalog it makes, with
    /// the problems of both: what every command that solves layouts starts
    /// from, so a device added there is everywhere the site's devices are.
    public static func loadWithCatalog(from source: any SiteSource) -> (config: SiteConfig, catalog: DeviceCatalog, diagnostics: [Diagnostic]) {
        let (config, configProblems) = load(from: source)
        let (catalog, catalogProblems) = config.deviceCatalog()
        return (config, catalog, configProblems + catalogProblems)
    }

    /// The configuration's file name.
    public static let fileName = "kumiki.yml"

    /// A base URL with its trailing slash, or why it is not one.
    /// Whether `text` starts as an absolute http(s) address does.
    static func isWebAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    public static func normalizedBaseURL(_ url: String) -> Result<String, InvalidBaseURL> {
        let trimmed = url.trimmingWhitespace
        if trimmed.isEmpty { return .success("") }
        guard let parsed = URL(string: trimmed), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", parsed.host != nil else {
            return .failure(InvalidBaseURL(message: "the base URL must be an absolute http(s) address such as https://example.org/docs/, not '\(trimmed)'"))
        }
        // Every page's address is the base URL and a path after it: a query
        // or a fragment would end up in the middle of each.
        guard parsed.query == nil, parsed.fragment == nil else {
            return .failure(InvalidBaseURL(message: "the base URL must have no query ('?') or fragment ('#'), since page paths follow it: "
                                           + "write it as https://example.org/docs/, not '\(trimmed)'"))
        }
        // A host is ASCII (an internationalised domain in its xn-- form);
        // a path may hold a space or any letter, encoded as links need it.
        let authority = trimmed.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
        guard authority.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else {
            return .failure(InvalidBaseURL(message: "the base URL's host must be ASCII (an internationalised domain in its xn-- form), not '\(trimmed)'"))
        }
        // The sitemap and every link hold it: what a URL cannot hold raw
        // (a space, a letter outside ASCII) is percent-encoded.
        let encoded = trimmed.percentEncodedForHref
        return .success(encoded.hasSuffix("/") ? encoded : encoded + "/")
    }

    /// The ids of `exclude_devices`, each with its own place; a single id
    /// may stand without brackets.
    private static func excludedDevices(_ entry: YAMLMapping.Entry, places: YAMLPlaces, diagnostics: inout [Diagnostic]) -> [DeviceExclusion] {
        let items: [Node]
        switch entry.value {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar(let scalar):
            // `exclude_devices:` with nothing after it excludes nothing.
            items = scalar.string.isEmpty ? [] : [entry.value]
        default:
            diagnostics.append(.error(
                "'exclude_devices' must be a list of bundled device ids, such as [iphone-air]", at: entry.location))
            return []
        }
        var exclusions: [DeviceExclusion] = []
        for item in items {
            let location = places.location(of: item)
            guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                diagnostics.append(.error("each item of 'exclude_devices' is one device id", at: location))
                continue
            }
            exclusions.append(DeviceExclusion(id: scalar.string, at: location))
        }
        return exclusions
    }

    private static func sections(_ entry: YAMLMapping.Entry, places: YAMLPlaces, diagnostics: inout [Diagnostic]) -> [Section] {
        guard case .sequence(let items) = entry.value else {
            diagnostics.append(.error("'sections' must be a list of section names", at: entry.location))
            return []
        }
        var result: [Section] = []
        for item in items {
            let location = places.location(of: item)
            switch item {
            case .scalar(let scalar):
                if let problem = Navigation.sectionSlugLengthProblem(scalar.string) {
                    diagnostics.append(.error(problem, at: location))
                }
                result.append(Section(name: scalar.string))
            case .mapping(let mapping):
                guard let nameNode = mapping["name"], let name = nameNode.string else {
                    diagnostics.append(.error("a section needs a 'name'", at: location))
                    continue
                }
                if let problem = Navigation.sectionSlugLengthProblem(name) {
                    diagnostics.append(.error(problem, at: places.location(of: nameNode)))
                }
                let sectionKeys = ["name", "name_ja"]
                for keyNode in mapping.keys {
                    guard let key = keyNode.string, !sectionKeys.contains(key) else { continue }
                    let hint = Suggestions.hint(for: key, among: sectionKeys)
                    diagnostics.append(.error("unknown key '\(key)' in a section" + (hint.isEmpty ? "; use 'name' and 'name_ja'" : hint),
                                              at: places.location(of: keyNode)))
                }
                var japanese: String?
                if let node = mapping["name_ja"] {
                    switch YAMLValue.string(node, key: "name_ja", at: places.location(of: node)) {
                    case .success(let text): japanese = text
                    case .failure(let problem): diagnostics.append(problem)
                    }
                }
                result.append(Section(name: name, nameJapanese: japanese))
            default:
                diagnostics.append(.error("a section is a name or a 'name:'/'name_ja:' mapping", at: location))
            }
        }
        return result
    }
}

func record<T>(_ result: Result<T, Diagnostic>, into value: inout T, _ diagnostics: inout [Diagnostic]) {
    switch result {
    case .success(let v): value = v
    case .failure(let d): diagnostics.append(d)
    }
}

/// Why a base URL was refused.
public struct InvalidBaseURL: Error, Sendable, Hashable {
    public var message: String
}
