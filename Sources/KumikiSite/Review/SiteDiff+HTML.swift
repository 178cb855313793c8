import Foundation
import KumikiSupport
import KumikiDiagram

extension SiteDiff {
    /// The anchor of the `number`th changed page (from 0) in the HTML
    /// report, which the Markdown summary links to.
    static func pageAnchor(_ number: Int) -> String { "page-\(number + 1)" }

    /// The HTML report: one page that works from file:// (no script, the
    /// style inline, links only to its own anchors), English and Japanese
    /// side by side. Each changed page has its changed rows, the words that
    /// changed marked in each language, and its changed layout blocks, one
    /// environment per group drawn before and after, side by side and as
    /// an overlay (the old frames outlined over the new).
    public func html() -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", text: HTMLReport(diff: self).document())
        return files
    }
}

/// Writes `SiteDiff.html()`; every text from the site is escaped.
private struct HTMLReport {
    var diff: SiteDiff

    func document() -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Kumiki review: \(short(diff.base).htmlEscaped) → \(short(diff.head).htmlEscaped)</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <a class="skip" href="#main">Skip to the changes <span lang="ja">変更へ移動</span></a>
            <header class="masthead">
            <h1>What this change does to the guidelines <span lang="ja">この変更がガイドラインに与える影響</span></h1>
            <p><code>\(short(diff.base).htmlEscaped)</code> → <code>\(short(diff.head).htmlEscaped)</code>: \(summary)</p>

            """
        if diff.configurationChanged {
            out += "<p><code>kumiki.yml</code> changed. <span lang=\"ja\"><code>kumiki.yml</code> が変わりました。</span></p>\n"
        }
        if !diff.changedTokens.isEmpty {
            out += "<p>Tokens changed <span lang=\"ja\">変わったトークン</span>: "
                + diff.changedTokens.map { "<code>\($0.htmlEscaped)</code>" }.joined(separator: ", ") + "</p>\n"
        }
        out += "</header>\n"
        if !diff.pages.isEmpty {
            out += "<nav aria-labelledby=\"pages-heading\">\n<h2 id=\"pages-heading\">Changed pages <span lang=\"ja\">変わったページ</span></h2>\n<ol>\n"
            for (number, page) in diff.pages.enumerated() {
                out += "<li><a href=\"#\(SiteDiff.pageAnchor(number))\"><code>\(page.path.htmlEscaped)</code></a> "
                    + "\(status(page.status.rawValue))</li>\n"
            }
            out += "</ol>\n</nav>\n"
        }
        out += "<main id=\"main\" tabindex=\"-1\">\n"
        if diff.pages.isEmpty {
            out += "<p>No page changed. <span lang=\"ja\">変わったページはありません。</span></p>\n"
        }
        var drawings = 0
        for (number, page) in diff.pages.enumerated() {
            out += section(page, anchor: SiteDiff.pageAnchor(number), drawings: &drawings)
        }
        out += "</main>\n<footer><p>Written by <code>kumiki diff</code>. <span lang=\"ja\"><code>kumiki diff</code> が書きました。</span></p></footer>\n</body>\n</html>\n"
        return out
    }

    private var summary: String {
        let count = { (status: PageDiff.Status) in diff.pages.count(where: { $0.status == status }) }
        return "\(diff.pages.count) page\(diff.pages.count == 1 ? "" : "s") (\(count(.changed)) changed, \(count(.added)) added, "
            + "\(count(.removed)) removed, \(count(.renamed)) renamed). <span lang=\"ja\">\(diff.pages.count) ページ(変更 \(count(.changed))、"
            + "追加 \(count(.added))、削除 \(count(.removed))、名前の変更 \(count(.renamed)))。</span>"
    }

    // MARK: - Pages

    private func section(_ page: PageDiff, anchor: String, drawings: inout Int) -> String {
        var out = "<section id=\"\(anchor)\" class=\"page\" aria-labelledby=\"\(anchor)-title\">\n"
        out += "<h2 id=\"\(anchor)-title\">\(page.title.english.htmlEscaped) <span lang=\"ja\">\(page.title.japanese.htmlEscaped)</span></h2>\n"
        out += "<p><code>\(page.path.htmlEscaped)</code> \(status(page.status.rawValue))"
        if let from = page.from { out += " from <code>\(from.htmlEscaped)</code>" }
        out += "</p>\n"
        if !page.rows.isEmpty {
            out += "<h3>Rows <span lang=\"ja\">行</span></h3>\n<div class=\"scroll\"><table class=\"rows\">\n"
            out += "<thead><tr><th scope=\"col\">Row</th><th scope=\"col\">English</th><th scope=\"col\" lang=\"ja\">日本語</th></tr></thead>\n<tbody>\n"
            for row in page.rows { out += self.row(row) }
            out += "</tbody>\n</table></div>\n"
        }
        for (index, block) in page.blocks.enumerated() {
            out += self.block(block, anchor: "\(anchor)-block-\(index + 1)", drawings: &drawings)
        }
        return out + "</section>\n"
    }

    private func row(_ row: RowDiff) -> String {
        var notes: [String] = []
        if row.outdated { notes.append("possibly outdated <span lang=\"ja\">古い可能性</span>") }
        if row.untranslated { notes.append("untranslated <span lang=\"ja\">未翻訳</span>") }
        var out = "<tr class=\"row\"><th scope=\"row\"><code>#\(row.anchor.htmlEscaped)</code>"
        if !notes.isEmpty { out += "<br><span class=\"note\">\(notes.joined(separator: ", "))</span>" }
        out += "</th>\n"
        out += cell(row.english, row.before.english, row.after.english, lang: "en")
        out += cell(row.japanese, row.before.japanese, row.after.japanese, lang: "ja")
        return out + "</tr>\n"
    }

    /// One language of a row: its words as they are, or before and after
    /// with the changed words marked.
    private func cell(_ change: LanguageChange, _ before: String, _ after: String, lang: String) -> String {
        var out = "<td lang=\"\(lang)\"><p class=\"change\">\(status(change.rawValue))</p>"
        switch change {
        case .same:
            out += "<p>\(after.htmlEscaped)</p>"
        case .added, .removed, .changed:
            let words = WordDiff(before, after)
            if change != .added {
                out += "<p class=\"before\"><span class=\"side\">Before <span lang=\"ja\">変更前</span>:</span> "
                    + words.before.map { $0.changed ? "<del>\($0.text.htmlEscaped)</del>" : $0.text.htmlEscaped }.joined() + "</p>"
            }
            if change != .removed {
                out += "<p class=\"after\"><span class=\"side\">After <span lang=\"ja\">変更後</span>:</span> "
                    + words.after.map { $0.changed ? "<ins>\($0.text.htmlEscaped)</ins>" : $0.text.htmlEscaped }.joined() + "</p>"
            }
        }
        return out + "</td>\n"
    }

    // MARK: - Layout blocks

    private func block(_ block: BlockDiff, anchor: String, drawings: inout Int) -> String {
        var out = "<section class=\"block\" id=\"\(anchor)\" aria-labelledby=\"\(anchor)-title\">\n"
        out += "<h3 id=\"\(anchor)-title\">Layout block at line \(block.line)"
        if let title = block.title { out += ": \(title.english.htmlEscaped)" }
        let japaneseTitle = block.title.map { "：\($0.japanese.htmlEscaped)" } ?? ""
        out += " <span lang=\"ja\">\(block.line) 行目のレイアウト\(japaneseTitle)</span> \(status(block.status.rawValue))</h3>\n"
        if !block.findingSummary.isEmpty {
            out += "<ul class=\"findings\">\n" + block.findingSummary.map { "<li><code>\($0.htmlEscaped)</code></li>\n" }.joined() + "</ul>\n"
        }
        if let sample = block.sample {
            out += "<h4>\(sample.environment.htmlEscaped)</h4>\n" + drawing(sample, drawings: &drawings)
        }
        for group in block.groups {
            let namedByCount = group.label == EnvironmentGroupLabel.count(group.environments.count)
            out += "<h4>\(group.label.english.htmlEscaped) <span lang=\"ja\">\(group.label.japanese.htmlEscaped)</span>"
            if let note = groupNote(group, namedByCount: namedByCount) { out += " <span class=\"note\">(\(note))</span>" }
            out += "</h4>\n"
            // A group named by its count says which environments it holds
            // on request; any other name already says it.
            if namedByCount {
                out += "<details class=\"environments\"><summary>Which environments <span lang=\"ja\">どの環境か</span></summary><p>"
                    + group.environments.map { "<code>\($0.htmlEscaped)</code>" }.joined(separator: " ") + "</p></details>\n"
            }
            if !group.views.isEmpty {
                out += "<ul class=\"views\">\n"
                for view in group.views {
                    let (dx, dy, dw, dh) = (signed(view.dx), signed(view.dy), signed(view.dw), signed(view.dh))
                    out += "<li><code>\(view.name.htmlEscaped)</code>: moved \(dx), \(dy); resized \(dw) × \(dh) pt "
                        + "<span lang=\"ja\">移動 \(dx)、\(dy)、サイズ変更 \(dw) × \(dh) pt</span></li>\n"
                }
                out += "</ul>\n"
            }
            if let sample = group.sample { out += drawing(sample, drawings: &drawings) }
        }
        return out + "</section>\n"
    }

    /// An environment before and after, side by side, then as an overlay.
    private func drawing(_ sample: BlockDiff.Sample, drawings: inout Int) -> String {
        let environment = sample.environment.htmlEscaped
        var out = "<div class=\"drawings\">\n"
        out += "<figure class=\"side-by-side\">\n<div class=\"pair\">\n"
        for (side, frames, ja) in [("Before", sample.before, "変更前"), ("After", sample.after, "変更後")] {
            drawings += 1
            out += "<div class=\"panel\"><p class=\"side\">\(side) <span lang=\"ja\">\(ja)</span></p>"
            if let frames {
                out += svg(sample, id: "drawing-\(drawings)", title: "\(side): \(environment)", layers: [(frames, "view")])
            } else {
                out += "<p class=\"note\">None <span lang=\"ja\">なし</span></p>"
            }
            out += "</div>\n"
        }
        out += "</div>\n<figcaption>Side by side <span lang=\"ja\">並べて表示</span>: \(environment)</figcaption>\n</figure>\n"
        drawings += 1
        out += "<figure class=\"overlay\">\n"
        out += svg(sample, id: "drawing-\(drawings)", title: "Overlay: \(environment), the old frames outlined over the new",
                   layers: [(sample.after ?? [], "view"), (sample.before ?? [], "old")])
        out += "<figcaption>Overlay <span lang=\"ja\">重ねて表示</span>: before outlined <span lang=\"ja\">変更前は破線</span></figcaption>\n</figure>\n"
        return out + "</div>\n"
    }

    private func svg(_ sample: BlockDiff.Sample, id: String, title: String, layers: [([BlockDiff.Frame], String)]) -> String {
        var out = "<svg role=\"img\" aria-labelledby=\"\(id)-title\" viewBox=\"0 0 \(sample.width.svg) \(sample.height.svg)\" "
            + "width=\"\(sample.width.svg)\" height=\"\(sample.height.svg)\" xmlns=\"http://www.w3.org/2000/svg\">"
            + "<title id=\"\(id)-title\">\(title)</title>"
            + "<rect class=\"screen\" x=\"0\" y=\"0\" width=\"\(sample.width.svg)\" height=\"\(sample.height.svg)\"/>"
        for (frames, kind) in layers {
            for frame in frames {
                out += "<rect class=\"\(kind)\" x=\"\(frame.x.svg)\" y=\"\(frame.y.svg)\" width=\"\(frame.width.svg)\" "
                    + "height=\"\(frame.height.svg)\"><title>\(frame.name.htmlEscaped)</title></rect>"
            }
        }
        return out + "</svg>\n"
    }

    // MARK: - Words

    /// How many environments a group holds, unless it is `namedByCount`
    /// already, and, for a group a catalog change added or removed, which:
    /// in both languages; nil when there is nothing to add.
    private func groupNote(_ group: BlockDiff.Group, namedByCount: Bool) -> String? {
        let count = EnvironmentGroupLabel.count(group.environments.count)
        var english: [String] = [], japanese: [String] = []
        if !namedByCount {
            english.append(count.english)
            japanese.append(count.japanese)
        }
        if group.status != .changed {
            english.append(group.status.rawValue)
            japanese.append(Self.japanese(group.status.rawValue))
        }
        guard !english.isEmpty else { return nil }
        return "\(english.joined(separator: ", ")) <span lang=\"ja\">\(japanese.joined(separator: "、"))</span>"
    }

    private func status(_ word: String) -> String {
        "<span class=\"status \(word)\">\(word) <span lang=\"ja\">\(Self.japanese(word))</span></span>"
    }

    /// The Japanese of a status word (`added`, `removed`, …).
    private static func japanese(_ word: String) -> String {
        ["added": "追加", "removed": "削除", "changed": "変更", "renamed": "名前の変更", "same": "同じ"][word] ?? word
    }

    private func signed(_ value: Double) -> String {
        let text = DecimalText.format(value, fractionDigits: 2)
        return value > 0 ? "+" + text : text
    }

    private func short(_ id: String) -> String { id.count == 40 ? String(id.prefix(12)) : id }

    static let style = """
        :root{--kumiki-bg:#fff;--kumiki-fg:#1d1d1f;--kumiki-muted:#5c5f66;--kumiki-accent:#0b63c9;\
        --kumiki-focus:#0b63c9;--kumiki-code-bg:#f4f4f6;--kumiki-do:#17743a;--kumiki-do-bg:#e6f4ea;--kumiki-dont:#b3261e;\
        --kumiki-dont-bg:#fce8e6;--kumiki-rule:#d2d2d7;--kumiki-view:#cfe0f7;\
        --kumiki-font-latin:system-ui,-apple-system,"Segoe UI",sans-serif;\
        --kumiki-font-ja:"Hiragino Sans","Noto Sans CJK JP","Yu Gothic",sans-serif}
        @media (prefers-color-scheme:dark){:root{--kumiki-bg:#121214;--kumiki-fg:#ececf1;--kumiki-muted:#a4a6ae;\
        --kumiki-accent:#6cb0ff;--kumiki-focus:#8cc2ff;--kumiki-code-bg:#1c1c20;--kumiki-do:#5fd38a;--kumiki-do-bg:#10301c;\
        --kumiki-dont:#ff8a80;--kumiki-dont-bg:#3a1512;--kumiki-rule:#3a3a40;--kumiki-view:#1f3b5c}}
        body{margin:0 auto;max-width:72rem;padding:0 1rem 2rem;background:var(--kumiki-bg);color:var(--kumiki-fg);\
        font:16px/1.6 var(--kumiki-font-latin)}
        [lang=ja]{font-family:var(--kumiki-font-ja)}
        h1 [lang=ja],h2 [lang=ja],h3 [lang=ja],h4 [lang=ja]{display:block;font-size:.8em;color:var(--kumiki-muted)}
        a{color:var(--kumiki-accent)}
        :focus-visible{outline:3px solid var(--kumiki-focus);outline-offset:2px}
        .skip{position:absolute;left:-999px}.skip:focus{position:static;display:inline-block;margin:.5rem 0}
        code{background:var(--kumiki-code-bg);padding:0 .2em;border-radius:3px}
        .note,.side,.change{color:var(--kumiki-muted);font-size:.875em;margin:0}
        .status{font-size:.8em;border:1px solid var(--kumiki-rule);border-radius:1em;padding:0 .5em;white-space:nowrap}
        .status [lang=ja]{display:inline;color:inherit;font-size:1em}
        h4 .note{display:block;font-weight:normal}
        details.environments{margin:0 0 .5rem}details.environments summary{color:var(--kumiki-muted);font-size:.875em;cursor:pointer}
        details.environments summary [lang=ja]{display:inline}details.environments p{margin:.25rem 0;line-height:1.8}
        .note [lang=ja]{display:inline;color:inherit;font-size:1em}
        section.page{border-top:1px solid var(--kumiki-rule);margin-top:2rem}
        .scroll{overflow-x:auto}
        table.rows{border-collapse:collapse;width:100%}
        table.rows th,table.rows td{border:1px solid var(--kumiki-rule);padding:.4rem .6rem;vertical-align:top;text-align:start}
        table.rows td{width:42%}
        td p{margin:.2rem 0}
        del{background:var(--kumiki-dont-bg);color:var(--kumiki-dont);text-decoration:line-through}
        ins{background:var(--kumiki-do-bg);color:var(--kumiki-do);text-decoration:underline}
        .drawings{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
        figure{margin:0}.pair{display:flex;flex-wrap:wrap;gap:1rem}
        figcaption{font-size:.875em;color:var(--kumiki-muted)}
        svg{width:auto;height:auto;max-width:11rem;max-height:18rem;display:block}
        svg .screen{fill:var(--kumiki-bg);stroke:var(--kumiki-muted);stroke-width:2}
        svg .view{fill:var(--kumiki-view);stroke:var(--kumiki-accent);stroke-width:2}
        svg .old{fill:none;stroke:var(--kumiki-dont);stroke-width:3;stroke-dasharray:8 6}
        """
}
