/// Every "did you mean" in Kumiki: one rule for which words are close
/// enough to suggest, one way of writing the hint, one cost bound.
///
/// The rule: a candidate is suggested when it is within `allowance(for:)`
/// edits of the misspelt word, letters compared ignoring case; the fewest
/// edits come first, and candidates equally close keep the order the
/// caller listed them in. Layout blocks, environment lines, the device
/// catalog, `kumiki.yml`, front matter, block options and links all ask
/// here.
///
/// A suggestion compares the misspelt word with each candidate by edit
/// distance, which costs the product of their lengths. Unbounded, a
/// 20,000-character word made that gigabytes and seconds per line. Here a
/// comparison is skipped outright when the lengths alone differ by more than
/// the distance allowed, words longer than `maximumWordLength` get no
/// suggestion at all (no candidate is that long), and the distance is only
/// computed in the band of cells that can stay within the allowance, so a
/// comparison costs at most `length × (2 × allowance + 1)` steps.
public enum Suggestions {
    /// No vocabulary word of Kumiki (anchors, keys, kinds, device fields) is
    /// longer; a word past this length is no typo of one.
    public static let maximumWordLength = 64

    /// The optimal string alignment distance (insertions, deletions,
    /// substitutions, and transpositions of neighbours, so `widht` is one
    /// step from `width`) between `a` and `b`, when it is at most `limit`;
    /// `nil` when it is larger or when either word is longer than
    /// `maximumWordLength`.
    public static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a), b = Array(b)
        guard limit >= 0, a.count <= maximumWordLength, b.count <= maximumWordLength,
              abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Cells outside the band |i - j| <= limit exceed the limit anyway;
        // they keep this value, which no bound reaches.
        let outside = limit + 1
        var previousPrevious = [Int](repeating: outside, count: b.count + 1)
        var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            for j in 0...b.count { current[j] = outside }
            if i <= limit { current[0] = i }
            var rowBest = current[0]
            for j in max(1, i - limit)...min(b.count, i + limit) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = min(best, outside)
                rowBest = min(rowBest, current[j])
            }
            // Every path to the last cell crosses this row.
            if rowBest > limit { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// How far a word may be from a candidate to be suggested: a third of
    /// its length, at least 2.
    public static func allowance(for word: String) -> Int {
        max(2, word.count / 3)
    }

    /// The candidates closest to `word` by the rule above, best first, at
    /// most `limit` of them.
    public static func closest(to word: String, among candidates: [String], limit: Int = 1) -> [String] {
        let target = word.lowercased()
        let allowed = allowance(for: word)
        let scored = candidates.enumerated().compactMap { index, candidate -> (distance: Int, index: Int, name: String)? in
            distance(target, candidate.lowercased(), limit: allowed).map { ($0, index, candidate) }
        }
        return scored.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(limit).map(\.name)
    }

    /// `; did you mean 'a'?`, `; did you mean 'a' or 'b'?`, `; did you mean
    /// 'a', 'b' or 'c'?`, or the empty string when there is nothing to
    /// suggest: what follows the message it completes.
    public static func hint(_ suggestions: [String]) -> String {
        guard let last = suggestions.last else { return "" }
        let quoted = suggestions.map { "'\($0)'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or '\(last)'"
        return "; did you mean \(list)?"
    }

    /// The hint for the candidates closest to `word`, at most `limit`.
    public static func hint(for word: String, among candidates: [String], limit: Int = 1) -> String {
        hint(closest(to: word, among: candidates, limit: limit))
    }
}
