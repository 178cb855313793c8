import Foundation
import KumikiSupport
import KumikiSearch

/// One session of building a site: the store every value of a build is
/// kept in (`BuildStore`) and the policy for it, shared by the commands.
///
/// `kumiki build`, `check` and `render` make a session and drop it after
/// one build; the preview keeps one for its whole run. A build asks the
/// session for each page and block by its key (`PageKey`,
/// `FencedBlockHandler.storeKey`), which is derived from what the value
/// reads: nothing else decides whether a value is reused, so no two
/// commands can disagree about it. Safe to share between threads.
public final class BuildSession: Sendable {
    public let policy: StorePolicy
    let store: BuildStore
    private let state = LockedValue(State())

    /// A content file as last read: its bytes and summary key, valid while
    /// the file keeps the stamp it had then.
    struct File {
        var stamp: FileStamp
        var data: Data
        var summaryKey: String
    }

    struct Parsed {
        var data: Data
        var page: Page
        var diagnostics: [Diagnostic]
    }

    private struct State {
        var files: [String: File] = [:]
        var parsed: [String: Parsed] = [:]
        var summaries: [String: PageSummary]?
        var searchIndex: SearchIndexState?
        var ledger: PageKeyLedger?
        /// The token files' problems and set, as last read (`tokens`).
        var tokens: SiteTokens?
        /// The fenced-block handlers of the latest build, by name
        /// (`rechecked(_:)`).
        var handlers: [String: FencedBlockHandler]?
        var explanation = BuildExplanation()
        var parses = 0
        var renders = 0
    }

    /// - Parameters:
    ///   - cacheDirectory: the store's folder on disk (`.kumiki-cache`), or
    ///     `nil` for a session that keeps nothing on disk.
    ///   - policy: how the session uses the disk.
    public init(cacheDirectory: URL?, policy: StorePolicy) {
        self.policy = policy
        self.store = BuildStore(folder: cacheDirectory, policy: policy)
    }

    /// Pages parsed and rendered since the session was made.
    public var parses: Int { state.withValue { $0.parses } }
    public var renders: Int { state.withValue { $0.renders } }

    /// The blocks the session holds in memory (the preview's).
    public var blocksInMemory: Int { store.blocksInMemory }

    /// What the latest build took from the store and computed, and why.
    public var lastExplanation: BuildExplanation { state.withValue { $0.explanation } }

    /// Writes to disk what the session computed and kept in memory (the
    /// preview's pages and blocks), so the next process starts from it.
    public func persist() {
        store.persist()
        if let disk = store.writableDisk {
            let (summaries, searchIndex, ledger) = state.withValue { ($0.summaries, $0.searchIndex, $0.ledger) }
            if let summaries { disk.storePageSummaries(summaries.values.sorted { $0.key < $1.key }) }
            if let searchIndex { disk.storeSearchIndexState(searchIndex) }
            ledger?.write(to: disk)
        }
    }

    // MARK: - What a session remembers between its builds

    /// Whether values are kept in memory between builds (the preview).
    var keepsMemory: Bool { policy.keepsMemory }

    func page(at path: String, data: Data, make: () -> (Page, [Diagnostic])) -> (Page, [Diagnostic]) {
        if keepsMemory, let hit = state.withValue({ $0.parsed[path] }), hit.data == data { return (hit.page, hit.diagnostics) }
        let (page, diagnostics) = make()
        state.withValue { state in
            if keepsMemory { state.parsed[path] = Parsed(data: data, page: page, diagnostics: diagnostics) }
            state.parses += 1
        }
        return (page, diagnostics)
    }

    func file(at path: String, stamp: FileStamp) -> File? {
        guard keepsMemory else { return nil }
        return state.withValue { $0.files[path].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    func remember(_ file: File, at path: String) {
        guard keepsMemory else { return }
        state.withValue { $0.files[path] = file }
    }

    /// Forgets the files that no longer exist.
    func keepFiles(only paths: Set<String>) {
        state.withValue { state in
            state.files = state.files.filter { paths.contains($0.key) }
            state.parsed = state.parsed.filter { paths.contains($0.key) }
        }
    }

    /// The page summaries the last build of this session found, by key.
    var rememberedSummaries: [String: PageSummary]? { state.withValue { $0.summaries } }

    /// Every session keeps them: the preview and the language server for
    /// their next build, `kumiki diff` for its second side (decoding the
    /// store's index was a sixth of a diff of a thousand pages); a session
    /// that loads once drops them with itself.
    func remember(_ found: [PageSummary]) {
        let table = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        state.withValue { $0.summaries = table }
    }

    /// The site's search postings as the last build of this session left
    /// them, handed over and forgotten, so that nothing else holds them
    /// while they change in place.
    func takeSearchIndex() -> SearchIndexState? {
        state.withValue { state in
            defer { state.searchIndex = nil }
            return state.searchIndex
        }
    }

    func keep(searchIndex: SearchIndexState) {
        guard keepsMemory else { return }
        state.withValue { $0.searchIndex = searchIndex }
    }

    func countRender() { state.withValue { $0.renders += 1 } }

    /// The tokens last read, if they were read from files with this digest.
    func rememberedTokens(digest: String) -> SiteTokens? {
        state.withValue { $0.tokens?.digest == digest ? $0.tokens : nil }
    }

    func remember(_ tokens: SiteTokens) {
        state.withValue { $0.tokens = tokens }
    }

    // MARK: - Explaining

    /// The key digests of the last build of the site, from memory or, for
    /// `paths` alone, the store's folder.
    func ledger(for paths: Set<String>) -> PageKeyLedger {
        if let known = state.withValue({ $0.ledger }) { return known }
        return store.disk.map { PageKeyLedger.read(from: $0, only: paths) } ?? PageKeyLedger()
    }

    /// Records a build's explanation and its pages' keys for the next.
    func finishBuild(_ explanation: BuildExplanation, keys: [(path: String, key: PageKey)], succeeded: Bool) {
        var ledger = PageKeyLedger()
        for (path, key) in keys { ledger.entries[path] = key.digests }
        let changed = state.withValue { state -> Bool in
            state.explanation = explanation
            guard succeeded else { return false }
            defer { state.ledger = ledger }
            return state.ledger != ledger
        }
        if changed, policy.writesDuringBuild, let disk = store.writableDisk { ledger.write(to: disk) }
    }

    /// The site's tokens as the latest build read them (what layout
    /// blocks' `{token}` references name), `nil` before one.
    public var lastTokens: SiteTokens? { state.withValue { $0.tokens } }

    // MARK: - Blocks

    /// Remembers the handlers a build read its blocks with, so that one
    /// block can be checked again on its own (`rechecked(_:)`).
    func remember(handlers: [String: FencedBlockHandler]) {
        state.withValue { $0.handlers = handlers }
    }

    /// The diagnostics of `block` alone, as a build of its page reports
    /// them, read by the latest build's handler for it and taken from the
    /// store when a build or an earlier recheck met the same block: what
    /// the language server publishes after an edit inside one layout block,
    /// without checking the rest of the site. The page's budget is not
    /// applied (it is the whole page's; the server's next full check
    /// applies it). `nil` before a build or for a block no handler reads.
    public func rechecked(_ block: FencedBlock) -> [Diagnostic]? {
        guard let handler = state.withValue({ $0.handlers?[block.name] }),
              let found = self.block(block, handler: handler, admit: { _ in true }) else { return nil }
        return found.output.diagnostics.map { $0.coded(.fencedBlock) }
    }

    /// A fenced block's key in the store: what its handler reads besides
    /// the block (`storeKey`), and everything of the block its figure
    /// shows (its text, info string, place and anchor).
    static func blockKey(_ block: FencedBlock, handlerKey: String) -> String {
        var hash = StableHash()
        hash.combine(field: handlerKey)
        hash.combine(field: block.info)
        hash.combine(field: block.text)
        for location in [block.start, block.firstLine] {
            hash.combine(field: location.file)
            hash.combine(field: "\(location.line):\(location.column)")
        }
        hash.combine(field: "\(block.index)")
        hash.combine(field: block.anchor ?? "")
        hash.combine(field: block.rootPrefix ?? "")
        hash.combine(field: "\(block.earlierTexts.count)")
        for text in block.earlierTexts { hash.combine(field: text) }
        return hash.hex
    }

    /// What `handler` makes of `block`, from the store when its handler
    /// has a store key; `nil` when `admit` refuses the block's cost (its
    /// page's budget is spent). A stored block brings its cost and its
    /// words for search with it, so it is not read at all.
    func block(_ block: FencedBlock, handler: FencedBlockHandler, admit: (Int) -> Bool) -> StoredBlock? {
        guard let handlerKey = handler.storeKey else {
            let computed = handler.computed(block, admit: admit)
            if computed != nil { store.countComputedBlock() }
            return computed
        }
        let key = Self.blockKey(block, handlerKey: handlerKey + (handler.blockReads.map { " reads " + $0(block) } ?? ""))
        if let stored = store.block(key, file: block.start.file) { return admit(stored.cost) ? stored : nil }
        guard let computed = handler.computed(block, admit: admit) else { return nil }
        store.store(computed, key: key, file: block.start.file)
        return computed
    }
}

extension FencedBlockHandler {
    /// `block` read and rendered, or `nil` when `admit` refuses its cost.
    func computed(_ block: FencedBlock, admit: (Int) -> Bool) -> StoredBlock? {
        let prepared = prepare(block)
        guard admit(prepared.cost) else { return nil }
        return StoredBlock(cost: prepared.cost, searchText: prepared.searchText, output: prepared.render())
    }
}
