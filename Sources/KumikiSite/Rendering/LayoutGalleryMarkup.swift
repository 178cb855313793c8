import KumikiSupport
import KumikiDiagram
import KumikiLayout
import KumikiLayoutLanguage
import KumikiMarkdown

/// The gallery and the findings list of a solved layout block.
///
/// Markup (kumiki.css styles it, kumiki.js runs the filters):
///
/// ```html
/// <div class="k-filters" role="group" aria-label="…" hidden>
///   <button type="button" data-filter="phone" aria-pressed="true">…</button>…</div>
/// <ul class="layout-gallery">
///   <li data-i="0" data-family="phone" data-orientation="portrait"><figure><svg …>…</svg>
///     <figcaption>…</figcaption></figure></li>…</ul>
/// <template data-group="phone-landscape"><li …>…</li>…</template>…
/// ```
///
/// The diagrams are inline SVG, so the page's style sheet and language
/// toggle reach them and the page works from file://. Each device frame
/// is drawn once per page, in a hidden `<svg>` after the body, and each
/// diagram refers to its frame with `<use>`. Only the default set is in
/// the list: the group the gallery opens on (`DiagramGallery.openingGroup`:
/// the `show:` line's, a `layout dont` block's first group with a finding,
/// or the first group, phones in portrait usually), with the filters
/// pressed to show it. The other diagrams wait in `<template>` elements,
/// inert until kumiki.js moves them
/// into the list when the figure nears the viewport or a filter asks for
/// them. Without JavaScript the default set shows and the filters stay
/// hidden. Identical diagrams in a block are written once: a repeat entry
/// is left out.
extension LayoutFigure {
    /// One gallery entry: where it goes and what the filters know of it.
    /// Its diagram is kept apart, by `solution`: an entry is copied into
    /// the groups and the filters, and a diagram copied holds the
    /// solution's and the program's storage, each copy counted.
    struct Item {
        /// The position in the gallery (groups in order), which kumiki.js
        /// restores after moving deferred entries in.
        var index: Int
        /// The environment's place in the block's solution.
        var solution: Int
        var family: String
        var orientation: String
        /// `split` or `text-size` for the environments those filters add.
        var extra: String?

        init(index: Int, solution: Int, environment: Environment) {
            self.index = index
            self.solution = solution
            family = environment.device.family == .pad ? "pad" : "phone"
            orientation = environment.orientation == .portrait ? "portrait" : "landscape"
            extra = switch DiagramGallery.group(of: environment) {
            case .splits: "split"
            case .textSizes: "text-size"
            default: nil
            }
        }
    }

    /// Which filter values are on when the page loads: those of the group
    /// the gallery opens on. The default set is that group; for Split View
    /// or text sizes, whose filters add to the others, it also holds the
    /// full-screen, default-size diagrams of the same families and
    /// orientations, as pressing those filters would.
    struct FilterState {
        var on: Set<String>
        func shows(_ item: Item) -> Bool {
            on.contains(item.family) && on.contains(item.orientation) && (item.extra.map { on.contains($0) } ?? true)
        }
    }

    /// The gallery's HTML; the device frames its diagrams draw by
    /// reference are added to `definitions`, which the page writes once.
    static func gallery(for solution: BlockSolution, block: FencedBlock, definitions: inout DiagramDefinitions,
                        frames: FrameDrawings? = nil, captions: EnvironmentMemo<String>? = nil,
                        findings: BlockFindings? = nil) -> String {
        guard !solution.environments.isEmpty else { return "" }
        let findings = findings ?? BlockFindings(solution)
        let groups = DiagramGallery.grouped(solution.environments.map(\.environment))
        let diagrams = solution.environments.map { environment in
            LayoutDiagram(solution: environment, program: solution.program, findings: findings)
        }
        var items = solution.environments.indices.map { Item(index: 0, solution: $0, environment: solution.environments[$0].environment) }
        for (position, index) in groups.flatMap(\.indices).enumerated() { items[index].index = position }
        let scale = DiagramGallery.scale(for: diagrams)
        let opening = DiagramGallery.openingGroup(of: solution)
        let first = (groups.first { $0.group == opening } ?? groups[0]).indices.map { items[$0] }
        var on = Set(first.flatMap { [$0.family, $0.orientation] })
        if let extra = first.first?.extra { on.insert(extra) }
        let state = FilterState(on: on)

        var html = filters(items, state: state, block: block)
        // Room for the entries, so the gallery is not copied as it grows: a
        // diagram and its caption are one to two kilobytes.
        html.reserveCapacity(html.utf8.count + 1536 * items.count)
        var seen: Set<DiagramText> = []
        var bodies = DiagramBodies(capacity: diagrams.count)
        var deferred: [(group: DiagramGallery.Group, html: String)] = []
        html += "<ul class=\"layout-gallery\">\n"
        for (group, indices) in groups {
            var groupHTML = ""
            for index in indices {
                let item = items[index]
                // The diagram is used in place: a copy would count a
                // reference to each of its solution's and program's parts.
                let svg = diagrams[item.solution].svg(scale: scale, sharing: &definitions, frames: frames, bodies: &bodies)
                guard seen.insert(DiagramText(svg)).inserted else { continue }
                if state.shows(item) {
                    appendEntry(item, diagram: diagrams[item.solution], svg: svg, block: block, captions: captions, to: &html)
                } else {
                    appendEntry(item, diagram: diagrams[item.solution], svg: svg, block: block, captions: captions, to: &groupHTML)
                }
            }
            if !groupHTML.isEmpty { deferred.append((group, groupHTML)) }
        }
        html += "</ul>\n"
        for (group, entries) in deferred {
            html += "<template data-group=\"\(group.rawValue)\">\n\(entries)</template>\n"
        }
        return html
    }

    /// `<li>`: the diagram, the environment's name, its size classes and,
    /// when it has findings, their numbers linked to the list. The words on
    /// the environment are taken from `captions` when given (written once a
    /// build for each environment).
    static func entry(
        _ item: Item, diagram: LayoutDiagram, svg: String, block: FencedBlock, captions: EnvironmentMemo<String>? = nil
    ) -> String {
        var html = ""
        appendEntry(item, diagram: diagram, svg: svg, block: block, captions: captions, to: &html)
        return html
    }

    /// `entry`, appended to `html`: the diagram copied once, straight into
    /// the gallery.
    static func appendEntry(
        _ item: Item, diagram: LayoutDiagram, svg: String, block: FencedBlock, captions: EnvironmentMemo<String>?,
        to html: inout String
    ) {
        let words = captions?.value(for: diagram.solution.environment) { caption(of: diagram.solution.environment) }
            ?? caption(of: diagram.solution.environment)
        let numbers = diagram.solution.findings.compactMap { diagram.findings.number(of: $0) }
        let unique = Set(numbers).sorted()
        html += "<li data-i=\""
        html += String(item.index)
        html += "\" data-family=\""
        html += item.family
        html += "\" data-orientation=\""
        html += item.orientation
        if let extra = item.extra {
            html += "\" data-extra=\""
            html += extra
        }
        html += "\"><figure>"
        html += svg
        html += "<figcaption>"
        html += words
        if !unique.isEmpty {
            html += " <span class=\"k-flag\" title=\"Findings / 問題\">"
            html += unique.map(String.init).joined(separator: ",")
            html += "</span>"
        }
        html += "</figcaption></figure></li>\n"
    }

    /// The environment's device name, qualifier and size classes.
    static func caption(of environment: Environment) -> String {
        let classes = EnvironmentNames.sizeClasses(environment.sizeClasses)
        return "<span class=\"k-device\">\(environment.device.name.htmlEscaped)</span> "
            + pair(EnvironmentNames.qualifier(of: environment))
            + " <abbr class=\"k-sc\" title=\"\(classes.english.htmlEscaped)\">\(EnvironmentNames.sizeClassShorthand(environment.sizeClasses))</abbr>"
    }

    /// The filter buttons for the values the block has (a filter with a
    /// single value filters nothing and is left out).
    static func filters(_ items: [Item], state: FilterState, block: FencedBlock) -> String {
        let families = Set(items.map(\.family)), orientations = Set(items.map(\.orientation))
        let extras = Set(items.compactMap(\.extra))
        var buttons: [(value: String, label: Bilingual<String>)] = []
        if families.count > 1 { buttons += [("phone", Bilingual(both: "iPhone")), ("pad", Bilingual(both: "iPad"))] }
        if orientations.count > 1 { buttons += [("portrait", Bilingual("Portrait", "縦向き")), ("landscape", Bilingual("Landscape", "横向き"))] }
        if extras.contains("split") { buttons.append(("split", Bilingual(both: "Split View"))) }
        if extras.contains("text-size") { buttons.append(("text-size", Bilingual("Text sizes", "文字サイズ"))) }
        guard !buttons.isEmpty else { return "" }
        var html = "<div class=\"k-filters\" role=\"group\" aria-label=\"Environments shown / 表示する環境\" hidden>"
        for button in buttons {
            let pressed = state.on.contains(button.value) ? "true" : "false"
            html += "<button type=\"button\" data-filter=\"\(button.value)\" aria-pressed=\"\(pressed)\">\(pair(button.label))</button>"
        }
        return html + "</div>\n"
    }

    /// The findings under the gallery: each in both languages with where it
    /// occurs, numbered as the badges in the diagrams.
    static func findings(for solution: BlockSolution, block: FencedBlock, findings: BlockFindings? = nil) -> String {
        let findings = findings ?? BlockFindings(solution)
        guard !findings.entries.isEmpty else { return "" }
        let all = solution.environments.map(\.environment)
        var html = "<div class=\"k-findings\" id=\"\(block.elementID(prefix: "layout").htmlEscaped)-findings\">"
            + "<p class=\"k-findings-title pair\"><span lang=\"en\">Findings</span> <span lang=\"ja\">検出された問題</span></p>\n<ol>\n"
        for entry in findings.entries {
            html += "<li value=\"\(entry.number)\"><span class=\"pair stack\"><span lang=\"en\">\(entry.message.english.htmlEscaped).</span>"
                + " <span lang=\"ja\">\(entry.message.japanese.htmlEscaped)。</span></span>\n"
            html += "<p class=\"k-where\">" + whereText(entry.environments, all: all) + "</p></li>\n"
        }
        return html + "</ol></div>\n"
    }

    /// "In 3 of 33 environments: portrait: iPhone X …; landscape left: …",
    /// grouped by what the environments have in common besides the device.
    /// When a finding occurs almost everywhere, the few places it does not
    /// are listed instead.
    static func whereText(_ environments: [Environment], all: [Environment]) -> String {
        let total = all.count
        if environments.count == total {
            return pair(Bilingual(total == 1 ? "In its environment." : "In all \(total) environments.", "すべての環境（\(total)）で発生。"))
        }
        let ids = Set(environments.map(\.id))
        let complement = all.filter { !ids.contains($0.id) }
        if complement.count < environments.count {
            return pair(Bilingual("In \(environments.count) of \(total) environments, all but:", "\(total) 環境中 \(environments.count) 環境で発生。発生しないのは："))
                + grouped(complement)
        }
        return pair(Bilingual("In \(environments.count) of \(total) environments:", "\(total) 環境中 \(environments.count) 環境で発生："))
            + grouped(environments)
    }

    /// Environments as lines of device names under their qualifier.
    static func grouped(_ environments: [Environment]) -> String {
        var order: [Bilingual<String>] = []
        var devices: [Bilingual<String>: [String]] = [:]
        for environment in environments {
            let qualifier = EnvironmentNames.qualifier(of: environment)
            if devices[qualifier] == nil { order.append(qualifier) }
            devices[qualifier, default: []].append(environment.device.name)
        }
        var html = ""
        for qualifier in order {
            html += " <span class=\"k-where-group\">" + pair(qualifier) + ": "
                + (devices[qualifier] ?? []).map(\.htmlEscaped).joined(separator: ", ") + "</span>"
        }
        return html
    }

    /// Words in both languages, the toggle showing one; identical words once.
    static func pair(_ text: Bilingual<String>) -> String {
        if text.english == text.japanese { return text.english.htmlEscaped }
        return "<span class=\"pair\"><span lang=\"en\">\(text.english.htmlEscaped)</span> <span lang=\"ja\">\(text.japanese.htmlEscaped)</span></span>"
    }
}

/// A diagram's markup as a set member, hashed and compared as bytes:
/// `String`'s own hashing normalises Unicode first, which is needless for
/// markup Kumiki wrote itself and costly at a diagram's length.
private struct DiagramText: Hashable {
    var text: String

    init(_ text: String) { self.text = text }

    /// The length and the first bytes only: two diagrams of a block
    /// differ there already (the title names the environment), and hashing
    /// every byte of every diagram cost more than the comparisons it saves.
    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(Self.hashedPrefix))))
        }
    }

    private static let hashedPrefix = 384

    static func == (lhs: DiagramText, rhs: DiagramText) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
}
