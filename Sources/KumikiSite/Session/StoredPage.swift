import Foundation
import KumikiSupport
import KumikiSearch

/// A rendered page as the store holds it, in memory and on disk: its HTML
/// as bytes ready to write, and what rendering found.
struct StoredPage: Sendable {
    var html: Data
    var diagnostics: [Diagnostic]
    var fencedBlockCount: Int
    var translations = PageTranslations()
    /// The page's search entries (`PageSearchEntries.stored`), kept in the
    /// page's own entry so that indexing adds no entry of its own; nil for
    /// a build without search.
    var search: PageSearchEntries? = nil
}

/// What the store keeps of a fenced block: the work it asked of its page's
/// budget, and what its handler made of it. The cost is kept so that a
/// block taken from the store counts against the budget as one rendered.
struct StoredBlock: Sendable {
    var cost: Int
    var output: FencedBlockOutput
}
