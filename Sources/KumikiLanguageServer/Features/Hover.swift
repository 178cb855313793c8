import Foundation
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import KumikiSupport
import KumikiTokens

/// `textDocument/hover`: on a view, stack or guide name in a layout block,
/// its kind, the line that declares it, its solved frame in a few
/// environments (`ViewFrames`) and the findings on it; on a `{token}`
/// reference, the token's type, value, description and file; on a block's
/// environment line, the setting or device it names, and in `kumiki.yml`
/// the key or device; on a link's destination, the title of the page it
/// names, and on its `#anchor`, that heading. Over a guideline finding
/// published for the document, the guideline it comes from.
enum Hover {
    static func answer(at place: DocumentPlace, pages: SitePages?, published: PublishedDiagnostics.Record?) -> JSONValue {
        let found = contents(at: place, pages: pages)
        let guidelines = guidelines(at: place, published: published)
        let parts = [found?.0, guidelines?.0].compactMap { $0 }
        guard let range = found?.1 ?? guidelines?.1, !parts.isEmpty else { return .null }
        return .object([
            "contents": .object(["kind": .string("markdown"), "value": .string(parts.joined(separator: "\n\n---\n\n"))]),
            "range": range.json,
        ])
    }

    /// The guidelines of the findings published for the document whose
    /// range holds the position, with the first one's range; `nil` when
    /// none does, or the document changed since they were published.
    static func guidelines(at place: DocumentPlace, published: PublishedDiagnostics.Record?) -> (String, TextRange)? {
        guard let published, published.version == place.document.version else { return nil }
        let position = place.position(column: place.column)
        var texts: [String] = []
        var first: TextRange?
        for diagnostic in published.diagnostics {
            let kinds = findingKinds(of: diagnostic)
            guard !kinds.isEmpty else { continue }
            let range = DiagnosticRange.range(of: diagnostic, in: place.document.text, encoding: place.encoding)
            guard range.start <= position, position <= range.end else { continue }
            for kind in kinds {
                let text = guideline(of: kind)
                if !texts.contains(text) { texts.append(text) }
            }
            first = first ?? range
        }
        return first.map { (texts.joined(separator: "\n\n"), $0) }
    }

    /// A guideline as hover shows it.
    static func guideline(of kind: Finding.Kind) -> String {
        "**Guideline · ガイドライン** (`\(kind.code.rawValue)`): \(kind.guideline.english)\n\n\(kind.guideline.japanese)"
    }

    /// The kinds of finding a diagnostic reports: its own for a finding
    /// (`finding.touch-target`), or those a `layout do` block's warning
    /// lists, which `kumiki check` gives once per block rather than once
    /// per finding (the kinds are the words in its parentheses, each a
    /// `Finding.Kind`'s name).
    static func findingKinds(of diagnostic: Diagnostic) -> [Finding.Kind] {
        guard let code = diagnostic.code?.rawValue else { return [] }
        if code.hasPrefix("finding.") {
            return Finding.Kind(rawValue: String(code.dropFirst("finding.".count))).map { [$0] } ?? []
        }
        guard code == "block.do-block-with-findings",
              let listed = diagnostic.message.firstMatch(of: /findings \(([a-z, -]+)\)/) else { return [] }
        return listed.1.split(separator: ",").compactMap { Finding.Kind(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The site's devices, from its kumiki.yml on disk; the bundled ones
    /// outside a site.
    private static func catalog(of place: DocumentPlace) -> DeviceCatalog {
        guard let workspace = place.workspace else { return .bundled() }
        return SiteConfig.loadWithCatalog(from: workspace.options(edits: [:]).configuration).catalog
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
        let blocks = place.layoutBlocks
        if let block = blocks.first(where: { $0.lines?.contains(place.line) == true }) {
            if let name = TokenReferenceText.name(at: place.column, in: place.lineText) {
                return tokenContents(named: name, at: place)
            }
            guard let word = place.word else { return nil }
            let range = TextRange(start: place.position(column: word.column), end: place.position(column: word.column + word.text.count))
            if let declaration = block.declaration(named: word.text) {
                var text = "`\(declaration.kind)` **\(declaration.name)**, declared on line \(declaration.line) · \(declaration.line) 行目で宣言"
                if declaration.kind != "guide", let program = block.program,
                   let frames = ViewFrames.markdown(of: declaration.name, in: program, catalog: catalog(of: place)) {
                    text += "\n\n" + frames
                }
                return (text, range)
            }
            guard let line = block.environmentLines.first(where: { $0.location.line == place.line }) else { return nil }
            let keyEnd = line.location.column + line.key.count
            if word.column < keyEnd, let key = EnvironmentSettings.Key(name: line.key) {
                return (SettingText.blockSetting(key), range)
            }
            return catalog(of: place)[word.text].map { (SettingText.device($0), range) }
        }
        if place.relativePath == SiteConfig.fileName, let word = place.word {
            let range = TextRange(start: place.position(column: word.column), end: place.position(column: word.column + word.text.count))
            if word.column == 1, place.lineText.dropFirst(word.text.count).hasPrefix(":") {
                return SettingText.siteSetting(word.text).map { ($0, range) }
            }
            return catalog(of: place)[word.text].map { (SettingText.device($0), range) }
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
