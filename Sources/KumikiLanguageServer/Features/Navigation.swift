import Foundation
import KumikiSite
import KumikiSupport
import KumikiLayoutLanguage
import KumikiTokens

/// Go to definition, references and rename.
///
/// In a layout block a name is the block's own: its declaration is the
/// line that declares it and its uses are the block's other lines that
/// name it (`BlockNames`), so nothing outside the block is read. In
/// Markdown a link's destination leads to its page, or to the heading its
/// `#anchor` names; its references are the site's links to the same page
/// and anchor, from the editor's text of open pages and from disk.
enum Navigation {
    /// `textDocument/definition`: one location, or `null`.
    static func definition(at place: DocumentPlace, pages: SitePages?) -> JSONValue {
        if let name = TokenReferenceText.name(at: place.column, in: place.lineText), isInBlock(place) {
            guard let workspace = place.workspace, let token = workspace.session.lastTokens?.set.token(named: name),
                  token.location.line > 0 else { return .null }
            let line = token.location.line
            let path = workspace.absolutePath(of: token.location.file)
            let file = DocumentText(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "")
            let point = file.position(line: line, column: token.location.column, encoding: place.encoding)
            return location(URL(fileURLWithPath: path).absoluteString, range: TextRange(start: point, end: point))
        }
        if let (block, word) = blockName(at: place) {
            guard let declaration = block.declaration(named: word.text) else { return .null }
            return location(place.document.uri.text, range: place.range(line: declaration.line, column: declaration.column,
                                                                         length: declaration.name.count))
        }
        guard let (target, heading) = linkTarget(at: place, pages: pages), let pages else { return .null }
        let uri = URL(fileURLWithPath: pages.absolutePath(of: target)).absoluteString
        let line = max((heading?.line ?? 1) - 1, 0)
        let point = Position(line: line, character: 0)
        return location(uri, range: TextRange(start: point, end: point))
    }

    /// `textDocument/references`: every use of the name in its block, or
    /// every link in the site to the page and anchor under the position.
    static func references(at place: DocumentPlace, pages: SitePages?, includeDeclaration: Bool) -> JSONValue {
        if let (block, word) = blockName(at: place) {
            guard let declaration = block.declaration(named: word.text) else { return .array([]) }
            let uses = BlockNames.occurrences(of: word.text, in: block, text: place.document.text).filter {
                includeDeclaration || !($0.line == declaration.line && $0.column == declaration.column)
            }
            return .array(uses.map {
                location(place.document.uri.text, range: place.range(line: $0.line, column: $0.column, length: word.text.count))
            })
        }
        guard let (target, heading) = linkTarget(at: place, pages: pages), let pages else { return .array([]) }
        var found: [JSONValue] = []
        for page in pages.paths() {
            guard let text = pages.text(of: page) else { continue }
            let document = DocumentText(text)
            // Lines end as `DocumentText` ends them: "\n", "\r\n" (one
            // Character) or a lone "\r".
            let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            for (index, line) in lines.enumerated() {
                for link in LinkDestination.all(in: line) where link.closed {
                    let named = link.path.isEmpty ? page : SitePages.resolve(String(link.path), from: page)
                    guard named == target, link.fragment.map(String.init) == heading?.anchor else { continue }
                    let start = document.position(line: index + 1, column: link.column, encoding: place.encoding)
                    let end = document.position(line: index + 1, column: link.column + link.text.count, encoding: place.encoding)
                    found.append(location(URL(fileURLWithPath: pages.absolutePath(of: page)).absoluteString,
                                          range: TextRange(start: start, end: end)))
                }
            }
        }
        return .array(found)
    }

    /// `textDocument/prepareRename`: the declared name under the position
    /// in a layout block, or `null` where nothing can be renamed.
    static func prepareRename(at place: DocumentPlace) -> JSONValue {
        guard let (block, word) = blockName(at: place), block.declaration(named: word.text) != nil else { return .null }
        return .object([
            "range": place.range(line: place.line, column: word.column, length: word.text.count).json,
            "placeholder": .string(word.text),
        ])
    }

    /// `textDocument/rename`: every use of a view, stack or guide in its
    /// block renamed, as one workspace edit.
    static func rename(at place: DocumentPlace, to newName: String) throws(ParamsError) -> JSONValue {
        guard let (block, word) = blockName(at: place), block.declaration(named: word.text) != nil else {
            throw ParamsError(message: "only a view, stack or guide declared in a layout block can be renamed here")
        }
        guard BlockNames.isName(newName), LayoutLanguage.canName(newName) else {
            throw ParamsError(message: "'\(newName)' is not a name a view can have: use letters, digits and '_', starting with a letter, "
                              + "each written as one character, and not a word of the language such as 'safe' or 'when'")
        }
        guard newName == word.text || block.declaration(named: newName) == nil else {
            throw ParamsError(message: "the block already declares '\(newName)'")
        }
        let edits = BlockNames.occurrences(of: word.text, in: block, text: place.document.text).map { use -> JSONValue in
            .object([
                "range": place.range(line: use.line, column: use.column, length: word.text.count).json,
                "newText": .string(newName),
            ])
        }
        return .object(["changes": .object([place.document.uri.text: .array(edits)])])
    }

    // MARK: - What is under the position

    private static func isInBlock(_ place: DocumentPlace) -> Bool {
        place.layoutBlocks.contains { $0.lines?.contains(place.line) == true }
    }

    private static func blockName(at place: DocumentPlace) -> (LayoutBlockOutline, (text: String, column: Int))? {
        let blocks = place.layoutBlocks
        guard let block = blocks.first(where: { $0.lines?.contains(place.line) == true }), let word = place.word else { return nil }
        return (block, word)
    }

    /// The page (relative to the content folder) and heading a link under
    /// the position names; the heading is `nil` for a link to the page.
    private static func linkTarget(at place: DocumentPlace, pages: SitePages?) -> (String, PageOutline.Heading?)? {
        guard let link = LinkDestination.at(column: place.column, in: place.lineText), let pages,
              let documentPath = place.document.uri.path, let here = pages.contentPath(ofAbsolute: documentPath) else { return nil }
        let target = link.path.isEmpty ? here : SitePages.resolve(String(link.path), from: here)
        guard let target, target.hasSuffix(".md"), let outline = pages.outline(of: target) else { return nil }
        guard let fragment = link.fragment else { return (target, nil) }
        guard let heading = outline.headings.first(where: { $0.anchor == String(fragment) }) else { return nil }
        return (target, heading)
    }

    private static func location(_ uri: String, range: TextRange) -> JSONValue {
        .object(["uri": .string(uri), "range": range.json])
    }
}

/// The places a layout block names one of its views, stacks or guides,
/// as the layout language reads its lines (`LayoutLanguage.columns(naming:inLine:)`).
enum BlockNames {
    struct Use: Equatable {
        /// 1-based line and character column in the page.
        var line: Int
        var column: Int
    }

    static func occurrences(of name: String, in block: LayoutBlockOutline, text: DocumentText) -> [Use] {
        guard let lines = block.lines else { return [] }
        var uses: [Use] = []
        for number in lines {
            guard let line = text.line(number - 1) else { continue }
            uses += LayoutLanguage.columns(naming: name, inLine: String(line)).map { Use(line: number, column: $0 + 1) }
        }
        return uses
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
