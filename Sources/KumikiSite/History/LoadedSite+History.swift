import Foundation
import KumikiSupport
import KumikiMarkdown

extension LoadedSite {
    /// The page's history as `RowFreshness` reads it; `nil` without history.
    private func history(of page: Page) -> (site: SiteHistory, stamps: [LineStamp], lastCommit: Int32)? {
        guard case .success(let site) = history else { return nil }
        let (stamps, last) = site.stamps(of: page.relativePath, lineCount: Self.lineCount(of: page.data))
        return (site, stamps, last)
    }

    /// The page's untranslated and possibly outdated rows, and its last change.
    func translations(of page: Page, anchors: [Int: String]) -> PageTranslations {
        var translations = RowFreshness(page: page, history: history(of: page), acknowledgements: acknowledgements,
                                        source: config.sourceLanguage, anchors: anchors).translations()
        if let tokens {
            // In page order; a block's rows keep their order at its fence.
            translations.gaps = (translations.gaps + TokenDescriptions(page: page, tokens: tokens).gaps).enumerated()
                .sorted { ($0.element.location.line, $0.element.location.column, $0.offset) < ($1.element.location.line, $1.element.location.column, $1.offset) }
                .map(\.element)
        }
        return translations
    }

    /// What a page's HTML takes from history: its lines' stamps with the
    /// commits they name, the last commit of the file and the
    /// acknowledgements. With the page's bytes (its blob), this keys the
    /// page in the build store, so a warm build is the cold one.
    func historyKey(of page: Page) -> String {
        guard let (site, stamps, last) = history(of: page) else { return "" }
        var hash = StableHash()
        var named: Set<Int32> = [last]
        // The stamps' bytes as they are in memory: hashing text made of
        // them cost more than the rest of a page's history.
        stamps.withUnsafeBytes { hash.combine(bulk: $0) }
        // Lines side by side were mostly stamped by the same change: a
        // stamp like the one before adds nothing to the set.
        var previous: (Int32, Int32, Int32)?
        for stamp in stamps where previous.map({ $0 != (stamp.line, stamp.english, stamp.japanese) }) ?? true {
            named.insert(stamp.line)
            named.insert(stamp.english)
            named.insert(stamp.japanese)
            previous = (stamp.line, stamp.english, stamp.japanese)
        }
        for index in named.sorted() {
            if case .committed(let id, let time) = site.change(index) { hash.combine(field: "\(index) \(id) \(time)") }
        }
        hash.combine(field: "last \(last)")
        hash.combine(field: acknowledgements.signature)
        hash.combine(field: config.sourceLanguage.rawValue)
        return hash.hex
    }

    /// Lines as git counts them: a last line without a line break counts.
    static func lineCount(of data: Data) -> Int {
        let breaks = data.withUnsafeBytes { $0.count(where: { $0 == 0x0A }) }
        return breaks + (data.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
    }

    /// The "Edit this page" address, or `nil` without `edit_url`.
    func editHref(of page: Page) -> String? {
        guard !config.editURL.isEmpty else { return nil }
        let path = contentPathFromConfiguration.isEmpty ? page.relativePath : "\(contentPathFromConfiguration)/\(page.relativePath)"
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return config.editURL.replacingOccurrences(of: "{path}", with: encoded)
    }
}
