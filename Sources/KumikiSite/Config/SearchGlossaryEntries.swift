import KumikiSupport
import KumikiSearch
import Yams

extension SiteConfig {
    /// `search_glossary`: a list of entries, each a list of two or more
    /// forms of one word (`- [余白, よはく, padding]`).
    static func searchGlossary(_ entry: YAMLMapping.Entry, places: YAMLPlaces, diagnostics: inout [Diagnostic]) -> SearchGlossary {
        guard case .sequence(let items) = entry.value else {
            diagnostics.append(.error("'search_glossary' must be a list of entries such as [余白, よはく, padding]", at: entry.location))
            return SearchGlossary(entries: [])
        }
        var entries: [[String]] = []
        for item in items {
            let location = places.location(of: item)
            guard case .sequence(let forms) = item else {
                diagnostics.append(.error("each entry of 'search_glossary' is a list of forms, such as [余白, よはく, padding]", at: location))
                continue
            }
            var words: [String] = []
            for form in forms {
                guard case .scalar(let scalar) = form, !SearchTokenizer.terms(scalar.string).isEmpty else {
                    diagnostics.append(.error("a form in 'search_glossary' is a word or words that search can find",
                                              at: places.location(of: form)))
                    continue
                }
                words.append(scalar.string.trimmingWhitespace)
            }
            if words.count < 2 {
                diagnostics.append(.error("an entry of 'search_glossary' needs two forms or more", at: location))
                continue
            }
            entries.append(words)
        }
        return SearchGlossary(entries: entries)
    }
}
