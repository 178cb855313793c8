import Foundation
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport
import KumikiTokens

/// `textDocument/completion`: what may be written at a position.
///
/// In a layout block: view kinds and the block's names at the start of a
/// line, anchors and properties after `NAME.`, named priorities after `@`,
/// traits after `when` (and `and`) and size classes after `is`, the block's
/// names and the system guides elsewhere. In a Markdown link's destination: the site's pages, and after
/// `#` the anchors of the page named before it (or of this page). Each item
/// replaces the word typed so far (`textEdit`) and says what it is, in
/// English and Japanese.
enum Completion {
    /// LSP's `CompletionItemKind`s used here.
    enum Kind: Int {
        case field = 5, variable = 6, keyword = 14, color = 16, file = 17, reference = 18, enumMember = 20, constant = 21
    }

    struct Item {
        var label: String
        var kind: Kind
        var detail: String
    }

    static func list(at place: DocumentPlace, pages: SitePages?) -> JSONValue {
        let (items, typed) = items(at: place, pages: pages)
        let range = place.rangeEndingHere(length: typed.count)
        return .object([
            "isIncomplete": .bool(false),
            "items": .array(items.enumerated().map { index, item in
                .object([
                    "label": .string(item.label),
                    "kind": .integer(item.kind.rawValue),
                    "detail": .string(item.detail),
                    // Editors sort by this text; the order given here is
                    // the order meant.
                    "sortText": .string(String(format: "%04d", index)),
                    "filterText": .string(item.label),
                    "textEdit": .object(["range": range.json, "newText": .string(item.label)]),
                ])
            }),
        ])
    }

    /// The items and the text they replace (typed before the position).
    static func items(at place: DocumentPlace, pages: SitePages?) -> ([Item], Substring) {
        let blocks = place.layoutBlocks
        if let block = blocks.first(where: { $0.lines?.contains(place.line) == true }) {
            if let typed = TokenReferenceText.typed(before: place.prefix) {
                return (tokenItems(place.workspace?.session.lastTokens?.set), typed)
            }
            return layoutItems(place.prefix, block: block)
        }
        if let link = LinkDestination.at(column: place.column, in: place.lineText), let pages {
            let typed = link.text.prefix(place.column - link.column)
            return linkItems(typed, place: place, pages: pages)
        }
        return ([], "")
    }

    // MARK: - Layout blocks

    /// The site's tokens, after a `{` in a layout block: each with its type
    /// and description.
    static func tokenItems(_ tokens: TokenSet?) -> [Item] {
        (tokens?.tokens ?? []).map { token in
            let about = [token.description, token.japaneseDescription].compactMap { $0 }.joined(separator: " · ")
            return Item(label: token.name, kind: token.type == .color ? .color : .constant,
                        detail: "\(token.type.rawValue) token · トークン" + (about.isEmpty ? "" : " — " + about))
        }
    }

    static func layoutItems(_ prefix: Substring, block: LayoutBlockOutline) -> ([Item], Substring) {
        let names = block.declarations.map { declaration in
            Item(label: declaration.name, kind: .variable,
                 detail: "\(declaration.kind), line \(declaration.line) · \(declaration.kind)、\(declaration.line) 行目")
        }
        let guides = SystemGuide.all.map { Item(label: $0, kind: .constant, detail: "system guide · システムガイド") }
        let word = prefix.firstMatch(of: /[A-Za-z_][A-Za-z0-9_-]*$/).map { prefix[$0.range] } ?? ""
        if prefix.wholeMatch(of: /\s*when\s.*/) != nil {
            if isTraitPosition(prefix) {
                return (TraitCondition.words.map { Item(label: $0, kind: .enumMember, detail: "trait · 環境の条件") }, word)
            }
            // `width is` and `height is` take a size class; nothing else
            // on a `when` line is a name.
            let words = prefix.split(whereSeparator: \.isWhitespace)
            let before = word.isEmpty ? words.last : words.dropLast().last
            guard before == "is" else { return ([], word) }
            return (["compact", "regular"].map { Item(label: $0, kind: .enumMember, detail: "size class · サイズクラス") }, word)
        }
        // A setting's value (`devices: phones`, `title: …`) names no view.
        if prefix.wholeMatch(of: /\s*[A-Za-z]+:.*/) != nil { return ([], word) }
        if let match = prefix.firstMatch(of: /@([A-Za-z]*)$/) {
            let priorities = LayoutPriority.named.sorted { $0.value > $1.value }.map { name, value in
                Item(label: name, kind: .constant, detail: "priority \(value) · 優先度 \(value)")
            }
            return (priorities, match.1)
        }
        if let match = prefix.firstMatch(of: /([A-Za-z_][A-Za-z0-9_-]*)\.([A-Za-z]*)$/) {
            let startsLine = prefix[..<match.range.lowerBound].allSatisfy(\.isWhitespace)
            var items = anchorVocabulary.map { Item(label: $0, kind: .field, detail: "anchor · アンカー") }
            if startsLine, block.declaration(named: String(match.1)) != nil {
                items += ViewProperty.allCases.map { Item(label: $0.rawValue, kind: .field, detail: "property · プロパティ") }
            }
            return (items, match.2)
        }
        if let match = prefix.wholeMatch(of: /\s*([A-Za-z]*)/) {
            let kinds = ViewKind.allCases.map { Item(label: $0.rawValue, kind: .keyword, detail: "view kind · ビューの種類") }
            return (kinds + names, match.1)
        }
        return (names + guides, word)
    }

    /// Whether the word being typed on a `when` line starts a condition:
    /// right after `when` or after `and`.
    private static func isTraitPosition(_ prefix: Substring) -> Bool {
        let words = prefix.split(whereSeparator: \.isWhitespace)
        let typing = prefix.last.map { !$0.isWhitespace } ?? false
        let before = typing ? words.dropLast().last : words.last
        return before == "when" || before == "and"
    }

    // MARK: - Links

    static func linkItems(_ typed: Substring, place: DocumentPlace, pages: SitePages) -> ([Item], Substring) {
        guard let documentPath = place.document.uri.path, let here = pages.contentPath(ofAbsolute: documentPath) else {
            return ([], "")
        }
        if let hash = typed.firstIndex(of: "#") {
            let path = typed[..<hash]
            let target = path.isEmpty ? here : SitePages.resolve(String(path), from: here)
            guard let target, let outline = pages.outline(of: target) else { return ([], "") }
            let items = outline.headings.map { heading in
                Item(label: heading.anchor, kind: .reference,
                     detail: [heading.text.english, heading.text.japanese].compactMap { $0 }.joined(separator: " · "))
            }
            return (items, typed[typed.index(after: hash)...])
        }
        let items = pages.paths().filter { $0 != here }.map { path in
            Item(label: RelativePath.reference(to: path, from: here), kind: .file, detail: "page · ページ")
        }
        return (items, typed)
    }
}
