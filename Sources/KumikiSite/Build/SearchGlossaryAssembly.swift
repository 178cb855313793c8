import Foundation
import KumikiSupport
import KumikiSearch

extension SiteBuilder {
    /// Part of the assemble stage: `search/glossary.js`, the entries of the
    /// bundled glossary and the site's own (`search_glossary`) of which the
    /// site's text holds a form, so a query loads only the vocabulary the
    /// site uses.
    func writeSearchGlossary(_ postings: SearchPostings, site: LoadedSite, into sink: some SiteSink,
                             diagnostics: inout [Diagnostic]) {
        let glossary = SearchGlossary.bundled.adding(site.config.searchGlossary)
        let found = Set(glossary.terms.filter { postings.contains($0) })
        let used = glossary.used(bySiteTerms: found)
        Self.write(Data(used.script.utf8), to: SearchGlossary.path, sink: sink, diagnostics: &diagnostics)
    }
}
