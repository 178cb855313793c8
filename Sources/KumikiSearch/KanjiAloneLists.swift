/// A kanji alone as a term of the index: its rows are those of every
/// character pair that holds it (画面 and 面の hold 面), so a word of one
/// kanji (端, 幅, 色) is found where it stands between kana.
///
/// Made from the site's postings when the index is written rather than cut
/// from every page's text: the pairs are far fewer than the kanji of the
/// text, and a page's table then notes one term per character instead of
/// two. A kanji that stood alone in the text (`SearchTokenizer` cuts a
/// run of one character into a term) keeps those rows too.
enum KanjiAloneLists {
    /// The site's terms and lists, in byte order, with every kanji of a
    /// Japanese pair added as a term of its own (or its lone list widened).
    static func adding(to site: SearchPostings) -> (terms: [String], lists: [[Int32]]) {
        var sources: [Unicode.Scalar: [Int]] = [:]
        for (place, term) in site.terms.enumerated() {
            // A Japanese character is three or four bytes: a pair is six to
            // eight, a lone character three or four.
            let bytes = term.utf8.count
            guard bytes >= 3, bytes <= 8, let first = term.utf8.first, first >= 0xE3 else { continue }
            var scalars = term.unicodeScalars.makeIterator()
            guard let a = scalars.next() else { continue }
            let b = scalars.next()
            guard scalars.next() == nil else { continue }
            if SearchCharacterClass(a) == .kanji { sources[a, default: []].append(place) }
            if let b, b != a, SearchCharacterClass(b) == .kanji, SearchCharacterClass(a).isJapanese {
                sources[b, default: []].append(place)
            }
        }
        guard !sources.isEmpty else { return (site.terms, site.lists) }
        var added: [(term: String, list: [Int32])] = sources.map { kanji, places in
            (String(kanji), union(places.map { site.lists[$0] }))
        }
        added.sort { TermBytes.compare($0.term, $1.term) < 0 }
        // Merge the two ascending sequences; a kanji the text held alone is
        // replaced by the union, which includes its lone rows.
        var terms: [String] = [], lists: [[Int32]] = []
        terms.reserveCapacity(site.terms.count + added.count)
        lists.reserveCapacity(site.terms.count + added.count)
        var next = 0
        for (term, list) in zip(site.terms, site.lists) {
            while next < added.count, TermBytes.compare(added[next].term, term) < 0 {
                terms.append(added[next].term)
                lists.append(added[next].list)
                next += 1
            }
            if next < added.count, added[next].term == term { continue }
            terms.append(term)
            lists.append(list)
        }
        for item in added[next...] {
            terms.append(item.term)
            lists.append(item.list)
        }
        return (terms, lists)
    }

    /// The rows of any of `lists` (each ascending), ascending, a row's
    /// heading bit kept: merged two by two.
    static func union(_ lists: [[Int32]]) -> [Int32] {
        var lists = lists
        while lists.count > 1 {
            var next: [[Int32]] = []
            next.reserveCapacity((lists.count + 1) / 2)
            var index = 0
            while index + 1 < lists.count {
                next.append(union(lists[index], lists[index + 1]))
                index += 2
            }
            if index < lists.count { next.append(lists[index]) }
            lists = next
        }
        return lists.first ?? []
    }

    private static func union(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(max(a.count, b.count))
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let rowA = a[i] >> 1, rowB = b[j] >> 1
            if rowA < rowB {
                out.append(a[i]); i += 1
            } else if rowB < rowA {
                out.append(b[j]); j += 1
            } else {
                out.append(a[i] | b[j]); i += 1; j += 1
            }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }
}
