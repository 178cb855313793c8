import KumikiLayoutLanguage

/// What a page's fenced blocks have asked for so far, held against the
/// bounds per page: `LayoutLimits.maximumBlocksPerPage` blocks of each
/// kind, and `LayoutLimits.maximumViewEnvironmentsPerPage` views and guides
/// times environments over all of them. The bounds per block compose, so
/// without these a page of many blocks, each within its own bounds, could
/// still keep a build busy for minutes. `build`, `check`, `serve` and
/// `render` hold pages to the same budget.
public struct PageBlockBudget: Sendable {
    /// Blocks seen so far, by handler name.
    var counts: [String: Int] = [:]
    /// Views and guides times environments of the blocks admitted so far.
    public private(set) var viewEnvironments = 0

    public init() {}

    /// Why a block is shown as code instead of rendered, or `nil` after
    /// counting its work against the page.
    /// - Parameters:
    ///   - name: The block's kind (`layout`).
    ///   - index: Its 1-based position among the page's blocks of that kind.
    ///   - work: Its views and guides times its environments (0 for blocks
    ///     whose work does not depend on what they say); asked only when
    ///     the block is within the count.
    public mutating func admit(name: String, index: Int, work: () -> Int) -> String? {
        if index > LayoutLimits.maximumBlocksPerPage {
            return "a page has at most \(LayoutLimits.maximumBlocksPerPage) '\(name)' blocks; split the page"
        }
        let work = work()
        // A block past the bound of one block is refused by the engine
        // before any solving, with its own message; it costs the page nothing.
        guard work <= LayoutLimits.maximumViewEnvironments else { return nil }
        let total = viewEnvironments + work
        guard total <= LayoutLimits.maximumViewEnvironmentsPerPage else {
            return "this block's views and guides times its environments are \(work), which brings the page to \(total); "
                + "a page solves at most \(LayoutLimits.maximumViewEnvironmentsPerPage): split the page, or choose fewer devices, "
                + "orientations, splits or text sizes"
        }
        viewEnvironments = total
        return nil
    }
}
