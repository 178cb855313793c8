import Foundation
import Testing
@testable import KumikiSite
import KumikiTestSupport

@Suite struct LayoutGalleryTests {
    static let block = """
        ```layout dont
        title: A small button | 小さなボタン
        devices: iphone-x, ipad-pro-11
        splits: all
        button go "Go" "進む"
        go.top = safe.top + 8
        go.leading = margins.leading
        go.size = 30
        ```

        """

    private func built() throws -> (html: String, tree: HTMLTree, result: BuildResult) {
        let site = try TemporarySite(["a.md": page(["title: A"], Self.block)])
        let result = site.build()
        let html = result.text("a/index.html")
        return (html, HTMLTree(parsing: html), result)
    }

    @Test func theDefaultSetIsInTheListAndTheRestWaitsInTemplates() throws {
        let (html, tree, _) = try built()
        #expect(tree.problems.isEmpty)
        let list = try #require(tree.elements("ul", class: "layout-gallery").first)
        let shown = list.children.filter { $0.name == "li" }
        #expect(shown.map { $0.attributes["data-family"] } == ["phone"])
        #expect(shown.map { $0.attributes["data-orientation"] } == ["portrait"])
        #expect(shown.first?.all.contains { $0.name == "svg" && $0.attributes["role"] == "img" } == true)
        let groups = tree.elements("template").compactMap { $0.attributes["data-group"] }
        #expect(groups == ["phone-landscape", "pad", "split"])
        // Entries carry their place in the gallery so the script can restore the order.
        let positions = tree.elements("li").compactMap { $0.attributes["data-i"] }.compactMap(Int.init)
        #expect(positions == Array(0..<positions.count))
        #expect(html.contains("data-extra=\"split\""))
    }

    @Test func filtersAreToggleButtonsHiddenUntilTheScriptRuns() throws {
        let (_, tree, _) = try built()
        let filters = try #require(tree.elements("div", class: "k-filters").first)
        #expect(filters.attributes["hidden"] != nil && filters.attributes["role"] == "group")
        let buttons = filters.children.filter { $0.name == "button" }
        #expect(buttons.map { $0.attributes["data-filter"] ?? "" } == ["phone", "pad", "portrait", "landscape", "split"])
        #expect(buttons.map { $0.attributes["aria-pressed"] ?? "" } == ["true", "false", "true", "false", "false"])
        #expect(buttons.allSatisfy { $0.attributes["type"] == "button" })
    }

    @Test func captionsShowTheEnvironmentItsSizeClassesAndItsFindings() throws {
        let (html, _, _) = try built()
        #expect(html.contains("<span class=\"k-device\">iPhone X / XS / 11 Pro</span> <span class=\"pair\"><span lang=\"en\">portrait</span> <span lang=\"ja\">縦向き</span></span>"))
        #expect(html.contains("<abbr class=\"k-sc\" title=\"compact width, regular height\">wC hR</abbr>"))
        #expect(html.contains("<span class=\"k-flag\" title=\"Findings / 問題\">1</span>"))
    }

    @Test func findingsAreListedInBothLanguagesWithWhereTheyOccur() throws {
        let (html, tree, _) = try built()
        let list = try #require(tree.elements("div", class: "k-findings").first)
        #expect(list.attributes["id"] == "_1-findings")
        #expect(html.contains("<li value=\"1\"><span class=\"pair stack\"><span lang=\"en\">&#39;go&#39; (&quot;Go&quot;) is 30 × 30 pt, smaller than the 44 × 44 pt minimum touch target.</span>"))
        #expect(html.contains("<span lang=\"ja\">「go」（進む）は 30 × 30 pt で、最小タッチ領域 44 × 44 pt より小さくなっています。</span>"))
        #expect(html.contains("すべての環境"))
    }

    @Test func everyDiagramOfAGalleryHasTheSameScale() throws {
        let (_, tree, _) = try built()
        var ratios: Set<String> = []
        for svg in tree.elements("svg") {
            let box = (svg.attributes["viewbox"] ?? "").split(separator: " ").compactMap { Double($0) }
            guard box.count == 4, let width = svg.attributes["width"].flatMap(Double.init) else { continue }
            ratios.insert(String(format: "%.2f", width / box[2]))
        }
        #expect(ratios.count == 1)
    }

    /// A block whose button is fine in portrait and outside the safe area
    /// in landscape, where the notch moves the safe area in.
    static func landscapeOnly(_ kind: String, show: String? = nil) -> String {
        """
        ```layout \(kind)
        title: A button at a fixed inset | 固定の余白に置いたボタン
        devices: iphone-x, ipad-pro-11
        \(show.map { "show: \($0)" } ?? "# the gallery's choice")
        button go "Go" "進む"
        go.leading = screen.leading + 20
        go.top = safe.top + 20
        go.size = 44
        ```

        """
    }

    /// The families and orientations of the entries in the list, and the
    /// groups left in templates, for one block.
    private func opening(_ block: String) throws -> (shown: [String], pressed: [String], deferred: [String], result: BuildResult) {
        let site = try TemporarySite(["a.md": page(["title: A"], block)])
        let result = site.build()
        let tree = HTMLTree(parsing: result.text("a/index.html"))
        let list = try #require(tree.elements("ul", class: "layout-gallery").first)
        let shown = list.children.filter { $0.name == "li" }
            .map { "\($0.attributes["data-family"] ?? "")/\($0.attributes["data-orientation"] ?? "")" }
        let buttons = tree.elements("div", class: "k-filters").first?.children.filter { $0.name == "button" } ?? []
        let pressed = buttons.filter { $0.attributes["aria-pressed"] == "true" }.compactMap { $0.attributes["data-filter"] }
        let deferred = tree.elements("template").compactMap { $0.attributes["data-group"] }
        return (Array(Set(shown)).sorted(), pressed, deferred, result)
    }

    @Test func aDontBlockOpensWhereItsProblemIsWithoutScript() throws {
        let dont = try opening(Self.landscapeOnly("dont"))
        #expect(dont.result.warnings.isEmpty && dont.result.errors.isEmpty)
        #expect(dont.shown == ["phone/landscape"])
        #expect(dont.pressed == ["phone", "landscape"])
        #expect(dont.deferred == ["phone-portrait", "pad"])
        // The same layout shown as a plain example opens on the first group.
        let plain = try opening(Self.landscapeOnly(""))
        #expect(plain.shown == ["phone/portrait"])
        #expect(plain.pressed == ["phone", "portrait"])
        #expect(plain.deferred == ["phone-landscape", "pad"])
    }

    @Test func theShowLineChoosesTheOpeningGroup() throws {
        let shown = try opening(Self.landscapeOnly("dont", show: "ipad-pro-11/landscape-right"))
        #expect(shown.result.errors.isEmpty)
        #expect(shown.shown == ["pad/landscape", "pad/portrait"])
        #expect(shown.pressed == ["pad", "portrait", "landscape"])
        #expect(shown.deferred == ["phone-portrait", "phone-landscape"])
    }

    @Test func aShowLineNamingAnotherEnvironmentIsAnError() throws {
        let site = try TemporarySite(["a.md": page(["title: A"], Self.landscapeOnly("dont", show: "iphone-x/landscape"))])
        let result = site.build()
        #expect(result.errors.map(\.message) == [
            "'show:' names 'iphone-x/landscape', which is not one of the block's environments; did you mean 'iphone-x/landscape-left'?",
        ])
    }

    @Test func aDontBlockWithFindingsBuildsWithoutWarnings() throws {
        let (_, _, result) = try built()
        #expect(result.errors.isEmpty)
        #expect(result.warnings.isEmpty)
    }

    /// Every block of a page is shown in the same environments, so each
    /// device frame is written once, in a hidden `<svg>` after the blocks,
    /// and the diagrams (deferred ones too) draw it with `<use>`.
    @Test func eachDeviceFrameIsWrittenOnceForThePage() throws {
        let second = Self.block.replacingOccurrences(of: "button go \"Go\" \"進む\"", with: "button go \"Stop\" \"止める\"")
        let site = try TemporarySite(["a.md": page(["title: A"], Self.block + "\n" + second)])
        let result = site.build()
        #expect(result.errors.isEmpty, "\(result.printed)")
        let html = result.text("a/index.html")
        let tree = HTMLTree(parsing: html)
        #expect(tree.problems.isEmpty)
        let holders = tree.elements("svg", class: "k-defs")
        #expect(holders.count == 1)
        let holder = try #require(holders.first)
        #expect(holder.attributes["aria-hidden"] == "true")
        let ids = holder.all.filter { $0.name == "g" }.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count)
        // After the second figure, outside every template.
        let defsAt = try #require(html.range(of: "<svg class=\"k-defs\""))
        let lastFigure = try #require(html.range(of: "id=\"_2\""))
        #expect(lastFigure.upperBound < defsAt.lowerBound)
        #expect(!html[defsAt.lowerBound...].contains("</template>"))
        // Every reference, in the list or in a template, names a frame.
        let references = tree.elements("use").compactMap { $0.attributes["href"] }
        #expect(references.count == 2 * tree.elements("svg", class: "k-diagram").count)
        #expect(Set(references) == Set(ids.map { "#\($0)" }))
        // Both blocks use the same frames, so there are no more frames than
        // one block's diagrams need.
        #expect(ids.count <= references.count / 2)
    }
}
