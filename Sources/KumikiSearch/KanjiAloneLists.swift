import KumikiSupport

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
        // On every core: the unions are a tenth of writing the index.
        let kanji = Array(sources)
        var added: [(term: String, list: [Int32])] = concurrentMap(kanji.count) { index in
            (String(kanji[index].key), union(kanji[index].value.map { site.lists[$0] }))
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
    /// heading bit kept: each list's rows set in a bitmap of the rows they
    /// span, then read out in order. Merging the lists two by two made a
    /// new array at every step, for kanji in thousands of rows.
    static func union(_ lists: [[Int32]]) -> [Int32] {
        guard lists.count > 1 else { return lists.first ?? [] }
        var lowest = Int.max, highest = -1, total = 0
        for list in lists {
            guard let first = list.first, let last = list.last else { continue }
            lowest = min(lowest, Int(first >> 1))
            highest = max(highest, Int(last >> 1))
            total += list.count
        }
        guard highest >= 0 else { return [] }
        let base = lowest & ~63
        let wordCount = (highest - base) / 64 + 1
        var rows = [UInt64](repeating: 0, count: wordCount)
        var headings = [UInt64](repeating: 0, count: wordCount)
        rows.withUnsafeMutableBufferPointer { rows in
            headings.withUnsafeMutableBufferPointer { headings in
                for list in lists {
                    for posting in list {
                        let row = Int(posting >> 1) - base
                        rows[row >> 6] |= 1 << UInt64(row & 63)
                        headings[row >> 6] |= UInt64(posting & 1) << UInt64(row & 63)
                    }
                }
            }
        }
        var out: [Int32] = []
        out.reserveCapacity(min(total, wordCount * 64))
        for word in 0..<wordCount {
            var bits = rows[word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                let row = base + word * 64 + bit
                out.append(Int32(row * 2) | Int32(truncatingIfNeeded: (headings[word] >> UInt64(bit)) & 1))
                bits &= bits - 1
            }
        }
        return out
    }
}
