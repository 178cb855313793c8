/// The candidates closest to a misspelt word, best first, for "did you mean"
/// hints: those within an edit distance of a third of the word's length
/// (at least 2), ties in the candidates' order. At most `limit`.
func closestMatches(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
    let target = Array(word.lowercased())
    let budget = max(2, target.count / 3)
    let scored = candidates.enumerated().compactMap { index, candidate -> (distance: Int, index: Int, name: String)? in
        let distance = editDistance(target, Array(candidate.lowercased()))
        return distance <= budget ? (distance, index, candidate) : nil
    }
    return scored.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(limit).map(\.name)
}

/// `did you mean 'a'?` / `did you mean 'a' or 'b'?`, or nothing.
func didYouMean(_ suggestions: [String]) -> String {
    guard !suggestions.isEmpty else { return "" }
    let quoted = suggestions.map { "'\($0)'" }
    let list = quoted.count == 1
        ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    return "; did you mean \(list)?"
}

/// Levenshtein distance (insertions, deletions, substitutions), counting
/// transposed neighbours as one edit.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                best = min(best, previousPrevious[j - 2] + 1)
            }
            current[j] = best
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}
