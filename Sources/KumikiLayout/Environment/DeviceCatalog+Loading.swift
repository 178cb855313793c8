import KumikiLayoutLanguage
import KumikiSupport

/// One row of a pipe-separated table, with its 1-based line in the table.
struct TableRow {
    var line: Int
    var cells: [String]

    /// The rows of `text`: comment (`#`) and blank lines skipped, cells trimmed.
    static func rows(of text: String) -> [TableRow] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingWhitespace
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return TableRow(line: index + 1, cells: trimmed.split(separator: "|", omittingEmptySubsequences: false).map(\.trimmingWhitespace))
        }
    }
}

extension DeviceCatalog {
    /// Builds a catalog from the three tables of `DeviceCatalog+Data.swift`.
    ///
    /// A row with a problem is reported and left out (with its device, for
    /// the device table), so one bad row never hides the others.
    static func load(devices deviceText: String, orientations orientationText: String, multitasking multitaskingText: String, file: String) -> (catalog: DeviceCatalog, diagnostics: [Diagnostic]) {
        var tables = CatalogTables(file: file)
        let metrics = tables.orientationMetrics(orientationText)
        let windows = tables.multitaskingWindows(multitaskingText)
        let loaded = tables.devices(deviceText, metrics: metrics, windows: windows)
        var diagnostics = tables.diagnostics
        for id in metrics.keys.sorted() where !loaded.contains(where: { $0.id == id }) && !diagnostics.contains(where: { $0.message.contains("'\(id)'") }) {
            diagnostics.append(.error("orientation rows for unknown device '\(id)'", at: nil))
        }
        for id in windows.keys.sorted() where !loaded.contains(where: { $0.id == id }) {
            diagnostics.append(.error("multitasking rows for unknown device '\(id)'", at: nil))
        }
        return (DeviceCatalog(devices: loaded), diagnostics)
    }
}

/// The three tables read one after the other, with the problems of their rows.
private struct CatalogTables {
    typealias OrientationRow = (metrics: Device.OrientationMetrics, housing: Rect?, width: Double, height: Double, row: TableRow)

    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    func place(_ table: String, _ row: TableRow) -> SourceLocation {
        SourceLocation(file: "\(file) (\(table) table)", line: row.line)
    }

    /// Orientation rows, keyed by id and axis (true for landscape).
    mutating func orientationMetrics(_ text: String) -> [String: [Bool: OrientationRow]] {
        var metrics: [String: [Bool: OrientationRow]] = [:]
        for row in TableRow.rows(of: text) {
            var reader = CellReader(row: row)
            let id = reader.text()
            let axis = reader.text()
            let width = reader.number(), height = reader.number()
            let statusBar = reader.number()
            let insets = EdgeInsets(top: reader.number(), left: reader.number(), bottom: reader.number(), right: reader.number())
            let classes = SizeClasses(horizontal: reader.sizeClass(), vertical: reader.sizeClass())
            let housing = reader.rect()
            _ = reader.text()
            let isLandscape = axis == "landscape"
            if axis != "portrait" && axis != "landscape" { reader.problems.append("unknown orientation '\(axis)'") }
            if let problem = reader.finish(expecting: 13) {
                diagnostics.append(.error(problem, at: place("orientation", row)))
                continue
            }
            metrics[id, default: [:]][isLandscape] = (
                Device.OrientationMetrics(statusBarHeight: statusBar, safeAreaInsets: insets, sizeClasses: classes),
                housing, width, height, row)
        }
        return metrics
    }

    mutating func multitaskingWindows(_ text: String) -> [String: [MultitaskingWindow]] {
        var windows: [String: [MultitaskingWindow]] = [:]
        for row in TableRow.rows(of: text) {
            var reader = CellReader(row: row)
            let id = reader.text()
            let axis = reader.text()
            let split = reader.split()
            let width = reader.number(), height = reader.number()
            let widthClass = reader.sizeClass()
            let source = reader.text()
            if axis != "portrait" && axis != "landscape" { reader.problems.append("unknown orientation '\(axis)'") }
            if let problem = reader.finish(expecting: 7) {
                diagnostics.append(.error(problem, at: place("multitasking", row)))
                continue
            }
            windows[id, default: []].append(MultitaskingWindow(
                split: split, isLandscape: axis == "landscape", width: width, height: height,
                sizeClasses: SizeClasses(horizontal: widthClass, vertical: .regular), source: source))
        }
        return windows
    }

    mutating func devices(
        _ text: String, metrics: [String: [Bool: OrientationRow]], windows: [String: [MultitaskingWindow]]
    ) -> [Device] {
        var loaded: [Device] = []
        for row in TableRow.rows(of: text) {
            var reader = CellReader(row: row)
            let id = reader.text()
            let familyName = reader.text()
            let name = reader.text()
            let models = reader.text().split(separator: ";").map(\.trimmingWhitespace).filter { !$0.isEmpty }
            let width = reader.number(), height = reader.number()
            let scale = reader.number(), nativeScale = reader.number()
            let cornerRadius = reader.number()
            let housingName = reader.text()
            let housingRect = reader.rect()
            let homeIndicator = reader.flag(), upsideDown = reader.flag()
            let source = reader.text()
            let family = DeviceFamily(rawValue: familyName)
            if family == nil { reader.problems.append("unknown family '\(familyName)'") }
            let housingKind = SensorHousing.Kind(rawValue: housingName)
            if housingKind == nil { reader.problems.append("unknown sensor housing '\(housingName)'") }
            if loaded.contains(where: { $0.id == id }) { reader.problems.append("duplicate device id '\(id)'") }
            if let problem = reader.finish(expecting: 14) {
                diagnostics.append(.error(problem, at: place("device", row)))
                continue
            }
            guard let family, let housingKind,
                  let portrait = metrics[id]?[false], let landscape = metrics[id]?[true] else {
                diagnostics.append(.error("device '\(id)' needs a portrait and a landscape row in the orientation table", at: place("device", row)))
                continue
            }
            let device = Device(
                id: id, name: name, models: models, family: family, width: width, height: height,
                scale: scale, nativeScale: nativeScale, cornerRadius: cornerRadius,
                sensorHousing: SensorHousing(kind: housingKind, portraitRect: housingRect),
                hasHomeIndicator: homeIndicator, supportsUpsideDown: upsideDown,
                portrait: portrait.metrics, landscape: landscape.metrics,
                multitasking: (windows[id] ?? []).sorted { ($0.isLandscape ? 1 : 0, $0.split) < ($1.isLandscape ? 1 : 0, $1.split) },
                source: source)
            let problems = device.problems().map(\.message) + Self.disagreements(device, portrait: portrait, landscape: landscape)
            if problems.isEmpty {
                loaded.append(device)
            } else {
                diagnostics.append(contentsOf: problems.map { .error("device '\(id)': \($0)", at: place("device", row)) })
            }
        }
        return loaded
    }

    /// The orientation rows repeat the size and housing; they must agree with the portrait facts.
    private static func disagreements(_ device: Device, portrait: OrientationRow, landscape: OrientationRow) -> [String] {
        var problems: [String] = []
        if portrait.width != device.width || portrait.height != device.height {
            problems.append("portrait row is \(formatPoints(portrait.width))×\(formatPoints(portrait.height)), not \(device.sizeDescription)")
        }
        if landscape.width != device.height || landscape.height != device.width {
            problems.append("landscape row is not the portrait size turned")
        }
        for (orientation, given) in [(Orientation.portrait, portrait.housing), (.landscapeRight, landscape.housing)] {
            let expected = device.sensorHousingRect(in: orientation)
            if !Rect.approximatelyEqual(given, expected) {
                problems.append("\(orientation.rawValue) housing rect \(given.map(\.description) ?? "-") is not the portrait rect turned, \(expected.map(\.description) ?? "-")")
            }
        }
        return problems
    }
}

extension Rect {
    /// Equal within a hundredth of a point (the data's precision), or both absent.
    static func approximatelyEqual(_ a: Rect?, _ b: Rect?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?):
            return abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01
                && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
        default: return false
        }
    }
}

/// Reads the cells of one row in order, collecting problems instead of failing.
struct CellReader {
    let row: TableRow
    var index = 0
    var problems: [String] = []

    init(row: TableRow) { self.row = row }

    mutating func text() -> String {
        defer { index += 1 }
        return index < row.cells.count ? row.cells[index] : ""
    }

    mutating func number() -> Double {
        let cell = text()
        guard let value = Double(cell), value.isFinite else {
            problems.append("column \(index): '\(cell)' is not a number")
            return 0
        }
        return value
    }

    mutating func flag() -> Bool {
        let cell = text()
        switch cell {
        case "yes": return true
        case "no": return false
        default:
            problems.append("column \(index): '\(cell)' is not yes or no")
            return false
        }
    }

    mutating func sizeClass() -> SizeClass {
        let cell = text()
        guard let value = SizeClass(rawValue: cell) else {
            problems.append("column \(index): '\(cell)' is not a size class")
            return .compact
        }
        return value
    }

    mutating func split() -> Split {
        let cell = text()
        guard let value = Split(spelling: cell) else {
            problems.append("column \(index): '\(cell)' is not a multitasking mode")
            return .full
        }
        return value
    }

    /// `x y w h`, or `-` for none.
    mutating func rect() -> Rect? {
        let cell = text()
        if cell == "-" { return nil }
        let numbers = cell.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4 else {
            problems.append("column \(index): '\(cell)' is not 'x y width height'")
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The first problem, or a wrong cell count, or `nil`.
    func finish(expecting count: Int) -> String? {
        if row.cells.count != count { return "expected \(count) columns, found \(row.cells.count)" }
        return problems.first
    }
}

extension Device {
    /// A problem with a device's facts, and the field (a `kumiki.yml` key
    /// path such as `safeArea.landscape`) it is about.
    struct Problem: Hashable {
        var field: String
        var message: String
    }

    /// What is wrong with the device's facts; empty when it is usable:
    /// positive sizes, insets and housing within the screen in both
    /// orientations, windows within the screen.
    func problems() -> [Problem] {
        var problems: [Problem] = []
        func add(_ field: String, _ message: String) { problems.append(Problem(field: field, message: message)) }
        if !(width > 0 && height > 0) {
            add(width > 0 ? "height" : "width", "width and height must be positive (found \(formatPoints(width))×\(formatPoints(height)))")
            return problems
        }
        if !(scale > 0) { add("scale", "scale must be positive (found \(formatPoints(scale)))") }
        if !(nativeScale > 0) { add("nativeScale", "native scale must be positive") }
        if !(cornerRadius >= 0) || cornerRadius > min(width, height) / 2 {
            add("cornerRadius", "corner radius \(formatPoints(cornerRadius)) must lie between 0 and half the screen's short side")
        }
        if let housing = sensorHousing.portraitRect {
            if !(housing.width > 0 && housing.height > 0) || !screen(in: .portrait).contains(housing) {
                add("sensorRect", "sensor housing \(housing) lies outside the \(sizeDescription) screen")
            }
        } else if sensorHousing.kind != .none {
            add("sensorRect", "\(sensorHousing.kind == .island ? "an" : "a") \(sensorHousing.kind.rawValue) needs a rectangle ('sensorRect')")
        }
        for (axis, orientation) in [("portrait", Orientation.portrait), ("landscape", .landscapeRight)] {
            let m = metrics(in: orientation)
            let insets = m.safeAreaInsets
            let screen = screen(in: orientation)
            if [insets.top, insets.left, insets.bottom, insets.right].contains(where: { !($0 >= 0) }) {
                add("safeArea.\(axis)", "\(axis) safe-area insets \(insets) must not be negative")
            } else if insets.top + insets.bottom >= screen.height || insets.left + insets.right >= screen.width {
                add("safeArea.\(axis)", "\(axis) safe-area insets \(insets) exceed the \(formatPoints(screen.width))×\(formatPoints(screen.height)) screen")
            }
            if !(m.statusBarHeight >= 0) || m.statusBarHeight > insets.top {
                add("statusBar.\(axis)", "\(axis) status bar \(formatPoints(m.statusBarHeight)) must lie between 0 and the top inset \(formatPoints(insets.top))")
            }
        }
        for window in multitasking {
            let screen = screen(in: window.isLandscape ? .landscapeRight : .portrait)
            if !(window.width > 0 && window.height > 0) || window.width > screen.width || window.height > screen.height {
                add("multitasking", "\(window.split.rawValue) window \(formatPoints(window.width))×\(formatPoints(window.height)) does not fit the screen")
            }
        }
        return problems
    }
}
