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
/// budget, its words for search and what its handler made of it. A block
/// taken from the store counts against the budget and gives search its
/// words as one prepared again would, without being read.
struct StoredBlock: Sendable {
    var cost: Int
    var searchText: Bilingual<String>?
    var output: FencedBlockOutput
}
