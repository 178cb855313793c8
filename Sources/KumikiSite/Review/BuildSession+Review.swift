import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

extension BuildSession {
    /// The key of a layout block's solved frames: the device catalog it is
    /// solved on (its handler's store key) and what it says, not where.
    static func solvedFramesKey(_ block: FencedBlock, handlerKey: String) -> String {
        var hash = StableHash()
        hash.combine(field: "solved frames")
        hash.combine(field: handlerKey)
        hash.combine(field: block.info)
        hash.combine(field: block.text)
        return hash.hex
    }

    /// A layout block's frames and findings (`kumiki diff`), from the store
    /// when a block that says the same was solved on the same devices
    /// before, else solved and stored. A block that does not parse, or
    /// that the page's `budget` refuses, has none (and is not solved), as
    /// a build shows it unsolved.
    /// - Parameter handlerKey: the layout handler's store key
    ///   (`LayoutBlockHandler.handler.storeKey`), worked out once per side.
    /// - Returns: the frames, and whether they came from the store.
    func solvedFrames(of block: ReviewedBlock, handler: LayoutBlockHandler, handlerKey: String,
                      budget: inout PageBlockBudget) -> (frames: SolvedFrames, fromStore: Bool) {
        guard let program = LayoutBlockHandler.parse(block.fenced).program,
              budget.admit(handler.cost(of: program)) == nil else { return (SolvedFrames(environments: []), false) }
        let key = Self.solvedFramesKey(block.fenced, handlerKey: handlerKey)
        if let stored = store.solvedFrames(key) { return (stored, true) }
        let solved = SolvedFrames.solve(program, handler: handler)
        store.store(solved, key: key)
        return (solved, false)
    }
}
