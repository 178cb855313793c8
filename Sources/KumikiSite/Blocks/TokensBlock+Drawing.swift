import KumikiSupport
import KumikiTokens
import KumikiDiagram

/// How a `tokens` block draws its rows: a list, one item per token, each
/// with an anchor, the value drawn by type, and the description in both
/// languages in the page's bilingual row markup.
extension TokensBlock {
    /// Bars of dimensions are drawn to scale up to this many points.
    static let longestBar = 240.0
    /// Colours below these contrast ratios are marked (WCAG 2: 4.5:1 for
    /// body text, 3:1 for large text and for parts of the interface).
    static let bodyTextContrast = MinimumContrast.text
    static let largeTextContrast = MinimumContrast.largeText

    /// Under a translucent `background:` lies the page itself: the default
    /// theme's `--kumiki-bg`, white in light appearance and #121214 in dark
    /// (Kumiki's own colours, not Apple's).
    static let lightPage = RGB(hex: 0xFFFFFF)
    static let darkPage = RGB(hex: 0x121214)

    /// The anchors of a block's rows and where a link to each token goes.
    struct Anchors {
        /// Each row's own anchor, by token name.
        var rows: [String: String] = [:]
        /// The anchor of the first row on the page that shows the token,
        /// in an earlier block or in this one, by token name.
        var first: [String: String] = [:]
    }

    /// The anchor of each row: `token-` and the name as a slug, made unique
    /// on the whole page. The rows of the page's earlier `tokens` blocks
    /// claim theirs first, in page order, so a token shown twice gets
    /// `token-…-2` in the second block however often the page is built,
    /// and a link to it goes to its first row.
    static func anchors(_ rows: [Token], earlier: [[Token]] = []) -> Anchors {
        var registry = Anchor.Registry()
        var anchors = Anchors()
        func claim(_ token: Token) -> String {
            let anchor = registry.claim(slug: "token-" + Anchor.slug(token.name), atMost: 200)
            if anchors.first[token.name] == nil { anchors.first[token.name] = anchor }
            return anchor
        }
        for block in earlier {
            for token in block { _ = claim(token) }
        }
        for token in rows { anchors.rows[token.name] = claim(token) }
        return anchors
    }

    /// - Parameter rootPrefix: From the block's page to the site's root,
    ///   for the links to the layout blocks that use each token.
    func html(_ rows: [Token], remSize: Double, id: String, columns: [Column] = [], earlier: [[Token]] = [],
              usage: TokenUsage = TokenUsage(), rootPrefix: String = "../") -> String {
        let anchors = Self.anchors(rows, earlier: earlier)
        var html = "<figure class=\"bi-span tokens-block\" id=\"\(id)\">\n"
        html += "<figcaption class=\"pair stack\">\(DevicesBlock.pair(caption))</figcaption>\n"
        if rows.isEmpty {
            html += "<p class=\"tokens-empty pair stack\">"
                + DevicesBlock.pair(Bilingual("The group has no tokens.", "このグループにはトークンがありません。")) + "</p>\n"
        } else {
            html += "<ol class=\"tokens-list\">\n"
            for token in rows {
                html += row(token, anchor: anchors.rows[token.name] ?? "", anchors: anchors.first, remSize: remSize, columns: columns,
                            uses: usage.uses[token.name] ?? [], rootPrefix: rootPrefix)
            }
            html += "</ol>\n"
        }
        html += "<p class=\"tokens-note pair stack\">" + DevicesBlock.pair(note) + "</p>\n"
        html += "</figure>\n"
        return html
    }

    var note: Bilingual<String> {
        var sentences = [Bilingual("Generated from the site’s token files.", "サイトのトークンファイルから生成しています。")]
        if let background {
            sentences.append(Bilingual(
                "Each colour’s contrast is the WCAG 2 ratio against \(background.name) (\(Self.hex(background))), the colour composited over it first; "
                    + "below 4.5:1 is too low for body text, below 3:1 too low for large text.",
                "各色のコントラストは、\(background.name)（\(Self.hex(background))）に重ねた色との WCAG 2 のコントラスト比です。"
                    + "4.5:1 未満は本文に、3:1 未満は大きな文字にも足りません。"))
            if case .color(let ground) = background.value, ground.alpha < 1 {
                sentences.append(Bilingual(
                    "\(background.name) is translucent, so it is first composited over the page’s own background: "
                        + "#ffffff in light appearance, #121214 in dark; the ratio shown is the one for the appearance you are reading in.",
                    "\(background.name) は半透明なので、まずページ自体の背景（ライトでは #ffffff、ダークでは #121214）に重ねてから計算しています。"
                        + "表示している比は、いま読んでいる外観のものです。"))
            }
        }
        if !compare.isEmpty {
            let modifiers = compare.joined(separator: ", ")
            sentences.append(Bilingual(
                "Each column is the token resolved in one context of \(modifiers); the other modifiers take their defaults.",
                "各列は \(modifiers) の各コンテキストで解決したトークンです。ほかのモディファイアは既定のコンテキストです。"))
        }
        return .joining(sentences, english: " ", japanese: "")
    }

    // MARK: - One row

    func row(_ token: Token, anchor: String, anchors: [String: String], remSize: Double, columns: [Column] = [],
             uses: [TokenUsage.Use] = [], rootPrefix: String = "../") -> String {
        var html = "<li class=\"tokens-row tokens-\(token.type.rawValue)\(token.deprecation.isDeprecated ? " tokens-is-deprecated" : "")\" id=\"\(anchor)\">\n"
        html += "<div class=\"tokens-head\">\n"
        let drawing = columns.isEmpty ? sample(token, remSize: remSize) : ""
        if !drawing.isEmpty { html += "<div class=\"tokens-sample\">\(drawing)</div>\n" }
        html += "<div class=\"tokens-facts\">\n"
        html += "<p class=\"tokens-name\"><a class=\"tokens-self\" href=\"#\(anchor)\"><code>\(token.name.htmlEscaped)</code></a></p>\n"
        if columns.isEmpty { html += "<p class=\"tokens-value\">\(value(token, remSize: remSize, background: background))</p>\n" }
        if let reference = token.references.first {
            let name = reference.token ?? reference.written
            let target = reference.token.flatMap { anchors[$0] }
            let link = target.map { "<a href=\"#\($0)\"><code>\(name.htmlEscaped)</code></a>" } ?? "<code>\(name.htmlEscaped)</code>"
            html += "<p class=\"tokens-alias\"><span class=\"pair\"><span lang=\"en\">Alias of</span> <span lang=\"ja\">参照先</span></span> \(link)</p>\n"
        }
        if case .deprecated(let reason) = token.deprecation {
            let why = reason.map { ": " + $0 } ?? ""
            let whyJapanese = reason.map { "：" + $0 } ?? ""
            html += "<p class=\"tokens-deprecated pair stack\">"
                + DevicesBlock.pair(Bilingual("Deprecated\(why)", "非推奨\(whyJapanese)")) + "</p>\n"
        }
        html += "</div>\n</div>\n"
        if !columns.isEmpty { html += compared(token.name, columns: columns, remSize: remSize) }
        html += description(token)
        html += usedIn(uses, rootPrefix: rootPrefix)
        html += "</li>\n"
        return html
    }

    /// "Used in: Page › Block, …" and 「使用箇所：ページ › ブロック、…」, each
    /// use a link to the block's figure on its page; nothing for a token no
    /// layout block uses.
    func usedIn(_ uses: [TokenUsage.Use], rootPrefix: String) -> String {
        guard !uses.isEmpty else { return "" }
        func links(_ language: KeyPath<Bilingual<String>, String>) -> [String] {
            uses.map { use in
                let page = use.slug.isEmpty ? "\(rootPrefix)index.html" : SiteContext.href(use.slug, rootPrefix: rootPrefix)
                let text = use.pageTitle[keyPath: language] + " › " + use.blockTitle[keyPath: language]
                return "<a href=\"\((page + "#" + use.anchor).htmlEscaped)\">\(text.htmlEscaped)</a>"
            }
        }
        return "<div class=\"tokens-used pair stack\">\n"
            + "<p lang=\"en\">Used in: " + links(\.english).joined(separator: ", ") + "</p>\n"
            + "<p lang=\"ja\">使用箇所：" + links(\.japanese).joined(separator: "、") + "</p>\n"
            + "</div>\n"
    }

    /// Both descriptions side by side; a missing one is marked untranslated
    /// as the page marks an untranslated row.
    func description(_ token: Token) -> String {
        let english = token.description.flatMap { $0.isEmpty ? nil : $0 }
        let japanese = token.japaneseDescription.flatMap { $0.isEmpty ? nil : $0 }
        guard english != nil || japanese != nil else { return "" }
        let missing = "<p class=\"bi-missing-note\"><span lang=\"en\">Not yet translated</span> / <span lang=\"ja\">未翻訳</span></p>"
        func column(_ text: String?, _ lang: String) -> String {
            guard let text else { return "<div class=\"bi-col bi-missing\" lang=\"\(lang)\">\(missing)</div>\n" }
            return "<div class=\"bi-col\" lang=\"\(lang)\"><p>\(text.htmlEscaped)</p></div>\n"
        }
        let only = english == nil ? " bi-untranslated bi-only-ja" : japanese == nil ? " bi-untranslated bi-only-en" : ""
        return "<div class=\"bi-row tokens-description\(only)\">\n" + column(english, "en") + column(japanese, "ja") + "</div>\n"
    }

    // MARK: - Values

    /// The token as each column resolves it, side by side: the context's
    /// name, the drawing and the value (its contrast against the
    /// background token of the same context); a dash where the context has
    /// no such token.
    func compared(_ name: String, columns: [Column], remSize: Double) -> String {
        var html = "<div class=\"tokens-compare\">\n"
        for column in columns {
            html += "<div class=\"tokens-context\">\n<p class=\"tokens-context-name\"><code>\(column.label.htmlEscaped)</code></p>\n"
            if let token = column.set.token(named: name) {
                let drawing = sample(token, remSize: remSize)
                if !drawing.isEmpty { html += "<div class=\"tokens-sample\">\(drawing)</div>\n" }
                let ground = background.flatMap { column.set.token(named: $0.name) }
                html += "<p class=\"tokens-value\">\(value(token, remSize: remSize, background: ground))</p>\n"
            } else {
                html += "<p class=\"tokens-value tokens-absent pair stack\">"
                    + DevicesBlock.pair(Bilingual("Not in this context", "このコンテキストにはありません")) + "</p>\n"
            }
            html += "</div>\n"
        }
        return html + "</div>\n"
    }

    /// The value in words and figures; a colour's contrast is measured
    /// against `background`.
    func value(_ token: Token, remSize: Double, background: Token?) -> String {
        switch token.value {
        case .color(let color):
            var html = "<code>\(color.hex.htmlEscaped)</code>"
            if color.alpha < 1 {
                html += " <span class=\"pair\"><span lang=\"en\">alpha</span> <span lang=\"ja\">不透明度</span></span> "
                    + DecimalText.format(color.alpha, fractionDigits: 3)
            }
            if let background, case .color(let ground) = background.value {
                html += " " + contrast(color, over: ground)
            }
            return html
        case .dimension(let dimension):
            let points = dimension.points(remSize: remSize)
            var html = "<code>\(dimension.shortText.htmlEscaped)</code>"
            html += " = \(DecimalText.format(points, fractionDigits: 3)) pt"
            if abs(points) > Self.longestBar {
                html += " <span class=\"tokens-capped pair\">" + DevicesBlock.pair(Bilingual(
                    "bar cut at \(DecimalText.format(Self.longestBar, fractionDigits: 0)) pt",
                    "バーは \(DecimalText.format(Self.longestBar, fractionDigits: 0)) pt で打ち切り")) + "</span>"
            }
            return html
        case .typography(let type):
            let size = type.fontSize.points(remSize: remSize)
            return "<code>\(token.value.shortText.htmlEscaped)</code> "
                + "<span class=\"tokens-figures pair stack\">" + DevicesBlock.pair(Bilingual(
                    "size \(DecimalText.format(size, fractionDigits: 3)) pt, weight \(DecimalText.format(type.fontWeight, fractionDigits: 0)), "
                        + "line height \(DecimalText.format(size * type.lineHeight, fractionDigits: 3)) pt",
                    "サイズ \(DecimalText.format(size, fractionDigits: 3)) pt、ウェイト \(DecimalText.format(type.fontWeight, fractionDigits: 0))、"
                        + "行の高さ \(DecimalText.format(size * type.lineHeight, fractionDigits: 3)) pt")) + "</span>"
        default:
            return "<code>\(token.value.shortText.htmlEscaped)</code>"
        }
    }

    /// `4.47:1`, marked when below 4.5:1 and when below 3:1. Over a
    /// translucent ground, one ratio for each appearance of the page, each
    /// shown only in its own.
    func contrast(_ color: ColorValue, over ground: ColorValue) -> String {
        guard ground.alpha < 1 else { return contrast(ratio: Self.contrastRatio(color, over: ground)) }
        return "<span class=\"tokens-on-light\">" + contrast(ratio: Self.contrastRatio(color, over: ground, page: Self.lightPage)) + "</span>"
            + "<span class=\"tokens-on-dark\">" + contrast(ratio: Self.contrastRatio(color, over: ground, page: Self.darkPage)) + "</span>"
    }

    func contrast(ratio: Double) -> String {
        let text = MaterialsBlock.ratio(ratio)
        if ratio < Self.largeTextContrast {
            return "<span class=\"tokens-contrast tokens-contrast-fail\">\(text) "
                + "<span class=\"pair\">\(DevicesBlock.pair(Bilingual("below 3:1", "3:1 未満")))</span></span>"
        }
        if ratio < Self.bodyTextContrast {
            return "<span class=\"tokens-contrast tokens-contrast-low\">\(text) "
                + "<span class=\"pair\">\(DevicesBlock.pair(Bilingual("below 4.5:1: large text only", "4.5:1 未満：大きな文字のみ")))</span></span>"
        }
        return "<span class=\"tokens-contrast\">\(text)</span>"
    }

    /// The WCAG 2 contrast of `color` painted at its alpha over `ground`,
    /// itself painted at its alpha over `page` (a translucent ground lets
    /// the page show through), from the hex forms the page shows.
    static func contrastRatio(_ color: ColorValue, over ground: ColorValue, page: RGB = lightPage) -> Double {
        let background = rgb(ground).over(page, opacity: ground.alpha)
        return RGB.contrastRatio(rgb(color).over(background, opacity: color.alpha), background)
    }

    /// The colour of `#rrggbb` (or `#rgb`), or its sRGB components when the
    /// hex cannot be read.
    static func rgb(_ color: ColorValue) -> RGB {
        var digits = String(color.hex.drop { $0 == "#" })
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 6, let value = Int(digits, radix: 16) { return RGB(hex: value) }
        let srgb = color.srgb
        return RGB(red: srgb.red, green: srgb.green, blue: srgb.blue)
    }

    static func hex(_ token: Token) -> String {
        if case .color(let color) = token.value { color.hex } else { token.value.shortText }
    }

    // MARK: - Samples

    /// The drawing beside the value: a swatch, a bar, a type sample; none
    /// for other types.
    func sample(_ token: Token, remSize: Double) -> String {
        switch token.value {
        case .color(let color):
            var svg = "<svg class=\"tokens-swatch\" width=\"40\" height=\"40\" viewBox=\"0 0 40 40\" aria-hidden=\"true\">"
            if color.alpha < 1 {
                // Half white, half black under a translucent colour shows its alpha.
                svg += "<rect width=\"40\" height=\"40\" rx=\"8\" fill=\"#ffffff\"/><path d=\"M40 0V32a8 8 0 0 1-8 8H0Z\" fill=\"#000000\"/>"
            }
            svg += "<rect class=\"tokens-swatch-fill\" x=\"0.5\" y=\"0.5\" width=\"39\" height=\"39\" rx=\"7.5\" fill=\"\(color.hex.htmlEscaped)\""
                + (color.alpha < 1 ? " fill-opacity=\"\(color.alpha.svg)\"" : "") + "/></svg>"
            return svg
        case .dimension(let dimension):
            let length = min(abs(dimension.points(remSize: remSize)), Self.longestBar)
            let width = max(length, 1)
            return "<svg class=\"tokens-bar\" width=\"\(width.svg)\" height=\"12\" viewBox=\"0 0 \(width.svg) 12\" aria-hidden=\"true\">"
                + "<rect y=\"2\" width=\"\(length.svg)\" height=\"8\" rx=\"2\"/></svg>"
        case .typography(let type):
            // A sample is never taller than the longest bar is long.
            let size = min(abs(type.fontSize.points(remSize: remSize)), Self.longestBar)
            let line = min(max(size * type.lineHeight, size), Self.longestBar * 2)
            let width = min(max(size * 5.5, 40), Self.longestBar * 2)
            let baseline = (line - size) / 2 + size * 0.8
            var attributes = "font-size=\"\(size.svg)\" font-weight=\"\(type.fontWeight.svg)\""
            if !type.fontFamily.isEmpty {
                attributes += " font-family=\"\(type.fontFamily.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: ", ").htmlEscaped)\""
            }
            let spacing = type.letterSpacing.points(remSize: remSize)
            if spacing != 0 { attributes += " letter-spacing=\"\(spacing.svg)\"" }
            return "<svg class=\"tokens-type\" width=\"\(width.svg)\" height=\"\(line.svg)\" viewBox=\"0 0 \(width.svg) \(line.svg)\" role=\"img\" aria-label=\"Aa あア亜\">"
                + "<rect class=\"tokens-line\" width=\"\(width.svg)\" height=\"\(line.svg)\"/>"
                + "<text x=\"0\" y=\"\(baseline.svg)\" \(attributes)>Aa あア亜</text></svg>"
        default:
            return ""
        }
    }
}
