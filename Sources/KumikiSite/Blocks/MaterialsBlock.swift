import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiDiagram
import KumikiMarkdown

/// A `materials` block: swatches of the four material thicknesses over a
/// colourful backdrop, in light and dark, with labels, fills and a
/// separator at each vibrancy level, drawn by Kumiki as inline SVG; and a
/// table of the contrast each level has over each material, computed from
/// the same model (``MaterialModel``), with low contrast marked.
///
/// ````markdown
/// ```materials
/// show: labels, fills         # labels | fills | separators | all (default)
/// appearance: both            # light | dark | both (default)
/// title: Materials | マテリアル  # optional caption
/// ```
/// ````
struct MaterialsBlock: Hashable, Sendable {
    static let keys = ["show", "appearance", "title"]
    static let groupWords = ["labels", "fills", "separators", "all"]
    static let appearanceWords = ["light", "dark", "both"]

    var groups: [MaterialModel.Group] = MaterialModel.Group.allCases
    var appearances: [MaterialModel.Appearance] = MaterialModel.Appearance.allCases
    var title: Bilingual<String>?

    static let handler = FencedBlockHandler(name: "materials") { block in
        let (settings, diagnostics) = parse(block)
        return FencedBlockOutput(html: settings.html(id: block.elementID(prefix: "materials")), diagnostics: diagnostics)
    }

    // MARK: - Options

    static func parse(_ block: FencedBlock) -> (MaterialsBlock, [Diagnostic]) {
        var settings = MaterialsBlock()
        let (options, problems) = BlockOptions.parse(block, keys: keys)
        var diagnostics = problems
        if let entry = options["show"] {
            var groups: Set<MaterialModel.Group> = []
            for item in entry.items {
                let word = ["label", "fill", "separator"].contains(item.word) ? item.word + "s" : item.word
                if word == "all" {
                    groups.formUnion(MaterialModel.Group.allCases)
                } else if let group = MaterialModel.Group(rawValue: word) {
                    groups.insert(group)
                } else {
                    diagnostics.append(unknownValue("kind of sample", item, choices: groupWords))
                }
            }
            if entry.items.isEmpty {
                diagnostics.append(.error("'show' needs 'labels', 'fills', 'separators' or 'all'", at: entry.keyLocation))
            }
            if !groups.isEmpty { settings.groups = MaterialModel.Group.allCases.filter(groups.contains) }
        }
        if let entry = options["appearance"] {
            if entry.items.count != 1 {
                diagnostics.append(.error("'appearance' takes one of 'light', 'dark' or 'both'", at: entry.value.location))
            } else if let item = entry.items.first {
                switch item.word {
                case "light": settings.appearances = [.light]
                case "dark": settings.appearances = [.dark]
                case "both", "all": settings.appearances = [.light, .dark]
                default: diagnostics.append(unknownValue("appearance", item, choices: appearanceWords))
                }
            }
        }
        if let entry = options["title"] {
            if entry.value.text.isEmpty {
                diagnostics.append(.error("'title' needs a text: 'English | 日本語'", at: entry.keyLocation))
            } else {
                settings.title = entry.value.bilingual
            }
        }
        return (settings, diagnostics)
    }

    var vibrancies: [MaterialModel.Vibrancy] {
        MaterialModel.Vibrancy.allCases.filter { groups.contains($0.group) }
    }

    // MARK: - Geometry

    static let width = 240.0
    static let inset = 14.0
    static let padding = 12.0
    static let rowHeight: [MaterialModel.Group: Double] = [.labels: 26, .fills: 28, .separators: 32]
    static let groupGap = 8.0

    /// The swatch's height for the groups shown.
    var height: Double {
        let rows = vibrancies.reduce(0.0) { $0 + (Self.rowHeight[$1.group] ?? 0) }
        let gaps = Double(max(0, groups.count - 1)) * Self.groupGap
        return 2 * Self.inset + 2 * Self.padding + rows + gaps
    }

    var card: Rect {
        Rect(x: Self.inset, y: Self.inset, width: Self.width - 2 * Self.inset, height: height - 2 * Self.inset)
    }

    /// Every sample of one appearance, by thickness, from the model.
    func samples(_ appearance: MaterialModel.Appearance) -> [MaterialModel.Thickness: (background: RGB, samples: [MaterialModel.Sample])] {
        let backdrop = MaterialBackdrop(appearance, height: height).averageColor(in: card)
        var result: [MaterialModel.Thickness: (RGB, [MaterialModel.Sample])] = [:]
        for thickness in MaterialModel.Thickness.allCases {
            let background = MaterialModel.averageBackground(MaterialModel.material(thickness, appearance), backdrop: backdrop)
            result[thickness] = (background, vibrancies.map { MaterialModel.sample($0, on: background, appearance) })
        }
        return result
    }

    // MARK: - HTML

    func html(id: String) -> String {
        let caption = title ?? Bilingual("Materials over a colourful backdrop", "鮮やかな背景に重ねたマテリアル")
        let computed = Dictionary(uniqueKeysWithValues: appearances.map { ($0, samples($0)) })
        var html = "<figure class=\"bi-span materials-block\" id=\"\(id)\">\n"
        html += "<figcaption class=\"pair stack\">\(DevicesBlock.pair(caption))</figcaption>\n"
        for appearance in appearances {
            let name = appearance.name
            html += "<section class=\"materials-appearance materials-\(appearance.rawValue)\" aria-labelledby=\"\(id)-\(appearance.rawValue)\">\n"
            html += "<p class=\"materials-appearance-title pair\" id=\"\(id)-\(appearance.rawValue)\">\(DevicesBlock.pair(name))</p>\n"
            html += "<ul class=\"materials-grid\">\n"
            for thickness in MaterialModel.Thickness.allCases {
                let samples = computed[appearance]?[thickness]?.samples ?? []
                html += "<li><figure class=\"materials-swatch\">\n"
                html += swatch(thickness, appearance, samples: samples, id: Self.swatchID(block: id, appearance, thickness))
                html += "<figcaption class=\"pair stack\">\(DevicesBlock.pair(thickness.name))</figcaption>\n"
                html += "</figure></li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        html += table(computed, id: id)
        html += findings(computed)
        html += "<p class=\"materials-note pair stack\">" + DevicesBlock.pair(Bilingual(
            "Drawn by Kumiki from its own model of the materials: the tints, opacities and blur radii are an approximation for illustration, not Apple’s values. "
                + "Each ratio is the WCAG contrast of the level’s colour against the material’s average colour over this backdrop; "
                + "labels below 3:1 (the minimum for large text; body text needs 4.5:1) are marked. Fills and separators are not text: their ratios are for reference.",
            "マテリアルの見本は Kumiki が独自のモデルで描いたものです。色味・不透明度・ぼかしの半径はイメージを示すための近似値で、Apple の値ではありません。"
                + "比率は、各レベルの色とこの背景の上でのマテリアルの平均色との WCAG コントラスト比です。"
                + "3:1（大きな文字の最低基準。本文は 4.5:1 が必要）を下回るラベルに印を付けています。塗りと区切り線は文字ではないため、比率は参考値です。"))
            + "</p>\n"
        html += "</figure>\n"
        return html
    }

    /// One swatch: the backdrop, the material card (the backdrop blurred and
    /// clipped to the card, under the tint) and the samples on it.
    func swatch(_ thickness: MaterialModel.Thickness, _ appearance: MaterialModel.Appearance,
                samples: [MaterialModel.Sample], id: String) -> String {
        let material = MaterialModel.material(thickness, appearance)
        let backdrop = MaterialBackdrop(appearance, height: height)
        let card = self.card
        let margin = 60.0
        let name = "\(thickness.name.english) material, \(appearance.rawValue) appearance"
        var description = "A colourful backdrop seen through a card of \(thickness.name.english.lowercased()) material "
            + "(tint \(material.tint.hex) at \(Int(saturating: (material.opacity * 100).rounded())) % opacity, blur \(material.blur.svg)). "
        description += samples.map { sample in
            "\(sample.vibrancy.name.english) \(Self.ratio(sample.contrast))\(sample.isLowContrast ? " (low contrast)" : "")"
        }.joined(separator: "; ") + "."

        var svg = "<svg class=\"material-swatch\" viewBox=\"0 0 \(Self.width.svg) \(height.svg)\" "
            + "width=\"\(Self.width.svg)\" height=\"\(height.svg)\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\">\n"
        svg += "<title id=\"\(id)-t\">\(name.htmlEscaped)</title>\n<desc id=\"\(id)-d\">\(description.htmlEscaped)</desc>\n"
        svg += "<defs><g id=\"\(id)-b\">\(backdrop.svg(width: Self.width, height: height, margin: margin))</g>\n"
        svg += "<filter id=\"\(id)-f\" filterUnits=\"userSpaceOnUse\" x=\"\((-margin).svg)\" y=\"\((-margin).svg)\" "
            + "width=\"\((Self.width + 2 * margin).svg)\" height=\"\((height + 2 * margin).svg)\" color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur stdDeviation=\"\(material.blur.svg)\"/></filter>\n"
        let cardRect = "x=\"\(card.x.svg)\" y=\"\(card.y.svg)\" width=\"\(card.width.svg)\" height=\"\(card.height.svg)\" rx=\"16\""
        svg += "<clipPath id=\"\(id)-c\"><rect \(cardRect)/></clipPath></defs>\n"
        svg += "<use href=\"#\(id)-b\"/>\n"
        svg += "<g clip-path=\"url(#\(id)-c)\"><use href=\"#\(id)-b\" filter=\"url(#\(id)-f)\"/>"
            + "<rect \(cardRect) fill=\"\(material.tint.hex)\" fill-opacity=\"\(material.opacity.svg)\"/></g>\n"
        svg += "<rect \(cardRect) fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.4\"/>\n"

        let left = card.x + Self.padding
        let right = card.maxX - Self.padding
        let primary = MaterialModel.ink(.primaryLabel, appearance)
        let secondary = MaterialModel.ink(.secondaryLabel, appearance)
        var y = card.y + Self.padding
        var previous: MaterialModel.Group?
        for sample in samples {
            let vibrancy = sample.vibrancy
            if let previous, previous != vibrancy.group { y += Self.groupGap }
            previous = vibrancy.group
            let ink = MaterialModel.ink(vibrancy, appearance)
            let paint = "fill=\"\(ink.color.hex)\" fill-opacity=\"\(ink.opacity.svg)\""
            switch vibrancy.group {
            case .labels:
                svg += "<text x=\"\(left.svg)\" y=\"\((y + 18).svg)\" class=\"ms-label\" \(paint)>\(vibrancy.level.english)"
                    + "<tspan class=\"ms-ja\" dx=\"6\">\(vibrancy.level.japanese)</tspan></text>"
                if sample.isLowContrast {
                    let cx = right - 8, cy = y + 13
                    svg += "<g class=\"ms-low\"><circle cx=\"\(cx.svg)\" cy=\"\(cy.svg)\" r=\"8\"/>"
                        + "<text x=\"\(cx.svg)\" y=\"\((cy + 4).svg)\">!</text></g>"
                }
                svg += "\n"
            case .fills:
                svg += "<rect x=\"\(left.svg)\" y=\"\((y + 3).svg)\" width=\"\((right - left).svg)\" height=\"22\" rx=\"6\" \(paint)/>"
                svg += "<text x=\"\((left + 8).svg)\" y=\"\((y + 18).svg)\" class=\"ms-small\" fill=\"\(primary.color.hex)\" fill-opacity=\"\(primary.opacity.svg)\">"
                    + "\(vibrancy.name.english)<tspan class=\"ms-ja\" dx=\"5\">\(vibrancy.name.japanese)</tspan></text>\n"
            case .separators:
                svg += "<text x=\"\(left.svg)\" y=\"\((y + 14).svg)\" class=\"ms-small\" fill=\"\(secondary.color.hex)\" fill-opacity=\"\(secondary.opacity.svg)\">"
                    + "Separator<tspan class=\"ms-ja\" dx=\"5\">区切り線</tspan></text>"
                svg += "<line x1=\"\(left.svg)\" y1=\"\((y + 23.5).svg)\" x2=\"\(right.svg)\" y2=\"\((y + 23.5).svg)\" "
                    + "stroke=\"\(ink.color.hex)\" stroke-opacity=\"\(ink.opacity.svg)\"/>\n"
            }
            y += Self.rowHeight[vibrancy.group] ?? 0
        }
        svg += "</svg>\n"
        return svg
    }

    /// A short id prefix for one swatch's definitions (`materials-1-l3`:
    /// light, the third thickness), unique on the page.
    static func swatchID(block: String, _ appearance: MaterialModel.Appearance, _ thickness: MaterialModel.Thickness) -> String {
        let number = (MaterialModel.Thickness.allCases.firstIndex(of: thickness) ?? 0) + 1
        return "\(block)-\(appearance.rawValue.prefix(1))\(number)"
    }

    /// The contrast of every level over every material: the data behind the
    /// marks on the swatches, and their text alternative.
    func table(_ computed: [MaterialModel.Appearance: [MaterialModel.Thickness: (background: RGB, samples: [MaterialModel.Sample])]], id: String) -> String {
        let thicknesses = MaterialModel.Thickness.allCases
        var html = "<div class=\"table-scroll\" role=\"region\" aria-labelledby=\"\(id)-caption\" tabindex=\"0\">\n"
        html += "<table class=\"materials-table\">\n"
        html += "<caption id=\"\(id)-caption\" class=\"pair stack\">"
            + DevicesBlock.pair(Bilingual("Contrast of each vibrancy level over each material", "各マテリアル上での各バイブランシーレベルのコントラスト"))
            + "</caption>\n"
        html += "<colgroup><col></colgroup>" + String(repeating: "<colgroup span=\"\(thicknesses.count)\"></colgroup>", count: appearances.count) + "\n"
        html += "<thead>\n<tr><th scope=\"col\" rowspan=\"2\" class=\"pair stack\">\(DevicesBlock.pair(Bilingual("Level", "レベル")))</th>"
        for appearance in appearances {
            html += "<th scope=\"colgroup\" colspan=\"\(thicknesses.count)\" class=\"pair stack\">\(DevicesBlock.pair(appearance.name))</th>"
        }
        html += "</tr>\n<tr>"
        for _ in appearances {
            for thickness in thicknesses {
                html += "<th scope=\"col\" class=\"pair stack\">\(DevicesBlock.pair(thickness.name))</th>"
            }
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        html += "<tr class=\"materials-average\"><th scope=\"row\" class=\"pair stack\">\(DevicesBlock.pair(Bilingual("Average background", "平均の背景色")))</th>"
        for appearance in appearances {
            for thickness in thicknesses {
                let background = computed[appearance]?[thickness]?.background ?? .white
                html += "<td><svg class=\"color-chip\" width=\"14\" height=\"14\" viewBox=\"0 0 14 14\" aria-hidden=\"true\">"
                    + "<rect width=\"14\" height=\"14\" rx=\"3\" fill=\"\(background.hex)\"/></svg> <code>\(background.hex)</code></td>"
            }
        }
        html += "</tr>\n"
        for (row, vibrancy) in vibrancies.enumerated() {
            html += "<tr><th scope=\"row\" class=\"pair stack\">\(DevicesBlock.pair(vibrancy.name))</th>"
            for appearance in appearances {
                for thickness in thicknesses {
                    guard let samples = computed[appearance]?[thickness]?.samples, row < samples.count else {
                        html += "<td></td>"
                        continue
                    }
                    let sample = samples[row]
                    if sample.isLowContrast {
                        html += "<td class=\"num contrast-low-cell\">\(Self.ratio(sample.contrast)) "
                            + "<span class=\"contrast-low pair stack\">\(DevicesBlock.pair(Bilingual("low contrast", "コントラスト不足")))</span></td>"
                    } else {
                        html += "<td class=\"num\">\(Self.ratio(sample.contrast))</td>"
                    }
                }
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</div>\n"
        return html
    }

    /// The combinations that lack contrast, as sentences a page can quote.
    func findings(_ computed: [MaterialModel.Appearance: [MaterialModel.Thickness: (background: RGB, samples: [MaterialModel.Sample])]]) -> String {
        var items: [String] = []
        for vibrancy in vibrancies where vibrancy.group == .labels {
            var en: [String] = [], ja: [String] = []
            for appearance in appearances {
                let low = MaterialModel.Thickness.allCases.filter { thickness in
                    computed[appearance]?[thickness]?.samples.first { $0.vibrancy == vibrancy }?.isLowContrast ?? false
                }
                guard !low.isEmpty else { continue }
                let every = low.count == MaterialModel.Thickness.allCases.count
                en.append("\(every ? "every material" : low.map { $0.name.english.lowercased() }.joined(separator: ", ")) in \(appearance.rawValue)")
                ja.append("\(appearance.name.japanese)の\(every ? "すべてのマテリアル" : low.map(\.name.japanese).joined(separator: "・"))")
            }
            guard !en.isEmpty else { continue }
            items.append("<li class=\"pair stack\">" + DevicesBlock.pair(Bilingual(
                "\(vibrancy.name.english): below 3:1 on \(en.joined(separator: "; "))",
                "\(vibrancy.name.japanese)：\(ja.joined(separator: "、"))で 3:1 未満")) + "</li>")
        }
        guard !items.isEmpty else { return "" }
        return "<ul class=\"materials-findings\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }

    /// `4.52:1`: two decimals, truncated, so a ratio shown as 3.00:1 is never
    /// below 3.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int(saturating: value * 100)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }
}
