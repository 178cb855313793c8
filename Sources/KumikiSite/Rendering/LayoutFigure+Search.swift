import KumikiSupport
import KumikiLayoutLanguage

extension LayoutFigure {
    /// A layout block's words for the search index: its title and its views'
    /// labels in each language. A block with errors still gives its title.
    static func searchText(of block: FencedBlock) -> Bilingual<String> {
        searchText(of: LayoutLanguage.parse(source(of: block)))
    }

    /// The words of a block already parsed.
    static func searchText(of parsed: ParsedLayoutBlock) -> Bilingual<String> {
        var english: [String] = [], japanese: [String] = []
        if let title = parsed.header.title {
            english.append(title.english)
            japanese.append(title.japanese)
        }
        for view in parsed.program?.views ?? [] {
            if !view.label.isEmpty { english.append(view.label) }
            if !view.labelJapanese.isEmpty { japanese.append(view.labelJapanese) }
        }
        return Bilingual(english.joined(separator: " · "), japanese.joined(separator: " · "))
    }
}
