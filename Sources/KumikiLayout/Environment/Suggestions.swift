import KumikiLayoutLanguage
import KumikiSupport

/// The candidates closest to a misspelt word, best first, for "did you mean"
/// hints: those within an edit distance of a third of the word's length
/// (at least 2), ties in the candidates' order. At most `limit`. The search
/// is bounded in cost by `Suggestions`.
func closestMatches(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
    let target = word.lowercased()
    let budget = Suggestions.allowance(for: word)
    let scored = candidates.enumerated().compactMap { index, candidate -> (distance: Int, index: Int, name: String)? in
        Suggestions.distance(target, candidate.lowercased(), limit: budget).map { ($0, index, candidate) }
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
