import KumikiSupport
import KumikiLayout
import KumikiMarkdown

/// The figure a layout block becomes: its title in both languages, a do or
/// don't badge, and the block's source.
enum LayoutFigure {
    /// The `title: English | 日本語` line of a block, if it has one.
    static func title(of text: String) -> (english: String, japanese: String)? {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("title:") else { continue }
            let value = trimmed.dropFirst("title:".count)
            let parts = value.split(separator: "|", maxSplits: 1).map(\.trimmingWhitespace)
            return (parts.first ?? "", parts.count > 1 ? parts[1] : parts.first ?? "")
        }
        return nil
    }

    /// `layout`, `do` or `dont` from the block's info string.
    static func kind(of block: FencedBlock) -> String {
        switch block.arguments.first {
        case "do": "do"
        case "dont", "don't": "dont"
        default: "plain"
        }
    }

    static func badge(for kind: String) -> String {
        switch kind {
        case "do": "<span class=\"badge badge-do pair\"><span lang=\"en\">Do</span> <span lang=\"ja\">良い例</span></span>"
        case "dont": "<span class=\"badge badge-dont pair\"><span lang=\"en\">Don’t</span> <span lang=\"ja\">悪い例</span></span>"
        default: ""
        }
    }

    /// The figure's opening tag and caption; `body` goes between them.
    static func html(for block: FencedBlock, body: String) -> String {
        let title = title(of: block.text).map { LocalizedText(english: $0.english, japanese: $0.japanese) }
        return html(for: block, title: title, body: body)
    }

    /// The figure with the block's title (or "Layout N"), its badge, and
    /// `body`.
    static func html(for block: FencedBlock, title: LocalizedText?, body: String) -> String {
        let kind = kind(of: block)
        var html = "<figure class=\"bi-span layout-block layout-\(kind)\" id=\"layout-\(block.index)\">\n<figcaption>"
        if let title {
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

    /// The handler used until a block is solved: the figure with the source.
    static let sourceHandler = FencedBlockHandler(name: "layout") { block in
        FencedBlockOutput(html: html(for: block, body: source(block)))
    }
}
