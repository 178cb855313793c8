import Testing
import KumikiSupport

/// The bounded edit distance behind every "did you mean".
@Suite struct SuggestionsTests {
    @Test func countsEditsAndTranspositionsWithinTheLimit() {
        #expect(Suggestions.distance("widht", "width", limit: 2) == 1)
        #expect(Suggestions.distance("centre", "center", limit: 2) == 1)
        #expect(Suggestions.distance("centre", "centerX", limit: 2) == 2)
        #expect(Suggestions.distance("top", "top", limit: 0) == 0)
        #expect(Suggestions.distance("", "ab", limit: 2) == 2)
        #expect(Suggestions.distance("leading", "trailing", limit: 4) == 4)
    }

    @Test func answersNilPastTheLimit() {
        #expect(Suggestions.distance("centre", "centerX", limit: 1) == nil)
        #expect(Suggestions.distance("leading", "trailing", limit: 3) == nil)
        #expect(Suggestions.distance("a", "abcdef", limit: 2) == nil)
        #expect(Suggestions.distance("colour", "title", limit: 2) == nil)
    }

    /// A 20,000-character word cost 6 s and 3 GB; it is now refused by its
    /// length before any work.
    @Test func wordsPastTheLongestGetNoSuggestion() {
        let long = String(repeating: "w", count: 20_000)
        #expect(Suggestions.distance(long, "width", limit: Suggestions.allowance(for: long)) == nil)
        #expect(Suggestions.distance(String(repeating: "a", count: 65), String(repeating: "a", count: 65), limit: 2) == nil)
        #expect(Suggestions.distance(String(repeating: "a", count: 64), String(repeating: "a", count: 63), limit: 2) == 1)
    }

    @Test func agreesWithTheFullDistanceOnEveryPairWithinTheLimit() {
        let words = ["width", "widht", "height", "hieght", "leading", "trailing", "top", "tpo", "centerX", "center", "x", ""]
        for a in words {
            for b in words {
                let full = fullDistance(Array(a), Array(b))
                for limit in 0...4 {
                    #expect(Suggestions.distance(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
                }
            }
        }
    }

    /// The textbook optimal string alignment distance, unbounded.
    private func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// The one rule every "did you mean" follows, and how the hint reads.
@Suite struct SuggestionRuleTests {
    @Test func suggestsTheClosestCandidatesFirstIgnoringCase() {
        #expect(Suggestions.closest(to: "Widht", among: ["height", "width"]) == ["width"])
        #expect(Suggestions.closest(to: "widht", among: ["wide", "window", "width"], limit: 3) == ["width", "wide"])
        #expect(Suggestions.closest(to: "colour", among: ["title", "order"]).isEmpty)
    }

    /// A swapped pair of letters is one edit wherever the word is checked:
    /// in a layout block, in front matter and in kumiki.yml alike.
    @Test func aSwappedPairOfLettersIsOneEdit() {
        #expect(Suggestions.closest(to: "tilte", among: ["title", "slug"]) == ["title"])
        #expect(Suggestions.closest(to: "ab", among: ["ba", "abcd"]) == ["ba"])
    }

    @Test func keepsTheCallersOrderBetweenEquallyCloseCandidates() {
        #expect(Suggestions.closest(to: "bat", among: ["cat", "bar", "hat"], limit: 3) == ["cat", "bar", "hat"])
        #expect(Suggestions.closest(to: "bat", among: ["hat", "cat", "bar"]) == ["hat"])
    }

    @Test func writesTheHintAfterTheMessage() {
        #expect(Suggestions.hint([]) == "")
        #expect(Suggestions.hint(["top"]) == "; did you mean 'top'?")
        #expect(Suggestions.hint(["phones", "pads"]) == "; did you mean 'phones' or 'pads'?")
        #expect(Suggestions.hint(["a", "b", "c"]) == "; did you mean 'a', 'b' or 'c'?")
        #expect(Suggestions.hint(for: "centre", among: ["center", "centerX"]) == "; did you mean 'center'?")
        #expect(Suggestions.hint(for: "zzz", among: ["top"]) == "")
    }
}
