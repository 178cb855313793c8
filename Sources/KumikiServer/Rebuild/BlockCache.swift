import Foundation
import KumikiSupport
import KumikiSite

/// Remembers what each fenced block rendered to, so a rebuild re-solves only
/// the blocks that changed.
///
/// A block is looked up by everything that can change its output: its info
/// string, its text, the file and line it starts at and its position on the
/// page (the figure's id and default caption use it). A template change or
/// an edit elsewhere on a page leaves those alone, so the expensive part of
/// a build (solving layout blocks) is skipped for them.
///
/// Entries a successful build did not use are dropped after it, so the cache
/// holds one site's worth of blocks however long the server runs.
public final class BlockCache: Sendable {
    private struct State {
        var entries: [FencedBlock: FencedBlockOutput] = [:]
        var used: Set<FencedBlock> = []
        /// The files whose pages were rendered in the current build. A page
        /// the site builder took from its own cache asks for no block, and
        /// its blocks must stay cached for the next time it changes.
        var renderedFiles: Set<String> = []
        var counts = Counts()
    }

    // Behind a lock: the builder calls handlers from every thread that
    // renders pages, and the server reads the counters.
    private let state = LockedValue(State())

    /// How the cache fared during the current build.
    public struct Counts: Hashable, Sendable {
        public var hits = 0
        public var misses = 0
    }

    public init() {}

    /// The handlers, each answering from the cache before rendering.
    public func wrapping(_ handlers: [FencedBlockHandler]) -> [FencedBlockHandler] {
        handlers.map { handler in
            var wrapped = FencedBlockHandler(name: handler.name, cost: handler.cost) { [self] block in
                if let output = lookUp(block) { return output }
                let output = handler.render(block)
                store(output, for: block)
                return output
            }
            wrapped.searchText = handler.searchText
            return wrapped
        }
    }

    /// Starts counting hits and misses for a new build.
    public func beginBuild() {
        state.withValue { state in
            state.used.removeAll(keepingCapacity: true)
            state.renderedFiles.removeAll(keepingCapacity: true)
            state.counts = Counts()
        }
    }

    /// Ends a build: after a successful one, forgets the blocks of rendered
    /// pages that it did not use. A failed build may have stopped early, so it keeps everything.
    /// - Returns: The hits and misses of the build.
    @discardableResult
    public func endBuild(succeeded: Bool) -> Counts {
        state.withValue { state in
            if succeeded && !state.renderedFiles.isEmpty {
                // Only the dropped entries are removed: rebuilding the
                // table would hash every block's text again on every save.
                let dropped = state.entries.keys.filter { block in
                    state.renderedFiles.contains(block.start.file) && !state.used.contains(block)
                }
                for block in dropped { state.entries[block] = nil }
            }
            return state.counts
        }
    }

    /// Every block held, with its output.
    public var held: [(block: FencedBlock, output: FencedBlockOutput)] {
        state.withValue { $0.entries.map { ($0.key, $0.value) } }
    }

    /// Forgets every block (the device catalog may have changed).
    public func removeAll() {
        state.withValue { $0.entries.removeAll() }
    }

    /// The number of blocks held.
    public var count: Int { state.withValue { $0.entries.count } }

    private func lookUp(_ block: FencedBlock) -> FencedBlockOutput? {
        state.withValue { state in
            state.used.insert(block)
            state.renderedFiles.insert(block.start.file)
            if let output = state.entries[block] {
                state.counts.hits += 1
                return output
            }
            state.counts.misses += 1
            return nil
        }
    }

    private func store(_ output: FencedBlockOutput, for block: FencedBlock) {
        state.withValue { $0.entries[block] = output }
    }
}
