import Foundation
import KumikiSearch
import KumikiSupport

/// What one build can hand the next: parsed pages and rendered pages, so a
/// rebuild after an edit parses and renders only what the edit touched.
///
/// `kumiki build` builds once and needs none; the preview server keeps one
/// for its whole run. A page is parsed again when its file's bytes change,
/// and rendered again when its bytes or anything every page shows (the
/// navigation, the other pages' anchors, the templates, the configuration,
/// the assets) change. Safe to share between threads.
public final class PageCache: Sendable {
    struct Parsed {
        var data: Data
        var page: Page
        var diagnostics: [Diagnostic]
    }

    struct Rendered {
        var key: String
        /// The page's bytes: the same storage the build handed its sink, so
        /// the preview server holds each page once, not twice.
        var html: Data
        var diagnostics: [Diagnostic]
        var fencedBlockCount: Int
        var translations = PageTranslations()
        /// The page's search entries, its script included: a rebuild of the
        /// preview server indexes the page without reading the build cache.
        var search: PageSearchEntries? = nil
    }

    /// A content file as last read: its bytes and summary key, valid while
    /// the file keeps the stamp it had then.
    struct File {
        var stamp: FileStamp
        var data: Data
        var summaryKey: String
    }

    private struct State {
        var files: [String: File] = [:]
        var parsed: [String: Parsed] = [:]
        var rendered: [String: Rendered] = [:]
        var summaries: [String: PageSummary]?
        var searchIndex: SearchIndexState?
        /// The assembled pages (home, sections) by output path.
        var assembled: [String: Rendered] = [:]
        var parses = 0
        var renders = 0
    }

    private let state = LockedValue(State())

    /// Pages parsed and rendered since the cache was made, for tests and
    /// the server's log.
    public var parses: Int { state.withValue { $0.parses } }
    public var renders: Int { state.withValue { $0.renders } }

    public init() {}

    func page(at path: String, data: Data, make: () -> (Page, [Diagnostic])) -> (Page, [Diagnostic]) {
        if let hit = state.withValue({ $0.parsed[path] }), hit.data == data { return (hit.page, hit.diagnostics) }
        let (page, diagnostics) = make()
        state.withValue { state in
            state.parsed[path] = Parsed(data: data, page: page, diagnostics: diagnostics)
            state.parses += 1
        }
        return (page, diagnostics)
    }

    func file(at path: String, stamp: FileStamp) -> File? {
        state.withValue { $0.files[path].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    func remember(_ file: File, at path: String) {
        state.withValue { $0.files[path] = file }
    }

    func rendered(at path: String, key: String) -> Rendered? {
        state.withValue { $0.rendered[path].flatMap { $0.key == key ? $0 : nil } }
    }

    func store(_ entry: Rendered, at path: String) {
        state.withValue { state in
            state.rendered[path] = entry
            state.renders += 1
        }
    }

    /// Keeps a page that was not rendered but read from the build cache on
    /// disk, so the next rebuild finds it here instead of reading it again.
    func remember(_ entry: Rendered, at path: String) {
        state.withValue { $0.rendered[path] = entry }
    }

    /// The home page or a section page as the last build assembled it,
    /// if `key` (everything it shows) is unchanged.
    func assembled(at path: String, key: String) -> Rendered? {
        state.withValue { $0.assembled[path].flatMap { $0.key == key ? $0 : nil } }
    }

    func storeAssembled(_ entry: Rendered, at path: String) {
        state.withValue { $0.assembled[path] = entry }
    }

    /// The page summaries the last build found, by key (`nil` before the
    /// first build): a rebuild reads them from here rather than decoding
    /// the build cache's index again.
    var rememberedSummaries: [String: PageSummary]? { state.withValue { $0.summaries } }

    func remember(_ found: [PageSummary]) {
        let table = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        state.withValue { $0.summaries = table }
    }

    /// The site's search postings as the last build left them, with the
    /// keys of the pages they came from (`nil` before the first build),
    /// handed over and forgotten: a rebuild carries them over without
    /// reading the build cache, and changes them in place.
    func takeSearchIndex() -> SearchIndexState? {
        state.withValue { state in
            let taken = state.searchIndex
            state.searchIndex = nil
            return taken
        }
    }

    /// Keeps the postings a build made, for the next.
    func keep(searchIndex: SearchIndexState) {
        state.withValue { $0.searchIndex = searchIndex }
    }

    /// Forgets the entries of files that no longer exist.
    func keep(only paths: Set<String>) {
        state.withValue { state in
            state.files = state.files.filter { paths.contains($0.key) }
            state.parsed = state.parsed.filter { paths.contains($0.key) }
            state.rendered = state.rendered.filter { paths.contains($0.key) }
        }
    }
}
