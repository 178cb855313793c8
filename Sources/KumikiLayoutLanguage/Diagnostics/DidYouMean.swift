import KumikiSupport

/// Suggests the closest known word for a misspelt one, by the one rule of
/// `Suggestions`.
package enum DidYouMean {
    /// The candidate nearest to `word`, if it is close enough to be a
    /// plausible typo.
    package static func suggestion(for word: String, in candidates: [String]) -> String? {
        Suggestions.closest(to: word, among: candidates).first
    }

    /// `; did you mean 'x'?` or the empty string.
    package static func hint(for word: String, in candidates: [String]) -> String {
        Suggestions.hint(for: word, among: candidates)
    }
}
