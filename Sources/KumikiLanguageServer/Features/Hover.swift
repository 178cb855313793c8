import Foundation
import KumikiSite
import KumikiSupport
import KumikiTokens

/// `textDocument/hover`: on a view, stack or guide name in a layout block,
/// its kind and the line that declares it; on a `{token}` reference, the
/// token's type, value, description and file; on a link's destination, the
/// title of the page it names, and on its `#anchor`, that heading.
enum Hover {
    static func answer(at place: DocumentPlace, pages: SitePages?) -> JSONValue {
        guard let (markdown, range) = contents(at: place, pages: pages) else { return .null }
        return .object([
            "contents": .object(["kind": .string("markdown"), "value": .string(markdown)]),
            "range": range.json,
        ])
    }

    /// A token reference's hover: what the site's latest check read of it.
    private static func tokenContents(named name: String, at place: DocumentPlace) -> (String, TextRange)? {
        guard let token = place.workspace?.session.lastTokens?.set.token(named: name),
              let start = place.lineText.firstRange(of: "{\(name)}") else { return nil }
        let column = place.lineText.distance(from: place.lineText.startIndex, to: start.lowerBound) + 1
        let range = place.range(line: place.line, column: column, length: name.count + 2)
        var lines = ["**\(token.name)**: `\(token.type.rawValue)` token · トークン, `\(token.value.shortText)`"]
        if let alias = token.alias { lines.append("alias of `\(alias)` · `\(alias)` の別名") }
        lines += [token.description, token.japaneseDescription].compactMap { $0 }
        lines.append("`\(token.location.file):\(token.location.line)`")
        return (lines.joined(separator: "\n\n"), range)
    }

    static func contents(at place: DocumentPlace, pages: SitePages?) -> (String, TextRange)? {
        let display = place.relativePath ?? place.document.uri.text
        let blocks = LayoutBlockOutline.blocks(in: place.document.text.text, displayPath: display)
        if let block = blocks.first(where: { $0.lines?.contains(place.line) == true }) {
            if let name = TokenReferenceText.name(at: place.column, in: place.lineText) {
                return tokenContents(named: name, at: place)
            }
            guard let word = place.word, let declaration = block.declaration(named: word.text) else { return nil }
            let range = TextRange(start: place.position(column: word.column), end: place.position(column: word.column + word.text.count))
            return ("`\(declaration.kind)` **\(declaration.name)**, declared on line \(declaration.line) · \(declaration.line) 行目で宣言", range)
        }
        guard let link = LinkDestination.at(column: place.column, in: place.lineText), let pages,
              let documentPath = place.document.uri.path, let here = pages.contentPath(ofAbsolute: documentPath) else { return nil }
        let target = link.path.isEmpty ? here : SitePages.resolve(String(link.path), from: here)
        guard let target, target.hasSuffix(".md"), let outline = pages.outline(of: target) else { return nil }
        let pathEnd = link.column + link.path.count
        if let fragment = link.fragment, place.column > pathEnd {
            guard let heading = outline.headings.first(where: { $0.anchor == String(fragment) }) else { return nil }
            let text = [heading.text.english, heading.text.japanese].compactMap { $0 }.joined(separator: " · ")
            let range = TextRange(start: place.position(column: pathEnd + 1), end: place.position(column: pathEnd + 1 + fragment.count))
            return ("\(String(repeating: "#", count: heading.level)) \(text)\n\n`\(target)`", range)
        }
        let title = outline.title.map { $0.english == $0.japanese ? $0.english : "\($0.english) · \($0.japanese)" } ?? target
        let range = TextRange(start: place.position(column: link.column), end: place.position(column: pathEnd))
        return ("**\(title)**\n\n`\(target)`", range)
    }
}
