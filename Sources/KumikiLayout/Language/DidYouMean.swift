/// Suggests the closest known word for a misspelt one.
enum DidYouMean {
    /// The candidate nearest to `word` (case-insensitive edit distance), if
    /// it is close enough to be a plausible typo.
    static func suggestion(for word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lower, candidate.lowercased())
            if let current = best, (distance, candidate) >= (current.distance, current.name) { continue }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        let limit = max(2, word.count / 3)
        return best.distance <= limit ? best.name : nil
    }

    /// ` did you mean 'x'?` or the empty string.
    static func hint(for word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Optimal string alignment: insertions, deletions, substitutions and
        // transpositions of neighbours ("widht" is one step from "width").
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
