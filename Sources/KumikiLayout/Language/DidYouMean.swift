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
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
