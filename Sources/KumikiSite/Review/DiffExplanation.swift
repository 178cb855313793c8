/// What `kumiki diff` read and computed, and what it left alone, for
/// `kumiki diff --explain`: the claim that a page whose key is the same on
/// both sides is not read, and that a block solved once is not solved
/// again, made visible.
public struct DiffExplanation: Sendable, Equatable {
    /// Page pairs whose key is the same on both sides: not read.
    public var pagesWithTheSameKey = 0
    /// Page pairs (and added or removed pages) compared row by row.
    public var pagesCompared = 0
    /// Layout blocks of compared pages that say the same on the same
    /// devices on both sides: not solved.
    public var blocksUnchanged = 0
    /// Layout blocks solved, and taken from the store instead.
    public var blocksSolved = 0
    public var blocksFromStore = 0

    /// The lines `--explain` prints.
    public var lines: [String] {
        ["pages: \(pagesWithTheSameKey) with the same key on both sides (not read), \(pagesCompared) compared",
         "blocks: \(blocksUnchanged) unchanged (not solved), \(blocksSolved) solved, \(blocksFromStore) from the store"]
    }
}
