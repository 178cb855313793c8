/// The cost bound shared by every "did you mean" in Kumiki.
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
}
