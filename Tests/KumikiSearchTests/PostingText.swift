@testable import KumikiSearch

// The index's texts as strings, for the tests to read and compare: the
// index itself appends them to the bytes of its files.

extension PostingListText {
    /// The shorter of the two forms of `list`, as the index writes it.
    static func text(of list: [Int32]) -> String {
        var bytes: [UInt8] = []
        append(list, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many bytes the index finds `text(of: list)` takes, without
    /// writing it.
    static func length(of list: [Int32]) -> Int { length(of: list, form: form(of: list)) }
}

extension SearchIndexWriter {
    /// Ascending numbers as the index writes them, base-36 gaps.
    static func deltaEncoded(_ list: some Collection<Int32>) -> String {
        var bytes: [UInt8] = []
        appendDeltaEncoded(list, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
