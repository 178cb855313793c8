import Foundation
import KumikiSupport
import KumikiSearch

/// The one content-addressed store of a build session: rendered pages and
/// solved blocks, each under a key derived from exactly what it reads
/// (`PageKey`, `FencedBlockHandler.storeKey`), in two tiers.
///
/// The memory tier lives as long as the session and only for a session
/// that keeps memory (the preview): after each of its builds it holds what
/// that build used, so a long preview holds one site's worth. The disk
/// tier (`DiskStore`, `BlockEntries`) is shared by every command and
/// process on the site: entries are written whole under a temporary name
/// and renamed into place, each read touches the entry's modification
/// time, and pruning removes the least recently used (`StorePruning`), so
/// no command throws away what another just used.
final class BuildStore: Sendable {
    let policy: StorePolicy
    /// The disk tier; `nil` when the policy never reads it or there is no
    /// folder.
    let disk: DiskStore?
    private let blockEntries: BlockEntries?
    /// Solved frames for `kumiki diff` (`SolvedFrameEntries`), on disk only.
    private let solvedEntries: SolvedFrameEntries?
    private let memory = LockedValue(Memory())

    private struct Memory {
        var pages: [String: StoredPage] = [:]
        /// Keys of pages kept in memory only (`store(_:key:onDisk:)`).
        var memoryOnly: Set<String> = []
        /// Blocks by key, with the file of the page they are on.
        var blocks: [String: (file: String, block: StoredBlock)] = [:]
        /// Keys asked for since the build began: what the memory tier keeps.
        var usedPages: Set<String> = []
        var usedBlocks: Set<String> = []
        /// The files whose blocks were asked for since the build began. A
        /// page taken whole from the store asks for none, and its blocks
        /// stay for the next time it changes.
        var filesWithBlocks: Set<String> = []
        var blockCounts = BlockCounts()
    }

    /// Blocks taken from the store and computed during one build.
    struct BlockCounts: Sendable, Equatable {
        var fromStore = 0
        var computed = 0
    }

    init(folder: URL?, policy: StorePolicy) {
        self.policy = policy
        let disk = policy.readsDisk ? folder.map(DiskStore.init(folder:)) : nil
        self.disk = disk
        self.blockEntries = disk.map(BlockEntries.init(cache:))
        self.solvedEntries = disk.map(SolvedFrameEntries.init(cache:))
    }

    /// The disk tier when this session may write to it.
    var writableDisk: DiskStore? {
        policy.bound == nil ? nil : disk
    }

    // MARK: - Builds

    /// Starts a build: counts and the keys it uses start afresh.
    func beginBuild() {
        memory.withValue { memory in
            memory.usedPages.removeAll(keepingCapacity: true)
            memory.usedBlocks.removeAll(keepingCapacity: true)
            memory.filesWithBlocks.removeAll(keepingCapacity: true)
            memory.blockCounts = BlockCounts()
        }
    }

    /// Ends a build. After a successful one the memory tier keeps only the
    /// pages the build used, and the blocks of the pages it did not render
    /// plus those the rendered ones used (a failed build may have stopped
    /// part-way, so it keeps everything, unless the policy trims memory
    /// after errors too); a build that writes prunes the disk within the
    /// policy's bound.
    func endBuild(succeeded: Bool) {
        guard succeeded || policy.trimsMemoryAfterErrors else { return }
        if policy.keepsMemory {
            memory.withValue { memory in
                if memory.pages.count > memory.usedPages.count {
                    memory.pages = memory.pages.filter { memory.usedPages.contains($0.key) }
                    memory.memoryOnly.formIntersection(memory.usedPages)
                }
                let dropped = memory.blocks.filter { key, entry in
                    memory.filesWithBlocks.contains(entry.file) && !memory.usedBlocks.contains(key)
                }
                for key in dropped.keys { memory.blocks[key] = nil }
            }
        }
        if policy.writesDuringBuild { prune() }
    }

    /// The blocks of the current build, from the store and computed.
    var blockCounts: BlockCounts { memory.withValue { $0.blockCounts } }

    /// Writes to disk what the memory tier holds and the disk lacks, then
    /// prunes: the preview does it once it answers, so the next process
    /// (`kumiki build`, another preview) starts from its work.
    func persist() {
        guard let disk = writableDisk else { return }
        let (pages, blocks, assembled) = memory.withValue { ($0.pages, $0.blocks, $0.memoryOnly) }
        for (key, page) in pages where !assembled.contains(key) && !disk.holds(key) { disk.store(page, key: key) }
        for (key, entry) in blocks { blockEntries?.storeIfMissing(entry.block, key: key) }
        prune()
    }

    private func prune() {
        guard let disk, let bound = policy.bound else { return }
        StorePruning(cache: disk, bound: bound).pruneIfDue()
    }

    // MARK: - Pages

    /// The page stored under `key`, from memory or disk; `nil` when there
    /// is none. A damaged entry on disk is reported in `problems`.
    func page(_ key: String, problems: inout [Diagnostic]) -> StoredPage? {
        let remembered = memory.withValue { memory -> StoredPage? in
            memory.usedPages.insert(key)
            return memory.pages[key]
        }
        if let remembered { return remembered }
        guard let stored = disk?.page(key, problems: &problems) else { return nil }
        if policy.keepsMemory { memory.withValue { $0.pages[key] = stored } }
        return stored
    }

    /// What is stored beside the HTML of the page under `key`, without the
    /// HTML, for a page whose output file is kept as it is.
    func pageMetadata(_ key: String, includingSearch: Bool)
        -> (diagnostics: [Diagnostic], fencedBlockCount: Int, translations: PageTranslations, search: PageSearchEntries?)? {
        let remembered = memory.withValue { memory -> StoredPage? in
            memory.usedPages.insert(key)
            return memory.pages[key]
        }
        if let remembered {
            return (remembered.diagnostics, remembered.fencedBlockCount, remembered.translations,
                    includingSearch ? remembered.search : nil)
        }
        return disk?.pageMetadata(key, includingSearch: includingSearch)
    }

    /// The search entries stored with the page under `key`, without its HTML.
    func searchEntries(_ key: String) -> PageSearchEntries? {
        if let remembered = memory.withValue({ $0.pages[key] }) { return remembered.search }
        return disk?.searchEntries(key)
    }

    /// Whether `store(_:key:)` keeps pages at all, in memory or on disk.
    var keepsPages: Bool { policy.keepsMemory || (policy.writesDuringBuild && disk != nil) }

    /// Stores a page computed by the current build: in memory for a session
    /// that keeps it, on disk for one that writes as it goes (unless
    /// `onDisk` is false: the home and section pages, which a warm build
    /// leaves in the output and a preview keeps in memory). A failure to
    /// write is not an error of the build: the page is computed again.
    func store(_ page: StoredPage, key: String, onDisk: Bool = true) {
        if policy.keepsMemory {
            memory.withValue { memory in
                memory.pages[key] = page
                memory.usedPages.insert(key)
                if !onDisk { memory.memoryOnly.insert(key) }
            }
        }
        if onDisk, policy.writesDuringBuild { disk?.store(page, key: key) }
    }

    // MARK: - Blocks

    /// The block stored under `key`, from memory or disk, counted for the
    /// build's explanation; `nil` when there is none.
    func block(_ key: String, file: String) -> StoredBlock? {
        let remembered = memory.withValue { memory -> StoredBlock? in
            memory.usedBlocks.insert(key)
            memory.filesWithBlocks.insert(file)
            return memory.blocks[key]?.block
        }
        guard let found = remembered ?? blockEntries?.block(key) else { return nil }
        memory.withValue { memory in
            if policy.keepsMemory && remembered == nil { memory.blocks[key] = (file, found) }
            memory.blockCounts.fromStore += 1
        }
        return found
    }

    /// Stores a block computed by the current build.
    func store(_ block: StoredBlock, key: String, file: String) {
        memory.withValue { memory in
            if policy.keepsMemory { memory.blocks[key] = (file, block) }
            memory.blockCounts.computed += 1
        }
        if policy.writesDuringBuild { blockEntries?.store(block, key: key) }
    }

    // MARK: - Solved frames

    /// A layout block's solved frames (`kumiki diff`) stored under `key`.
    func solvedFrames(_ key: String) -> SolvedFrames? {
        solvedEntries?.frames(key)
    }

    /// Stores a block's solved frames, for a session that writes.
    func store(_ frames: SolvedFrames, key: String) {
        if policy.writesDuringBuild { solvedEntries?.store(frames, key: key) }
    }

    /// The blocks the memory tier holds.
    var blocksInMemory: Int { memory.withValue { $0.blocks.count } }

    /// A block computed outside the store (counted, never stored): for
    /// handlers without a store key.
    func countComputedBlock() {
        memory.withValue { $0.blockCounts.computed += 1 }
    }
}
