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

    public init(entries: [[String]]) {
        self.entries = entries
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

    /// The entries of which the site's text holds at least one form: every
    /// term of the form is among `siteTerms` (terms as the index stores
    /// them). Two entries that share a form are the site's own to keep apart.
    public func used(bySiteTerms siteTerms: Set<String>) -> SearchGlossary {
        SearchGlossary(entries: entries.filter { forms in
            forms.contains { form in
                let terms = SearchTokenizer.terms(form)
                return !terms.isEmpty && terms.allSatisfy(siteTerms.contains)
            }
        })
    }

    /// Every term of every form, as the index stores them.
    public var terms: Set<String> {
        Set(entries.joined().flatMap(SearchTokenizer.terms))
    }

    /// `search/glossary.js`: a script that hands the entries to the search.
    public var script: String {
        let list = entries.map { forms in "[" + forms.map(\.jsonStringLiteral).joined(separator: ",") + "]" }
        return "kumikiSearch.glossary([\n" + list.joined(separator: ",\n") + "]);\n"
    }
}
