import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

extension BuildSession {
    /// The key of a layout block's solved frames: the device catalog it is
    /// solved on (its handler's store key), what it says, not where, and
    /// the values of the tokens it names (`LayoutBlockHandler.tokenReads`).
    static func solvedFramesKey(_ block: FencedBlock, handlerKey: String, tokenReads: String) -> String {
        var hash = StableHash()
        hash.combine(field: "solved frames")
        hash.combine(field: handlerKey)
        hash.combine(field: tokenReads)
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
    /// - Returns: the frames, whether they came from the store, and the
    ///   errors that kept a block that does not parse from being solved.
    func solvedFrames(of block: ReviewedBlock, handler: LayoutBlockHandler, handlerKey: String,
                      budget: inout PageBlockBudget) -> (frames: SolvedFrames, fromStore: Bool, errors: [Diagnostic]) {
        let parsed = LayoutBlockHandler.parse(block.fenced, tokens: handler.tokens.base)
        guard let program = parsed.program else {
            return (SolvedFrames(environments: []), false, parsed.diagnostics.filter { $0.severity == .error })
        }
        guard budget.admit(handler.cost(of: program)) == nil else { return (SolvedFrames(environments: []), false, []) }
        let key = Self.solvedFramesKey(block.fenced, handlerKey: handlerKey, tokenReads: handler.tokenReads(of: block.fenced))
        if let stored = store.solvedFrames(key) { return (stored, true, []) }
        let solved = SolvedFrames.solve(block.fenced, parsed: parsed, program: program, handler: handler)
        store.store(solved, key: key)
        return (solved, false, [])
    }
}
