import KumikiSupport

/// Words a search treats as one: a kanji word and its reading in hiragana
/// (制約 = せいやく), for readers who type the reading when they do not
/// know the kanji or their input method offers it first; a katakana
/// loanword and the English it is written as (スプリットビュー = Split View);
/// and the English and Japanese names of the same thing. A query that holds
/// one form also finds the rows that hold another (`search.js`).
///
/// Kumiki bundles the common vocabulary of interface design
/// (`BundledSearchGlossary`); a site adds its own under `search_glossary`
/// in `kumiki.yml`. The site's search gets only the entries its text uses,
/// as `search/glossary.js`.
public struct SearchGlossary: Sendable, Hashable {
    /// Each entry: two or more forms, as written.
    public var entries: [[String]]
    /// The forms of each entry that the site's text holds, once known
    /// (`used(bySiteTerms:)`): a query looks up only these, and matches
    /// the others only in what it was given.
    public var heldForms: [[String]]?

    public init(entries: [[String]], heldForms: [[String]]? = nil) {
        self.entries = entries
        self.heldForms = heldForms
    }

    /// The vocabulary Kumiki bundles.
    public static let bundled = SearchGlossary(lines: BundledSearchGlossary.text)

    /// The site's search script of the glossary.
    public static let path = "search/glossary.js"

    /// Entries from lines of forms separated by `=`; a line without two
    /// forms (a blank line, a comment starting with `#`) is skipped.
    init(lines: String) {
        entries = lines.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let forms = line.split(separator: "=").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
            return forms.count >= 2 ? forms : nil
        }
    }

    /// This glossary followed by `other`'s entries.
    public func adding(_ other: SearchGlossary) -> SearchGlossary {
        SearchGlossary(entries: entries + other.entries)
    }

    /// The entries of which the site's text holds at least one form (every
    /// term of the form is among `siteTerms`, terms as the index stores
    /// them), with the forms it holds.
    public func used(bySiteTerms siteTerms: Set<String>) -> SearchGlossary {
        var kept = SearchGlossary(entries: [], heldForms: [])
        for forms in entries {
            let held = forms.filter { form in
                let terms = SearchTokenizer.terms(form)
                return !terms.isEmpty && terms.allSatisfy(siteTerms.contains)
            }
            guard !held.isEmpty else { continue }
            kept.entries.append(forms)
            kept.heldForms?.append(held)
        }
        return kept
    }

    /// Every term of every form, as the index stores them.
    public var terms: Set<String> {
        Set(entries.joined().flatMap(SearchTokenizer.terms))
    }

    /// `search/glossary.js`: a script that hands the entries to the search,
    /// each a list of its forms: those the site holds, then, when some are
    /// not, `null` and the others.
    public var script: String {
        let list = entries.indices.map { index in
            let held = heldForms?[index] ?? entries[index]
            let others = entries[index].filter { !held.contains($0) }
            let written = held.map(\.jsonStringLiteral) + (others.isEmpty ? [] : ["null"] + others.map(\.jsonStringLiteral))
            return "[" + written.joined(separator: ",") + "]"
        }
        return "kumikiSearch.glossary([\n" + list.joined(separator: ",\n") + "]);\n"
    }
}
