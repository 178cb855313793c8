import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// The figure a layout block becomes: its title in both languages, a do or
/// don't badge, and the block's source.
enum LayoutFigure {
    /// The block's header as the layout language's front end reads it: its
    /// kind from the info string, its title, its settings.
    static func header(of block: FencedBlock) -> LayoutBlockHeader {
        LayoutLanguage.parse(source(of: block)).header
    }

    /// The block as the front end takes it.
    static func source(of block: FencedBlock) -> LayoutBlockSource {
        LayoutBlockSource(text: block.text, firstLine: block.firstLine, kind: LayoutBlockKind(infoString: block.info) ?? .layout)
    }

    /// The class and badge name of a block's kind: `do`, `dont` or `plain`.
    static func className(of kind: LayoutBlockKind) -> String {
        switch kind {
        case .do: "do"
        case .dont: "dont"
        case .layout: "plain"
        }
    }

    static func badge(for kind: String) -> String {
        switch kind {
        case "do": "<span class=\"badge badge-do pair\"><span lang=\"en\">Do</span> <span lang=\"ja\">良い例</span></span>"
        case "dont": "<span class=\"badge badge-dont pair\"><span lang=\"en\">Don’t</span> <span lang=\"ja\">悪い例</span></span>"
        default: ""
        }
    }

    /// The figure with the block's title (or "Layout N"), its badge, and
    /// `body`.
    static func html(for block: FencedBlock, header: LayoutBlockHeader, body: String) -> String {
        let kind = className(of: header.kind)
        var html = "<figure class=\"bi-span layout-block layout-\(kind)\" id=\"\(block.elementID(prefix: "layout").htmlEscaped)\">\n<figcaption>"
        if let title = header.title {
            html += "<span lang=\"en\">\(title.english.htmlEscaped)</span> <span lang=\"ja\">\(title.japanese.htmlEscaped)</span>"
        } else {
            html += "<span lang=\"en\">Layout \(block.index)</span> <span lang=\"ja\">レイアウト \(block.index)</span>"
        }
        let badge = badge(for: kind)
        if !badge.isEmpty { html += " " + badge }
        html += "</figcaption>\n\(body)</figure>\n"
        return html
    }

    /// The block's source, as written.
    static func source(_ block: FencedBlock) -> String {
        "<pre class=\"layout-source\"><code>\(block.text.htmlEscaped)</code></pre>\n"
    }

    /// The block's source, as written, each token reference in it marked
    /// with the value it stands for: a title (shown on hover) and a
    /// `data-value` the theme shows when the reference has the keyboard's
    /// focus, since a title alone is never shown to a keyboard.
    static func source(_ block: FencedBlock, references: [LayoutTokenReference], tokens: LayoutTokenTable) -> String {
        guard !references.isEmpty else { return source(block) }
        let lines = block.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { Array($0) }
        var html: [String] = lines.map { String($0).htmlEscaped }
        for (line, onLine) in Dictionary(grouping: references, by: \.line) where lines.indices.contains(line) {
            let characters = lines[line]
            var marked = ""
            var at = 0
            for reference in onLine.sorted(by: { $0.columns.lowerBound < $1.columns.lowerBound })
            where reference.columns.lowerBound >= at && reference.columns.upperBound <= characters.count {
                marked += String(characters[at..<reference.columns.lowerBound]).htmlEscaped
                let value = tokens[reference.path].map { "\(reference.path) = \($0.written)" } ?? "\(reference.path): no such token"
                marked += "<span class=\"token-ref\" tabindex=\"0\" title=\"\(value.htmlEscaped)\" data-value=\"\(value.htmlEscaped)\">"
                    + String(characters[reference.columns]).htmlEscaped + "</span>"
                at = reference.columns.upperBound
            }
            html[line] = marked + String(characters[at...]).htmlEscaped
        }
        return "<pre class=\"layout-source\"><code>\(html.joined(separator: "\n"))</code></pre>\n"
    }

    /// The handler used until a block is solved: the figure with the source.
    static let sourceHandler = FencedBlockHandler(name: "layout") { block in
        PreparedBlock(searchText: searchText(of: block)) { _ in
            FencedBlockOutput(html: html(for: block, header: header(of: block), body: source(block)))
        }
    }
}
