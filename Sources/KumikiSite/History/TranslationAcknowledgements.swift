import Foundation
import KumikiSupport

/// Rows whose translation a writer checked after one language changed and
/// found still right: `translations-checked.txt` beside `kumiki.yml`, kept
/// in the repository and reviewed like any change.
///
/// One line per row: the page's path in the content folder and a hash of
/// the row's text in both languages, then, for reviewers, the row's first
/// words. An acknowledgement holds while the row reads exactly as it did:
/// the next edit of either language makes it stale, and the row is judged
/// by its history again. What was checked is the pair of texts, so it holds
/// for the same row on any page: a page renamed or moved, or a row moved to
/// another page, keeps it. Lines are sorted, so two writers acknowledging
/// different rows merge without conflict.
///
/// ```
/// # kumiki translations ack PATH:LINE
/// adaptivity.md 6b1f0c2d9a8e7f3b Layout adapts to the space it gets
/// ```
public struct TranslationAcknowledgements: Sendable, Hashable {
    public static let fileName = "translations-checked.txt"

    /// `PATH HASH` → the row's first words.
    private(set) var entries: [String: String] = [:]
    /// The rows' hashes, whatever their paths: the `HASH` of every entry.
    private var rowHashes: Set<String> = []

    public init() {}

    /// Reads the store's text; lines that are not `PATH HASH …` are skipped.
    public init(text: String) {
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count >= 2 else { continue }
            entries["\(fields[0]) \(fields[1])"] = fields.count > 2 ? String(fields[2]) : ""
            rowHashes.insert(String(fields[1]))
        }
    }

    /// The store of a site, read from the folder of `kumiki.yml`.
    static func load(from configuration: any SiteSource) -> TranslationAcknowledgements {
        configuration.text(of: fileName).map(TranslationAcknowledgements.init(text:)) ?? TranslationAcknowledgements()
    }

    /// Whether a row with this hash was checked, on any page.
    func contains(rowHash: String) -> Bool { rowHashes.contains(rowHash) }

    /// A hash of the store, for cache keys.
    var signature: String {
        var hash = StableHash()
        for key in entries.keys.sorted() { hash.combine(field: key) }
        return hash.hex
    }

    /// Adds a row; `excerpt` is shown to reviewers.
    public mutating func acknowledge(path: String, rowHash: String, excerpt: String) {
        entries["\(path) \(rowHash)"] = String(excerpt.prefix(60))
        rowHashes.insert(rowHash)
    }

    /// Keeps the entries (`PATH HASH`) for which `isKept` is true.
    mutating func keep(where isKept: (String) -> Bool) {
        entries = entries.filter { isKept($0.key) }
        rowHashes = Set(entries.keys.compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    /// The file's text, sorted.
    public var text: String {
        var out = "# Rows whose translation was checked after one language changed. Add one with\n"
            + "# `kumiki translations ack PATH:LINE`; an entry holds until either language of its row changes.\n"
        for key in entries.keys.sorted() {
            let excerpt = entries[key] ?? ""
            out += excerpt.isEmpty ? "\(key)\n" : "\(key) \(excerpt)\n"
        }
        return out
    }

    /// The hash of a row's text: its English lines, then its Japanese lines.
    static func rowHash(english: String, japanese: String) -> String {
        var hash = StableHash()
        hash.combine(field: english)
        hash.combine(field: japanese)
        return hash.hex
    }
}
