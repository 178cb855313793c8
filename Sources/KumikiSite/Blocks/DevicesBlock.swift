import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// A `devices` block: the site's device catalog as a bilingual table,
/// generated at build time, so the page never disagrees with the devices
/// the layout blocks are solved on.
///
/// ````markdown
/// ```devices
/// columns: size, size-classes, splits   # size, scale, safe-area, size-classes, splits, models; or all
/// family: all                            # phones | pads | all
/// title: Size classes | サイズクラス       # optional caption
/// ```
/// ````
///
/// Without options the table shows every device's size and its size
/// classes in portrait and landscape.
struct DevicesBlock: Hashable, Sendable {
    enum Column: String, CaseIterable, Sendable {
        case models
        case size
        case scale
        case safeArea = "safe-area"
        case sizeClasses = "size-classes"
        case splits

        /// Shown once per orientation, under a shared heading.
        var isPerOrientation: Bool {
            switch self {
            case .safeArea, .sizeClasses, .splits: true
            case .models, .size, .scale: false
            }
        }

        /// Other spellings an author may reach for.
        static let aliases: [String: Column] = [
            "model": .models, "sizes": .size, "scales": .scale, "safe-areas": .safeArea, "insets": .safeArea,
            "size-class": .sizeClasses, "sizeclasses": .sizeClasses, "split": .splits, "multitasking": .splits,
        ]

        var heading: Bilingual<String> {
            switch self {
            case .models: Bilingual("Models", "機種")
            case .size: Bilingual("Size (pt)", "サイズ（pt）")
            case .scale: Bilingual("Scale", "倍率")
            case .safeArea: Bilingual("Safe-area insets (pt)", "セーフエリアのインセット（pt）")
            case .sizeClasses: Bilingual("Size classes", "サイズクラス")
            case .splits: Bilingual("Split View and Slide Over", "Split View と Slide Over")
            }
        }
    }

    enum Family: String, CaseIterable, Sendable {
        case phones, pads, all

        var families: [DeviceFamily] {
            switch self {
            case .phones: [.phone]
            case .pads: [.pad]
            case .all: [.phone, .pad]
            }
        }
    }

    static let keys = ["columns", "family", "title"]
    static let defaultColumns: [Column] = [.size, .sizeClasses]

    var columns: [Column] = DevicesBlock.defaultColumns
    var family: Family = .all
    var title: Bilingual<String>?

    /// The handler that draws `devices` blocks from `catalog`.
    static func handler(catalog: DeviceCatalog) -> FencedBlockHandler {
        FencedBlockHandler(name: "devices") { block in
            let (settings, diagnostics) = parse(block)
            return PreparedBlock(searchText: settings.searchText(catalog: catalog)) { _ in
                FencedBlockOutput(html: settings.html(catalog: catalog, id: block.elementID(prefix: "devices")), diagnostics: diagnostics)
            }
        }
    }

    /// The caption and the device names, as the table shows them.
    func searchText(catalog: DeviceCatalog) -> Bilingual<String> {
        let listed = family.families.flatMap { catalog.devices(of: $0) }
        let devices = listed.map(\.name).joined(separator: ", ")
        let caption = title ?? Self.defaultCaption(family: family, count: listed.count)
        return Bilingual("\(caption.english): \(devices)", "\(caption.japanese): \(devices)")
    }

    /// The block's settings; what cannot be read is reported and left at
    /// its default, so the table is still drawn.
    static func parse(_ block: FencedBlock) -> (DevicesBlock, [Diagnostic]) {
        var settings = DevicesBlock()
        let (options, problems) = BlockOptions.parse(block, keys: keys)
        var diagnostics = problems
        if let entry = options["columns"] {
            var columns: [Column] = []
            for item in entry.items {
                if item.word == "all" {
                    columns.append(contentsOf: Column.allCases.filter { !columns.contains($0) })
                } else if let column = Column(rawValue: item.word) ?? Column.aliases[item.word] {
                    if columns.contains(column) {
                        diagnostics.append(.warning("the column '\(column.rawValue)' is listed twice", at: item.location))
                    } else {
                        columns.append(column)
                    }
                } else {
                    diagnostics.append(unknownValue("column", item, choices: Column.allCases.map(\.rawValue) + ["all"]))
                }
            }
            if entry.items.isEmpty {
                diagnostics.append(.error(
                    "'columns' needs at least one of \(Column.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))",
                    at: entry.keyLocation))
            }
            if !columns.isEmpty { settings.columns = columns }
        }
        if let entry = options["family"] {
            if entry.items.count != 1 {
                diagnostics.append(.error("'family' takes one of 'phones', 'pads' or 'all'", at: entry.value.location))
            } else if let item = entry.items.first {
                let word = item.word == "phone" || item.word == "iphone" || item.word == "iphones" ? "phones"
                    : item.word == "pad" || item.word == "ipad" || item.word == "ipads" ? "pads" : item.word
                if let family = Family(rawValue: word) {
                    settings.family = family
                } else {
                    diagnostics.append(unknownValue("family", item, choices: Family.allCases.map(\.rawValue)))
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
        if settings.family == .phones, settings.columns.contains(.splits), let entry = options["columns"],
           let item = entry.items.first(where: { $0.word == "splits" }) {
            diagnostics.append(.warning("iPhones have no Split View or Slide Over; the 'splits' column stays empty with 'family: phones'", at: item.location))
        }
        return (settings, diagnostics)
    }

    // MARK: - HTML

    /// The table, in a wrapper that scrolls sideways on narrow screens
    /// instead of widening the page.
    func html(catalog: DeviceCatalog, id: String) -> String {
        let groups = family.families.map { family in (family, catalog.devices(of: family)) }.filter { !$0.1.isEmpty }
        let count = groups.reduce(0) { $0 + $1.1.count }
        let caption = title ?? Self.defaultCaption(family: family, count: count)
        let hasGroups = columns.contains(where: \.isPerOrientation)
        let width = 1 + columns.reduce(0) { $0 + ($1.isPerOrientation ? 2 : 1) }

        var html = "<div class=\"bi-span devices-block\" id=\"\(id)\">\n"
        html += "<div class=\"table-scroll\" role=\"region\" aria-labelledby=\"\(id)-caption\" tabindex=\"0\">\n"
        html += "<table class=\"devices-table\">\n"
        html += "<caption id=\"\(id)-caption\" class=\"pair stack\">\(Self.pair(caption))</caption>\n"
        html += "<colgroup><col class=\"devices-name-col\"></colgroup>"
        for column in columns {
            html += column.isPerOrientation ? "<colgroup span=\"2\"></colgroup>" : "<colgroup><col></colgroup>"
        }
        html += "\n<thead>\n<tr>"
        let rowspan = hasGroups ? " rowspan=\"2\"" : ""
        html += "<th scope=\"col\"\(rowspan) class=\"pair stack\">\(Self.pair(Bilingual("Device", "デバイス")))</th>"
        for column in columns {
            let heading = column.heading
            if column.isPerOrientation {
                html += "<th scope=\"colgroup\" colspan=\"2\" class=\"pair stack\">\(Self.pair(heading))</th>"
            } else {
                html += "<th scope=\"col\"\(rowspan) class=\"pair stack\">\(Self.pair(heading))</th>"
            }
        }
        html += "</tr>\n"
        if hasGroups {
            html += "<tr>"
            for column in columns where column.isPerOrientation {
                html += "<th scope=\"col\" class=\"pair stack\">\(Self.pair(Bilingual("Portrait", "縦向き")))</th>"
                html += "<th scope=\"col\" class=\"pair stack\">\(Self.pair(Bilingual("Landscape", "横向き")))</th>"
            }
            html += "</tr>\n"
        }
        html += "</thead>\n"
        for (family, devices) in groups {
            html += "<tbody>\n"
            if groups.count > 1 {
                html += "<tr class=\"devices-family\"><th scope=\"rowgroup\" colspan=\"\(width)\">\(family == .phone ? "iPhone" : "iPad")</th></tr>\n"
            }
            for device in devices {
                html += "<tr><th scope=\"row\">\(device.name.htmlEscaped)</th>"
                for column in columns { html += cells(column, device) }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n</div>\n"
        let note = self.note
        html += "<p class=\"devices-note pair stack\">\(Self.pair(note))</p>\n"
        html += "</div>\n"
        return html
    }

    private func cells(_ column: Column, _ device: Device) -> String {
        switch column {
        case .models:
            return "<td class=\"devices-models\">\(device.models.joined(separator: ", ").htmlEscaped)</td>"
        case .size:
            return "<td class=\"num\">\(formatPoints(device.width)) × \(formatPoints(device.height))</td>"
        case .scale:
            let pixels = "\(formatPoints(device.width * device.scale)) × \(formatPoints(device.height * device.scale)) px"
            return "<td class=\"num\">@\(formatPoints(device.scale))x <span class=\"devices-pixels\">\(pixels)</span></td>"
        case .safeArea:
            return "<td class=\"num\">\(Self.insets(device.portrait.safeAreaInsets))</td>"
                + "<td class=\"num\">\(Self.insets(device.landscape.safeAreaInsets))</td>"
        case .sizeClasses:
            return "<td>\(Self.sizeClasses(device.portrait.sizeClasses))</td><td>\(Self.sizeClasses(device.landscape.sizeClasses))</td>"
        case .splits:
            return "<td>\(Self.splits(device, landscape: false))</td><td>\(Self.splits(device, landscape: true))</td>"
        }
    }

    /// `44 / 0 / 34 / 0`: top, left, bottom, right.
    static func insets(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map(formatPoints).joined(separator: " / ")
    }

    static func sizeClasses(_ classes: SizeClasses) -> String {
        "\(sizeClass(classes.horizontal)) / \(sizeClass(classes.vertical))"
    }

    static func sizeClass(_ sizeClass: SizeClass) -> String {
        "<span class=\"sc sc-\(sizeClass.rawValue)\">\(sizeClass.rawValue)</span>"
    }

    /// The device's Split View and Slide Over windows in one orientation:
    /// the share, the width and the width class.
    static func splits(_ device: Device, landscape: Bool) -> String {
        let windows = device.multitasking.filter { $0.isLandscape == landscape && $0.split != .full }.sorted { $0.split < $1.split }
        guard !windows.isEmpty else {
            return "<span class=\"devices-none pair\">\(pair(Bilingual("none", "なし")))</span>"
        }
        var html = "<ul class=\"devices-splits\">"
        for window in windows {
            let name = window.split == .slideOver ? "Slide Over" : window.split.shortName
            html += "<li><span class=\"split-name\">\(name)</span> \(formatPoints(window.width)) pt \(sizeClass(window.sizeClasses.horizontal))</li>"
        }
        return html + "</ul>"
    }

    static func defaultCaption(family: Family, count: Int) -> Bilingual<String> {
        switch family {
        case .phones: Bilingual("The \(count) iPhone classes in the device catalog", "デバイスカタログの iPhone（\(count) 種類）")
        case .pads: Bilingual("The \(count) iPad classes in the device catalog", "デバイスカタログの iPad（\(count) 種類）")
        case .all: Bilingual("The \(count) iPhone and iPad classes in the device catalog", "デバイスカタログの iPhone と iPad（\(count) 種類）")
        }
    }

    /// What the numbers mean, for the columns shown.
    var note: Bilingual<String> {
        var sentences = [Bilingual("Generated from Kumiki’s device catalog.", "Kumiki のデバイスカタログから生成しています。")]
        let explained: [(shown: Bool, sentence: Bilingual<String>)] = [
            (columns.contains(.size), Bilingual("Sizes are in points, in portrait.", "サイズは縦向きのポイント値です。")),
            (columns.contains(.safeArea), Bilingual(
                "Safe-area insets are top / left / bottom / right, full screen, with the status bar shown.",
                "セーフエリアのインセットは上 / 左 / 下 / 右の順で、フルスクリーンかつステータスバー表示時の値です。")),
            (columns.contains(.sizeClasses), Bilingual("Size classes are width / height.", "サイズクラスは幅 / 高さの順です。")),
            (columns.contains(.splits), Bilingual(
                "Split View lists the app’s share of the screen, its width and its width class; the height class stays regular.",
                "Split View の欄は、画面に占める割合、幅、幅のサイズクラスです。高さのサイズクラスは regular のままです。")),
            (columns.contains(where: \.isPerOrientation), Bilingual(
                "Landscape is landscape right; landscape left mirrors it.",
                "横向きは landscape right の値で、landscape left は左右が反転します。")),
        ]
        sentences += explained.filter(\.shown).map(\.sentence)
        return .joining(sentences, english: " ", japanese: "")
    }

    /// Both languages side by side, the toggle showing one.
    static func pair(_ text: Bilingual<String>) -> String {
        "<span lang=\"en\">\(text.english.htmlEscaped)</span> <span lang=\"ja\">\(text.japanese.htmlEscaped)</span>"
    }
}
