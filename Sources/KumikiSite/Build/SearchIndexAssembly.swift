import Foundation
import KumikiSupport
import KumikiSearch

extension SiteBuilder {
    /// Part of the assemble stage: the search index's manifest, shards and
    /// word lists from the entries every page left in the render stage
    /// (`SearchIndexWriter`), plus the results page `search/index.html`.
    func writeSearchIndex(_ entries: [PageSearchEntries], site: LoadedSite, into sink: some SiteSink, diagnostics: inout [Diagnostic]) {
        for file in SearchIndexWriter.files(entries) {
            Self.write(Data(file.text.utf8), to: file.path, sink: sink, diagnostics: &diagnostics)
        }
        if let html = site.templates.render(site.context.searchValues(), template: "search") {
            Self.write(Data(html.utf8), to: "search/index.html", sink: sink, diagnostics: &diagnostics)
        }
    }
}
