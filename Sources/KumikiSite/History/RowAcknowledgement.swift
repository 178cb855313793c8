import Foundation
import KumikiSupport

/// `kumiki translations ack PATH:LINE`: records in
/// `translations-checked.txt` that the row holding a line still says the
/// same in both languages.
public enum RowAcknowledgement {
    /// Adds the row at `line` of the page at `relativePath` (in the content
    /// folder) to the site's store, drops the page's entries that no longer
    /// match a row, and writes the store. Returns the row's first words.
    public static func acknowledge(relativePath: String, line: Int, options: BuildOptions) throws(Diagnostic) -> String {
        let location = SourceLocation(file: options.content.displayPath(of: relativePath), line: line)
        guard let folder = options.configuration.directory else {
            throw .error("the site's folder is not on disk; nothing to write \(TranslationAcknowledgements.fileName) to", at: location)
        }
        let acknowledged = try storeText(acknowledging: relativePath, line: line, options: options)
        let url = folder.appendingPathComponent(TranslationAcknowledgements.fileName)
        do {
            try Data(acknowledged.text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .error("cannot write \(TranslationAcknowledgements.fileName): \(error.localizedDescription)", at: location)
        }
        return acknowledged.excerpt
    }

    /// What `acknowledge` writes to the store, `translations-checked.txt`
    /// in the folder of `kumiki.yml`, without writing it (the language
    /// server's quick fix makes it an edit), and the row's first words.
    public static func storeText(acknowledging relativePath: String, line: Int,
                                 options: BuildOptions) throws(Diagnostic) -> (text: String, excerpt: String) {
        // A path that climbs out of the content folder, or an absolute
        // one, names no page: nothing outside is read, nothing written.
        guard let inside = RelativePath.file(relativePath, from: ""), inside == relativePath else {
            throw .error("'\(relativePath)' is not a page of the content folder; give a page's path as 'kumiki check' prints it", at: nil)
        }
        let displayPath = options.content.displayPath(of: relativePath)
        let location = SourceLocation(file: displayPath, line: line)
        guard let data = options.content.contents(of: relativePath) else {
            throw .error("there is no page '\(relativePath)' in the content folder", at: SourceLocation(file: displayPath, line: 1))
        }
        let page = PageLoader(source: options.content, includeDrafts: true)
            .makePage(relativePath: relativePath, displayPath: displayPath, data: data).0
        let rows = RowFreshness(page: page, history: nil, acknowledgements: TranslationAcknowledgements(), anchors: [:])
        guard let row = rows.row(at: line) else {
            throw .error("line \(line) is not part of a row in both languages; acknowledge a line of the row's English or Japanese", at: location)
        }
        var store = TranslationAcknowledgements.load(from: options.configuration)
        let current = Set(rows.rowHashes().map { "\(relativePath) \($0)" })
        store.keep { key in !key.hasPrefix("\(relativePath) ") || current.contains(key) }
        store.acknowledge(path: relativePath, rowHash: row.hash, excerpt: row.excerpt)
        return (store.text, row.excerpt)
    }
}
