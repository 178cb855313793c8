import KumikiLayoutLanguage
import KumikiSupport

extension EnvironmentSettings {
    /// Reads one environment line's value into these settings, replacing
    /// what the key held before.
    ///
    /// - Parameters:
    ///   - key: which line this is.
    ///   - value: the text after the colon.
    ///   - location: where the value's first character is; diagnostics point
    ///     at the exact column of the word they are about.
    ///   - catalog: the devices names resolve against (the bundled catalog
    ///     merged with the site's).
    /// - Returns: the problems found; on an error the key keeps its words
    ///   that were understood (or its previous value when none were).
    @discardableResult
    public mutating func set(
        _ key: Key, value: String, at location: SourceLocation, catalog: DeviceCatalog
    ) -> [EnvironmentSettingProblem] {
        var problems: [EnvironmentSettingProblem] = []
        if let earlier = locations[key] {
            problems.append(.repeatedLine(key, at: location, earlier: earlier))
        }
        let items = ListItem.items(of: value)
        let nonEmpty = items.filter { !$0.text.isEmpty }
        if nonEmpty.isEmpty {
            problems.append(.missingValue(key, at: location))
            return problems
        }
        for item in items where item.text.isEmpty {
            problems.append(.emptyItem(key, at: item.location(in: location)))
        }
        var reader = ItemReader(location: location)
        switch key {
        case .devices:
            let parsed = reader.devices(nonEmpty, catalog: catalog)
            if !parsed.isEmpty { devices = parsed }
        case .orientations:
            let parsed = reader.words(nonEmpty, vocabulary: Vocabulary.orientations, key: .orientations)
            if !parsed.isEmpty { orientations = Array(Set(parsed.flatMap { $0 })).sorted() }
        case .splits:
            let parsed = reader.words(nonEmpty, vocabulary: Vocabulary.splits, key: .splits)
            if !parsed.isEmpty { splits = Array(Set(parsed.flatMap { $0 })).sorted() }
        case .textSizes:
            let parsed = reader.words(nonEmpty, vocabulary: Vocabulary.textSizes, key: .textSizes)
            if !parsed.isEmpty { textSizes = Array(Set(parsed.flatMap { $0 })).sorted() }
        case .bars:
            if let parsed = reader.bars(nonEmpty) { bars = parsed }
        }
        problems.append(contentsOf: reader.problems)
        locations[key] = location
        return problems
    }

    /// Reads settings written as `key: value` parts separated by `;` or new
    /// lines, e.g. `devices: phones; orientations: portrait` (what
    /// `kumiki devices --environments` takes).
    ///
    /// - Parameter location: where `text` starts; later lines count from it.
    public static func parse(
        _ text: String, at location: SourceLocation, catalog: DeviceCatalog
    ) -> (settings: EnvironmentSettings, problems: [EnvironmentSettingProblem]) {
        var settings = EnvironmentSettings.default
        var problems: [EnvironmentSettingProblem] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (lineIndex, line) in lines.enumerated() {
            let lineStart = lineIndex == 0 ? location.column : 1
            var column = lineStart
            for part in line.split(separator: ";", omittingEmptySubsequences: false) {
                defer { column += part.count + 1 }
                let leading = part.prefix { $0.isWhitespace }.count
                let body = part.dropFirst(leading)
                guard !body.trimmingWhitespace.isEmpty else { continue }
                let here = SourceLocation(file: location.file, line: location.line + lineIndex, column: column + leading)
                guard let colon = body.firstIndex(of: ":") else {
                    problems.append(.missingColon(at: here))
                    continue
                }
                let name = body[..<colon].trimmingWhitespace
                guard let key = Key(name: name) else {
                    let suggestions = Suggestions.closest(to: name, among: Key.allCases.map(\.rawValue), limit: 3)
                    problems.append(.unknownSetting(name: name, suggestions: suggestions, at: here))
                    continue
                }
                let value = body[body.index(after: colon)...]
                let valueOffset = body.distance(from: body.startIndex, to: colon) + 1
                let valueLeading = value.prefix { $0.isWhitespace }.count
                let valueLocation = SourceLocation(file: here.file, line: here.line, column: here.column + valueOffset + valueLeading)
                problems += settings.set(key, value: String(value.dropFirst(valueLeading)), at: valueLocation, catalog: catalog)
            }
        }
        return (settings, problems)
    }
}

/// One comma-separated word of a value, with the character offset of its
/// first non-space character.
struct ListItem {
    var text: String
    var offset: Int

    func location(in start: SourceLocation) -> SourceLocation {
        SourceLocation(file: start.file, line: start.line, column: start.column + offset)
    }

    /// The items of `value`, split at commas outside parentheses (device
    /// names such as `iPhone SE (1st gen, 4")` hold commas).
    static func items(of value: String) -> [ListItem] {
        var items: [ListItem] = []
        var current = ""
        var start = 0
        var depth = 0
        func finish() {
            let leading = current.prefix { $0.isWhitespace }.count
            items.append(ListItem(text: current.trimmingWhitespace, offset: start + leading))
        }
        for (offset, character) in value.enumerated() {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "," where depth == 0:
                finish()
                current = ""
                start = offset + 1
                continue
            default: break
            }
            current.append(character)
        }
        finish()
        if items.count == 1 && items[0].text.isEmpty { return [] }
        return items
    }
}

/// The words each line understands (compared ignoring case), with what they mean.
enum Vocabulary {
    static let orientations: [(String, [Orientation])] = [
        ("portrait", [.portrait]),
        ("landscape", [.landscapeLeft, .landscapeRight]),
        ("landscape-left", [.landscapeLeft]), ("landscapeleft", [.landscapeLeft]),
        ("landscape-right", [.landscapeRight]), ("landscaperight", [.landscapeRight]),
        ("all", Orientation.allCases),
    ]

    static let splits: [(String, [Split])] = [("all", Split.allCases)]
        + Split.allCases.map { ($0.rawValue, [$0]) } + [("none", [.full])]

    static let textSizes: [(String, [TextSize])] = [("default", [.default]), ("all", TextSize.allCases)]
        + TextSize.allCases.map { ($0.shortName, [$0]) }
        + TextSize.allCases.map { ($0.rawValue, [$0]) }
}

/// Turns items into values, collecting a problem per bad word.
struct ItemReader {
    let location: SourceLocation
    var problems: [EnvironmentSettingProblem] = []

    init(location: SourceLocation) { self.location = location }

    /// Values of a fixed vocabulary; `spelling` accepts other forms first.
    mutating func words<Value>(_ items: [ListItem], vocabulary: [(String, [Value])], key: EnvironmentSettings.Key) -> [[Value]] {
        var seen: Set<String> = []
        var values: [[Value]] = []
        for item in items {
            let word = item.text.lowercased()
            let here = item.location(in: location)
            if !seen.insert(word).inserted {
                problems.append(.repeatedWord(item.text, at: here))
                continue
            }
            if let match = vocabulary.first(where: { $0.0.lowercased() == word }) {
                values.append(match.1)
            } else if let parsed = Self.spelling(item.text, as: Value.self) {
                values.append([parsed])
            } else if key == .orientations && word.contains("upside") {
                problems.append(.upsideDownPortrait(at: here))
            } else {
                let names = vocabulary.map(\.0).filter { !$0.hasSuffix("left") || $0.contains("-") }
                    .filter { !$0.hasSuffix("right") || $0.contains("-") }
                let suggestions = Suggestions.closest(to: word, among: names, limit: 3)
                problems.append(.unknownWord(key, word: item.text, suggestions: suggestions, at: here))
            }
        }
        return values
    }

    /// Other spellings the types themselves understand (`2/3`, `extra-large`, `AX3`).
    private static func spelling<Value>(_ word: String, as type: Value.Type) -> Value? {
        if type == Split.self { return Split(spelling: word) as? Value }
        if type == TextSize.self { return TextSize(spelling: word) as? Value }
        return nil
    }

    mutating func devices(_ items: [ListItem], catalog: DeviceCatalog) -> [EnvironmentSettings.DeviceSelector] {
        let keywords: [(String, EnvironmentSettings.DeviceSelector)] = [
            ("all", .all), ("phones", .family(.phone)), ("pads", .family(.pad)),
            ("phone", .family(.phone)), ("pad", .family(.pad)),
            ("iphones", .family(.phone)), ("ipads", .family(.pad)),
        ]
        var selectors: [EnvironmentSettings.DeviceSelector] = []
        for item in items {
            let here = item.location(in: location)
            let selector: EnvironmentSettings.DeviceSelector
            if let keyword = keywords.first(where: { $0.0 == item.text.lowercased() }) {
                selector = keyword.1
            } else {
                switch catalog.lookup(item.text) {
                case .found(let device):
                    selector = .device(id: device.id)
                case .ambiguous(let matches):
                    problems.append(.ambiguousDevice(name: item.text, matches: matches, at: here))
                    continue
                case .notFound(let suggestions):
                    let all = Suggestions.closest(to: item.text.lowercased(), among: ["phones", "pads", "all"] + catalog.ids, limit: 3)
                    problems.append(.unknownWord(.devices, word: item.text, suggestions: all.isEmpty ? suggestions : all, at: here))
                    continue
                }
            }
            if selectors.contains(selector) {
                problems.append(.repeatedWord(item.text, at: here))
            } else {
                selectors.append(selector)
            }
        }
        return selectors
    }

    mutating func bars(_ items: [ListItem]) -> SystemBars? {
        var bars = SystemBars.default
        var sawNone: ListItem?
        var navigationItem: ListItem?
        var understood = false
        for item in items {
            let here = item.location(in: location)
            let word = String(item.text.lowercased().filter { $0 != "-" && $0 != "_" })
            switch word {
            case "none": sawNone = item; bars = .none
            case "status", "statusbar": bars.statusBar = true
            case "nostatus", "nostatusbar", "hiddenstatus": bars.statusBar = false
            case "navigation", "nav", "navigationbar", "navbar", "largetitle", "large", "largetitles", "largetitlenavigation":
                let style: SystemBars.NavigationBar = word.hasPrefix("large") ? .largeTitle : .standard
                if let earlier = navigationItem, bars.navigationBar != style {
                    problems.append(.conflictingNavigationBars(word: item.text, earlier: earlier.text, at: here))
                    continue
                }
                navigationItem = item
                bars.navigationBar = style
            case "tab", "tabs", "tabbar": bars.tabBar = true
            case "toolbar", "tool", "toolbars": bars.toolbar = true
            default:
                let names = ["none", "status", "no-status", "navigation", "large-title", "tab", "toolbar"]
                let suggestions = Suggestions.closest(to: item.text.lowercased(), among: names, limit: 3)
                problems.append(.unknownWord(.bars, word: item.text, suggestions: suggestions, at: here))
                continue
            }
            understood = true
        }
        if let none = sawNone, items.count > 1 {
            problems.append(.noneWithOtherBars(at: none.location(in: location)))
            return nil
        }
        return understood ? bars : nil
    }
}
