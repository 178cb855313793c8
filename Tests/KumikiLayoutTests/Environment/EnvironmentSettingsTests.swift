import KumikiDiagram
import KumikiSupport
import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

@Suite struct EnvironmentSettingsTests {
    let catalog = DeviceCatalog.bundled()
    /// The value of a line `devices: …` in a page, starting at column 11.
    let start = SourceLocation(file: "Content/a.md", line: 12, column: 11)

    /// The settings after one line, and its problems in words.
    func settings(_ key: EnvironmentSettings.Key, _ value: String) -> (EnvironmentSettings, [Diagnostic]) {
        var settings = EnvironmentSettings.default
        let problems = settings.set(key, value: value, at: start, catalog: catalog)
        return (settings, problems.map(\.diagnostic))
    }

    @Test func theDefaultIsEveryDeviceInPortraitAndBothLandscapesAtTheDefaultSize() throws {
        let environments = try EnvironmentSettings.default.environments(in: catalog)
        #expect(environments.count == 21 * 3)
        #expect(environments.prefix(3).map(\.id) == ["iphone-se-1/portrait", "iphone-se-1/landscape-left", "iphone-se-1/landscape-right"])
        #expect(environments.last?.id == "ipad-pro-13-m4/landscape-right")
        #expect(Set(environments.map(\.textSize)) == [.large])
        #expect(Set(environments.map(\.split)) == [.full])
        #expect(Set(environments.map(\.id)).count == environments.count)
    }

    @Test func expandsInCatalogOrientationSplitAndTextSizeOrder() throws {
        var s = EnvironmentSettings.default
        #expect(s.set(.devices, value: "ipad-mini-6, iphone-x", at: start, catalog: catalog).isEmpty)
        #expect(s.set(.orientations, value: "landscape-right, portrait", at: start, catalog: catalog).isEmpty)
        #expect(s.set(.splits, value: "all", at: start, catalog: catalog).isEmpty)
        #expect(s.set(.textSizes, value: "AX3, default", at: start, catalog: catalog).isEmpty)
        let ids = try s.environments(in: catalog).map(\.id)
        #expect(ids.prefix(4) == ["iphone-x/portrait", "iphone-x/portrait/ax3", "iphone-x/landscape-right", "iphone-x/landscape-right/ax3"])
        #expect(ids[4...].prefix(6) == [
            "ipad-mini-6/portrait", "ipad-mini-6/portrait/ax3",
            "ipad-mini-6/portrait/two-thirds", "ipad-mini-6/portrait/two-thirds/ax3",
            "ipad-mini-6/portrait/one-third", "ipad-mini-6/portrait/one-third/ax3",
        ])
        #expect(ids.contains("ipad-mini-6/landscape-right/half/ax3"))
        #expect(!ids.contains("ipad-mini-6/portrait/half"))
        // iPhone X: 2 orientations × 2 sizes; iPad mini: portrait 4 windows, landscape 5, × 2 sizes.
        #expect(ids.count == 4 + (4 + 5) * 2)
        #expect(try s.environments(in: catalog).map(\.id) == ids)
    }

    @Test func namesFamiliesAndUniqueNamesSelectDevices() throws {
        #expect(settings(.devices, "phones").0.devices == [.family(.phone)])
        #expect(settings(.devices, "pads").0.devices == [.family(.pad)])
        #expect(settings(.devices, "all").0.devices == [.all])
        let named = settings(.devices, "iphone-se-1, ipad-pro-13-m4, iPhone 15 Pro, iPhone SE (1st gen, 4\")")
        #expect(named.1.map(\.message) == ["'iPhone SE (1st gen, 4\")' is listed twice"])
        #expect(named.0.devices == [.device(id: "iphone-se-1"), .device(id: "ipad-pro-13-m4"), .device(id: "iphone-14-pro")])
        let phones = try settings(.devices, "phones").0.environments(in: catalog)
        #expect(phones.count == 14 * 3)
        #expect(phones.allSatisfy { $0.device.family == .phone })
    }

    @Test func orientationSpellings() {
        #expect(settings(.orientations, "portrait").0.orientations == [.portrait])
        #expect(settings(.orientations, "landscape").0.orientations == [.landscapeLeft, .landscapeRight])
        #expect(settings(.orientations, "Landscape-Right").0.orientations == [.landscapeRight])
        #expect(settings(.orientations, "landscapeLeft").0.orientations == [.landscapeLeft])
        #expect(settings(.orientations, "all").0.orientations == Orientation.allCases)
    }

    @Test func splitSpellings() {
        #expect(settings(.splits, "none").0.splits == [.full])
        #expect(settings(.splits, "all").0.splits == Split.allCases)
        #expect(settings(.splits, "half, 1/3, two-thirds, slide-over").0.splits == [.twoThirds, .half, .oneThird, .slideOver])
        #expect(settings(.splits, "slideOver, 2/3").0.splits == [.twoThirds, .slideOver])
    }

    @Test func textSizeSpellings() {
        #expect(settings(.textSizes, "default, AX3").0.textSizes == [.large, .ax3])
        #expect(settings(.textSizes, "ax3, xxxLarge, xS").0.textSizes == [.xSmall, .xxxLarge, .ax3])
        #expect(settings(.textSizes, "xxxL").0.textSizes == [.xxxLarge])
        #expect(settings(.textSizes, "all").0.textSizes == TextSize.allCases)
        #expect(settings(.textSizes, "L, M, S").0.textSizes == [.small, .medium, .large])
    }

    @Test func barSpellings() {
        #expect(settings(.bars, "navigation, tab").0.bars == SystemBars(navigationBar: .standard, tabBar: true))
        #expect(settings(.bars, "large-title, toolbar, no-status").0.bars == SystemBars(statusBar: false, navigationBar: .largeTitle, toolbar: true))
        #expect(settings(.bars, "none").0.bars == .none)
        #expect(settings(.bars, "status").0.bars == .default)
    }

    @Test func keysAcceptSingularAndKebabCase() {
        #expect(EnvironmentSettings.Key(name: "textSizes") == .textSizes)
        #expect(EnvironmentSettings.Key(name: "text-sizes") == .textSizes)
        #expect(EnvironmentSettings.Key(name: "device") == .devices)
        #expect(EnvironmentSettings.Key(name: "Orientation") == .orientations)
        #expect(EnvironmentSettings.Key(name: "title") == nil)
    }

    @Test func anUnknownDevicePointsAtItsWordAndSuggestsIds() {
        let (_, diagnostics) = settings(.devices, "phones, iphone-x2")
        #expect(diagnostics.map(\.description) == [
            "Content/a.md:12:19: error: unknown device 'iphone-x2'; did you mean 'iphone-x', 'iphone-xr' or 'iphone-12'?",
        ])
        let (_, typo) = settings(.devices, "phnoes")
        #expect(typo.first?.message == "unknown device 'phnoes'; did you mean 'phones'?")
    }

    @Test func anAmbiguousNameIsAnErrorListingTheMatches() {
        let (_, diagnostics) = settings(.devices, "iphone-x,  mini")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location?.column == 11 + 11)
        #expect(diagnostics.first?.message == "device name 'mini' is ambiguous; it matches iphone-12-mini (iPhone 12 mini / 13 mini), ipad-mini-6 (iPad mini (6th gen))")
    }

    @Test func badWordsInEveryLineAreReportedAtTheirColumns() {
        let orientation = settings(.orientations, "portrait, sideways")
        #expect(orientation.1.map(\.description) == ["Content/a.md:12:21: error: unknown orientation 'sideways'"])
        #expect(orientation.0.orientations == [.portrait])
        let typo = settings(.orientations, "portriat")
        #expect(typo.1.first?.message == "unknown orientation 'portriat'; did you mean 'portrait'?")
        #expect(settings(.orientations, "upside-down").1.first?.message == "upside-down portrait is not an environment; use 'portrait'")
        let split = settings(.splits, "half, quarter")
        #expect(split.1.first?.location?.column == 17)
        let size = settings(.textSizes, "AX3, AX9")
        #expect(size.1.map(\.description) == ["Content/a.md:12:16: error: unknown text size 'AX9'; did you mean 'AX1', 'AX2' or 'AX3'?"])
        let bars = settings(.bars, "navigation, large-title")
        #expect(bars.1.first?.message == "'large-title' conflicts with 'navigation': a screen has one navigation bar")
        #expect(settings(.bars, "none, tab").1.first?.message == "'none' cannot be combined with other bars")
    }

    @Test func columnsCountCharactersNotBytes() {
        var s = EnvironmentSettings.default
        let diagnostics = s.set(.devices, value: "iPad Pro 11\" (1st–4th gen), ほげ", at: start, catalog: catalog).map(\.diagnostic)
        #expect(diagnostics.first?.location?.column == 11 + 28)
        #expect(s.devices == [.device(id: "ipad-pro-11")])
    }

    @Test func emptyValuesAndItemsAreErrors() {
        #expect(settings(.devices, "  ").1.first?.message == "expected a device id or name, 'phones', 'pads' or 'all' after 'devices:'")
        let trailing = settings(.splits, "half,")
        #expect(trailing.1.first?.location?.column == 16)
        #expect(trailing.0.splits == [.half])
    }

    @Test func aRepeatedLineReplacesTheEarlierOneWithAWarning() {
        var s = EnvironmentSettings.default
        s.set(.devices, value: "phones", at: start, catalog: catalog)
        let later = SourceLocation(file: "Content/a.md", line: 14, column: 11)
        let diagnostics = s.set(.devices, value: "pads", at: later, catalog: catalog).map(\.diagnostic)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.notes.first?.location == start)
        #expect(s.devices == [.family(.pad)])
    }

    @Test func settingsThatSelectNothingThrow() {
        var s = EnvironmentSettings.default
        s.set(.devices, value: "phones", at: start, catalog: catalog)
        let splitsAt = SourceLocation(file: "Content/a.md", line: 13, column: 9)
        s.set(.splits, value: "half", at: splitsAt, catalog: catalog)
        #expect {
            try s.environments(in: catalog)
        } throws: { error in
            (error as? EnvironmentSettingProblem)?.diagnostic.location == splitsAt
        }
    }

    @Test func aDeviceMissingFromTheCatalogThrows() {
        var s = EnvironmentSettings.default
        s.set(.devices, value: "iphone-x", at: start, catalog: catalog)
        let smaller = DeviceCatalog(devices: catalog.devices.filter { $0.id != "iphone-x" })
        #expect(throws: EnvironmentSettingProblem.self) { try s.environments(in: smaller) }
    }

    @Test func problemsAreDataWithTheWordsAndPlacesTheyAreAbout() {
        var s = EnvironmentSettings.default
        let unknown = s.set(.splits, value: "half, quarter", at: start, catalog: catalog)
        let quarterAt = SourceLocation(file: "Content/a.md", line: 12, column: 17)
        #expect(unknown == [.unknownWord(.splits, word: "quarter", suggestions: [], at: quarterAt)])
        let later = SourceLocation(file: "Content/a.md", line: 13, column: 9)
        let again = s.set(.splits, value: "half", at: later, catalog: catalog)
        #expect(again == [.repeatedLine(.splits, at: later, earlier: start)])
        #expect(again.map(\.severity) == [.warning])
    }

    @Test func parsesSeveralSettingsSeparatedBySemicolonsOrNewLines() throws {
        let text = "devices: phones; orientations: portrait\ntextSizes: default, AX3"
        let (s, problems) = EnvironmentSettings.parse(text, at: SourceLocation(file: "x", line: 1, column: 1), catalog: catalog)
        #expect(problems.isEmpty)
        #expect(s.devices == [.family(.phone)] && s.orientations == [.portrait] && s.textSizes == [.large, .ax3])
        #expect(try s.environments(in: catalog).count == 14 * 2)
        let bad = EnvironmentSettings.parse("devices: phones;  orientaton: portrait\nsplits: halve", at: SourceLocation(file: "x", line: 3, column: 5), catalog: catalog)
        #expect(bad.problems.map(\.diagnostic.description) == [
            "x:3:23: error: unknown environment setting 'orientaton'; did you mean 'orientations'?",
            "x:4:9: error: unknown split 'halve'; did you mean 'half'?",
        ])
    }
}
