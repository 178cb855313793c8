import KumikiSupport

/// Suggests the closest known word for a misspelt one.
package enum DidYouMean {
    /// The candidate nearest to `word` (case-insensitive edit distance), if
    /// it is close enough to be a plausible typo. The search is bounded by
    /// `Suggestions`, so a very long word costs nothing.
    package static func suggestion(for word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        let limit = Suggestions.allowance(for: word)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            guard let distance = Suggestions.distance(lower, candidate.lowercased(), limit: limit) else { continue }
            if let current = best, (distance, candidate) >= (current.distance, current.name) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// ` did you mean 'x'?` or the empty string.
    package static func hint(for word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
