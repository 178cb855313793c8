import KumikiSupport

extension SearchPostings {
    /// The postings of pages whose entries are all at hand, merged as a
    /// build merges its pages (`SearchIndexing.postings(merging:)`).
    public init(merging entries: [PageSearchEntries]) {
        let indexing = SearchIndexing()
        self = indexing.postings(merging: entries.map(indexing.index))
    }
}
