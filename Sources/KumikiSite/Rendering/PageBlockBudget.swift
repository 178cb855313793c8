import KumikiLayoutLanguage

/// The views and guides times environments a page's layout blocks have
/// asked for so far, held against `LayoutLimits.maximumViewEnvironmentsPerPage`.
/// The bounds per block compose: without this, a page of many blocks (as
/// many as `FencedBlockFinder` lets through), each within its own bounds,
/// could still keep a build busy for minutes. `build`, `check`, `serve` and
/// `render` hold pages to the same budget.
public struct PageBlockBudget: Sendable {
    /// Views and guides times environments of the blocks admitted so far.
    public private(set) var viewEnvironments = 0

    public init() {}

    /// Why a block asking for `work` (its views and guides times its
    /// environments; 0 for blocks whose work does not depend on what they
    /// say) is shown as code instead of solved, or `nil` after counting its
    /// work against the page.
    public mutating func admit(_ work: Int) -> String? {
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
