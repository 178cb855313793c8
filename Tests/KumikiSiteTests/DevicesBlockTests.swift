import Foundation
import KumikiLayout
import KumikiLayoutLanguage
import KumikiSite
import Testing
import KumikiTestSupport

/// A `devices` block becomes a bilingual table generated from the site's
/// device catalog; bad options are reported at their line and column.
///
/// Pages are written with `page(["title: A"], body)`: the body starts on
/// line 5, so a block's fence is on line 5 and its first option on line 6.
@Suite struct DevicesBlockTests {
    private func build(_ block: String, config: String? = nil) throws -> (site: TemporarySite, result: BuildResult, html: String) {
        let site = try TemporarySite(["a.md": page(["title: A"], "```devices\n\(block)```\n")], config: config)
        let result = site.build()
        return (site, result, result.text("a/index.html"))
    }

    @Test func everyDeviceOfTheCatalogHasARowWithItsSizeClassesInPortraitAndLandscape() throws {
        let (_, result, html) = try build("")
        #expect(result.printed.isEmpty)
        let catalog = DeviceCatalog.bundled()
        let rows = tableRows(html).filter { $0.contains("scope=\"row\"") }
        #expect(rows.count == catalog.devices.count)
        for (row, device) in zip(rows, catalog.devices) {
            let cells = cellTexts(row)
            #expect(cells.first == device.name)
            #expect(cells.contains(device.portrait.sizeClasses.description.replacingOccurrences(of: "/", with: " / ")))
            #expect(cells.last == device.landscape.sizeClasses.description.replacingOccurrences(of: "/", with: " / "))
            #expect(cells.contains("\(formatPoints(device.width)) × \(formatPoints(device.height))"))
        }
    }

    @Test func theTableHasACaptionBilingualHeadersAndScopes() throws {
        let (_, _, html) = try build("columns: size-classes\n")
        #expect(html.contains("<caption id=\"_1-caption\" class=\"pair stack\"><span lang=\"en\">The 21 iPhone and iPad classes in the device catalog</span> <span lang=\"ja\">デバイスカタログの iPhone と iPad（21 種類）</span></caption>"))
        #expect(html.contains("<th scope=\"col\" rowspan=\"2\" class=\"pair stack\"><span lang=\"en\">Device</span> <span lang=\"ja\">デバイス</span></th>"))
        #expect(html.contains("<th scope=\"colgroup\" colspan=\"2\" class=\"pair stack\"><span lang=\"en\">Size classes</span> <span lang=\"ja\">サイズクラス</span></th>"))
        #expect(html.contains("<th scope=\"col\" class=\"pair stack\"><span lang=\"en\">Portrait</span> <span lang=\"ja\">縦向き</span></th>"))
        #expect(html.contains("<th scope=\"rowgroup\" colspan=\"3\">iPhone</th>"))
        #expect(html.contains("<th scope=\"rowgroup\" colspan=\"3\">iPad</th>"))
    }

    @Test func theTableScrollsInAFocusableRegionNamedByItsCaption() throws {
        let (_, _, html) = try build("")
        #expect(html.contains("<div class=\"table-scroll\" role=\"region\" aria-labelledby=\"_1-caption\" tabindex=\"0\">\n<table class=\"devices-table\">"))
    }

    @Test func familyPhonesListsOnlyIPhones() throws {
        let (_, result, html) = try build("family: phones\n")
        #expect(result.printed.isEmpty)
        let rows = tableRows(html).filter { $0.contains("scope=\"row\"") }
        #expect(rows.count == DeviceCatalog.bundled().devices(of: .phone).count)
        #expect(!html.contains("iPad"))
        #expect(!html.contains("scope=\"rowgroup\""))
    }

    @Test func splitsListEveryIPadWindowWithItsWidthAndWidthClass() throws {
        let (_, result, html) = try build("columns: splits\nfamily: pads\n")
        #expect(result.printed.isEmpty)
        let row = try #require(tableRows(html).first { $0.contains("iPad Pro 12.9") })
        let cells = Array(row.components(separatedBy: "<td>")[1...])
        try #require(cells.count == 2)
        // Portrait, then landscape; the widths are the catalog's sourced ones.
        #expect(cellTexts("<td>" + cells[0]) == ["2/3 639 pt compact1/3 375 pt compactSlide Over 375 pt compact"])
        #expect(cellTexts("<td>" + cells[1]) == ["2/3 981 pt regular1/2 678 pt regular1/3 375 pt compactSlide Over 375 pt compact"])
    }

    @Test func splitsOnPhonesSayNoneAndWarnWhenOnlyPhonesAreShown() throws {
        let (site, result, html) = try build("columns: splits\nfamily: phones\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:10: warning: iPhones have no Split View or Slide Over; the 'splits' column stays empty with 'family: phones'"])
        #expect(html.contains("<span class=\"devices-none pair\"><span lang=\"en\">none</span> <span lang=\"ja\">なし</span></span>"))
    }

    @Test func everyColumnInTheOrderWritten() throws {
        let (_, result, html) = try build("columns: scale, safe-area, models, size\n")
        #expect(result.printed.isEmpty)
        let row = try #require(tableRows(html).first { $0.contains(">iPhone X / XS / 11 Pro<") })
        #expect(cellTexts(row) == ["iPhone X / XS / 11 Pro", "@3x 1125 × 2436 px", "44 / 0 / 34 / 0", "0 / 44 / 21 / 44",
                                   "iPhone X, iPhone XS, iPhone 11 Pro", "375 × 812"])
    }

    @Test func devicesAddedInTheSiteConfigurationAppear() throws {
        let config = """
            devices:
              - id: studio-phone
                name: Studio Phone
                family: phone
                width: 400
                height: 880
                scale: 3
            """
        let (_, result, html) = try build("family: phones\n", config: config)
        #expect(result.printed.isEmpty)
        #expect(html.contains("<th scope=\"row\">Studio Phone</th><td class=\"num\">400 × 880</td>"))
    }

    /// The bundled catalog's 2025–2026 models reach the table from the data.
    @Test func theNewModelsAreInTheTable() throws {
        let (_, result, html) = try build("columns: size, models\nfamily: phones\n")
        #expect(result.printed.isEmpty)
        let air = try #require(tableRows(html).first { $0.contains(">iPhone Air<") })
        #expect(cellTexts(air) == ["iPhone Air", "420 × 912", "iPhone Air"])
        let row = try #require(tableRows(html).first { $0.contains(">iPhone 16 Pro / 17 / 17 Pro<") })
        #expect(cellTexts(row) == ["iPhone 16 Pro / 17 / 17 Pro", "402 × 874", "iPhone 16 Pro, iPhone 17, iPhone 17 Pro"])
        let twelve = try #require(tableRows(html).first { $0.contains(">iPhone 12 / 13 / 14 / 16e / 17e<") })
        #expect(cellTexts(twelve).last?.hasSuffix("iPhone 16e, iPhone 17e") == true)
    }

    @Test func excludedDevicesLeaveTheTable() throws {
        let (_, result, html) = try build("", config: "exclude_devices: [iphone-air, ipad-pro-13-m4]\n")
        #expect(result.printed.isEmpty)
        #expect(!html.contains("iPhone Air") && !html.contains("iPad Pro 13\""))
        #expect(tableRows(html).filter { $0.contains("scope=\"row\"") }.count == DeviceCatalog.bundled().devices.count - 2)
        #expect(html.contains("The 19 iPhone and iPad classes in the device catalog"))
    }

    @Test func anOverriddenBundledDeviceIsNotedAndShownWithItsNewFacts() throws {
        let config = """
            devices:
              - id: iphone-air
                name: iPhone Air (measured)
                safeArea:
                  portrait: {top: 70}
            """
        let (site, result, html) = try build("columns: safe-area\nfamily: phones\n", config: config)
        #expect(result.printed == [
            "\(site.configDisplayPath):2:5: note: device 'iphone-air' overrides the bundled device of that id (iPhone Air); "
                + "the fields it leaves out keep their bundled values",
        ])
        let row = try #require(tableRows(html).first { $0.contains(">iPhone Air (measured)<") })
        #expect(cellTexts(row) == ["iPhone Air (measured)", "70 / 0 / 34 / 0", "0 / 68 / 21 / 68"])
    }

    @Test func anUnknownExcludedIdIsAnErrorInTheConfiguration() throws {
        let (site, result, _) = try build("", config: "title: T\nexclude_devices: [iphone-air, ipad-pro-14]\n")
        #expect(result.printed == [
            "\(site.configDisplayPath):2:31: error: 'exclude_devices' names 'ipad-pro-14', which is not a bundled device "
                + "(`kumiki devices` lists them); did you mean 'ipad-pro-11', 'ipad-pro-11-m4' or 'ipad-pro-12-9'?",
        ])
    }

    @Test func aTitleReplacesTheCaption() throws {
        let (_, _, html) = try build("title: Size classes | サイズクラス\n")
        #expect(html.contains("<caption id=\"_1-caption\" class=\"pair stack\"><span lang=\"en\">Size classes</span> <span lang=\"ja\">サイズクラス</span></caption>"))
    }

    @Test func anUnknownOptionSuggestsTheClosestOne() throws {
        let (site, result, _) = try build("# comment\n  colums: size\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):7:3: error: unknown option 'colums' in a 'devices' block; did you mean 'columns'?"])
    }

    @Test func anUnknownColumnIsReportedAtItsOwnColumn() throws {
        let (site, result, _) = try build("columns: size, sise-classes\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:16: error: unknown column 'sise-classes'; did you mean 'size-classes'?"])
    }

    @Test func anUnknownFamilySuggestsTheClosestOne() throws {
        let (site, result, _) = try build("family: phons\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:9: error: unknown family 'phons'; did you mean 'phones'?"])
    }

    @Test func aFamilyFarFromAnyListsTheChoices() throws {
        let (site, result, _) = try build("family: watches\n")
        #expect(result.printed == ["\(site.displayPath("a.md")):6:9: error: unknown family 'watches'; choose from 'phones', 'pads', 'all'"])
    }

    @Test func aLineThatIsNotAnOptionAndARepeatedOptionAreErrors() throws {
        let (site, result, _) = try build("family: pads\nsize classes\nfamily: all\n")
        let path = site.displayPath("a.md")
        #expect(result.printed == [
            "\(path):7:1: error: expected an option such as 'columns: value', not 'size classes'",
            "\(path):8:1: error: 'family' is given twice; keep one\n\(path):6:1: note: first given here",
        ])
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let first = try build("columns: all\n").html
        let second = try build("columns: all\n").html
        #expect(first == second)
    }
}

/// The `<tr>…</tr>` elements of `html`, in order.
func tableRows(_ html: String) -> [String] {
    html.components(separatedBy: "<tr").dropFirst().map { "<tr" + ($0.components(separatedBy: "</tr>").first ?? "") }
}

/// The text of each cell (`th` or `td`) of a row, tags removed and quotes unescaped.
func cellTexts(_ row: String) -> [String] {
    let pattern = try? NSRegularExpression(pattern: "<t[hd][^>]*>([\\s\\S]*?)</t[hd]>")
    let ns = row as NSString
    return (pattern?.matches(in: row, range: NSRange(location: 0, length: ns.length)) ?? []).map { match in
        ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
