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
public final class BlockCache: @unchecked Sendable {
    // A class behind a lock: the builder calls handlers synchronously, from
    // whatever thread runs the build, and the server reads the counters.
    private let lock = NSLock()
    private var entries: [FencedBlock: FencedBlockOutput] = [:]
    private var used: Set<FencedBlock> = []
    /// The files whose pages were rendered in the current build. A page the
    /// site builder took from its own cache asks for no block, and its
    /// blocks must stay cached for the next time it changes.
    private var renderedFiles: Set<String> = []
    private var counts = Counts()

    /// How the cache fared during the current build.
    public struct Counts: Hashable, Sendable {
        public var hits = 0
        public var misses = 0
    }

    public init() {}

    /// The handlers, each answering from the cache before rendering.
    public func wrapping(_ handlers: [FencedBlockHandler]) -> [FencedBlockHandler] {
        handlers.map { handler in
            FencedBlockHandler(name: handler.name) { [self] block in
                if let output = lookUp(block) { return output }
                let output = handler.render(block)
                store(output, for: block)
                return output
            }
        }
    }

    /// Starts counting hits and misses for a new build.
    public func beginBuild() {
        lock.withLock {
            used.removeAll(keepingCapacity: true)
            renderedFiles.removeAll(keepingCapacity: true)
            counts = Counts()
        }
    }

    /// Ends a build: after a successful one, forgets the blocks of rendered
    /// pages that it did not use. A failed build may have stopped early, so it keeps everything.
    /// - Returns: The hits and misses of the build.
    @discardableResult
    public func endBuild(succeeded: Bool) -> Counts {
        lock.withLock {
            if succeeded {
                entries = entries.filter { used.contains($0.key) || !renderedFiles.contains($0.key.start.file) }
            }
            return counts
        }
    }

    /// Every block held, with its output.
    public var held: [(block: FencedBlock, output: FencedBlockOutput)] {
        lock.withLock { entries.map { ($0.key, $0.value) } }
    }

    /// Forgets every block (the device catalog may have changed).
    public func removeAll() {
        lock.withLock { entries.removeAll() }
    }

    /// The number of blocks held.
    public var count: Int { lock.withLock { entries.count } }

    private func lookUp(_ block: FencedBlock) -> FencedBlockOutput? {
        lock.withLock {
            used.insert(block)
            renderedFiles.insert(block.start.file)
            if let output = entries[block] {
                counts.hits += 1
                return output
            }
            counts.misses += 1
            return nil
        }
    }

    private func store(_ output: FencedBlockOutput, for block: FencedBlock) {
        lock.withLock { entries[block] = output }
    }
}
