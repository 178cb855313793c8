import KumikiLayoutLanguage
import KumikiSupport

extension DeviceCatalog {
    /// The catalog with a site's devices added or overridden.
    ///
    /// An entry whose id is in the catalog replaces the fields it gives and
    /// keeps the rest; any other entry adds a device at the end, in entry
    /// order, and must give `name`, `family`, `width`, `height` and `scale`.
    /// An entry with a problem (a missing or malformed id, a missing required
    /// field, an unknown family or housing, a size that is not positive,
    /// insets or a housing that do not fit the screen, …) is reported and
    /// left out, so the rest of the site still builds.
    ///
    /// An entry that replaces a device is noted at its id, so an author
    /// sees that a bundled device's facts were changed on purpose (and which
    /// device: a typo-free id of a bundled device is easy to reuse by
    /// accident). An entry whose id the site also excludes is an error: the
    /// two ask for opposite things.
    ///
    /// - Parameter exclusions: the ids the site excludes (see
    ///   ``excluding(_:)``), which no entry may use.
    /// - Returns: the merged catalog and one diagnostic per problem or
    ///   override, each at the entry's or the field's place in `kumiki.yml`.
    public func merging(_ entries: [DeviceEntry], excluded exclusions: [DeviceExclusion] = []) -> (catalog: DeviceCatalog, diagnostics: [Diagnostic]) {
        var catalog = self
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        var excluded: [String: SourceLocation] = [:]
        for exclusion in exclusions where excluded[exclusion.id.trimmingWhitespace] == nil {
            excluded[exclusion.id.trimmingWhitespace] = exclusion.location
        }
        for entry in entries {
            guard let id = entry.id?.trimmingWhitespace, !id.isEmpty else {
                diagnostics.append(.error("device entry needs an 'id'", at: entry.location))
                continue
            }
            if let exclusion = excluded[id] {
                diagnostics.append(.error(
                    "device '\(id)' is also in 'exclude_devices'; keep it there to leave the device out, or here to change it",
                    at: entry.location(of: "id"), notes: [.note("excluded here", at: exclusion)]))
                continue
            }
            if let earlier = seen[id] {
                diagnostics.append(.error(
                    "device '\(id)' is listed twice", at: entry.location(of: "id"),
                    notes: [.note("first listed here", at: earlier)]))
                continue
            }
            seen[id] = entry.location(of: "id")
            let result = DeviceBuilder(entry: entry, id: id, existing: catalog[id]).build()
            diagnostics.append(contentsOf: result.diagnostics)
            guard let device = result.device else { continue }
            if let index = catalog.devices.firstIndex(where: { $0.id == id }) {
                diagnostics.append(.note(
                    "device '\(id)' overrides the bundled device of that id (\(catalog.devices[index].name)); "
                        + "the fields it leaves out keep their bundled values",
                    at: entry.location(of: "id")))
                catalog.devices[index] = device
            } else {
                catalog.devices.append(device)
            }
        }
        return (catalog, diagnostics)
    }
}

/// Applies one entry to an existing device or to the defaults of a new one.
private struct DeviceBuilder {
    let entry: DeviceEntry
    let id: String
    let existing: Device?
    var diagnostics: [Diagnostic] = []

    init(entry: DeviceEntry, id: String, existing: Device?) {
        self.entry = entry
        self.id = id
        self.existing = existing
    }

    mutating func error(_ message: String, field: String) {
        diagnostics.append(.error("device '\(id)': \(message)", at: entry.location(of: field)))
    }

    consuming func build() -> (device: Device?, diagnostics: [Diagnostic]) {
        if !Self.isKebabCase(id) {
            error("the id must be kebab-case: lowercase letters and digits joined by '-'", field: "id")
        }
        if existing == nil {
            let missing = [
                ("name", entry.name == nil), ("family", entry.family == nil), ("width", entry.width == nil),
                ("height", entry.height == nil), ("scale", entry.scale == nil),
            ].filter(\.1).map(\.0)
            if !missing.isEmpty {
                error("a new device needs \(missing.map { "'\($0)'" }.joined(separator: ", "))", field: "id")
            }
        }
        var family = existing?.family ?? .phone
        if let name = entry.family {
            if let parsed = DeviceFamily(rawValue: name.lowercased()) ?? Self.familyAliases[name.lowercased()] {
                family = parsed
            } else {
                error("unknown family '\(name)'\(Suggestions.hint(for: name, among: ["phone", "pad"], limit: 3))", field: "family")
            }
        }
        var housingKind = existing?.sensorHousing.kind ?? .none
        if let name = entry.sensorHousing {
            let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
            if let kind = SensorHousing.Kind(rawValue: key) ?? (key == "dynamicisland" ? .island : nil) {
                housingKind = kind
            } else {
                error("unknown sensor housing '\(name)'\(Suggestions.hint(for: name, among: ["none", "notch", "island"], limit: 3))", field: "sensorHousing")
            }
        }
        var housingRect = existing?.sensorHousing.portraitRect
        if let box = entry.sensorRect {
            if let x = box.x, let y = box.y, let w = box.width, let h = box.height {
                housingRect = Rect(x: x, y: y, width: w, height: h)
            } else {
                error("'sensorRect' needs x, y, width and height", field: "sensorRect")
            }
        }
        let classes = sizeClassOverrides()
        checkNumbers()
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }

        let width = entry.width ?? existing?.width ?? 0
        let height = entry.height ?? existing?.height ?? 0
        let homeIndicator = entry.homeIndicator ?? existing?.hasHomeIndicator ?? (family == .pad || housingKind != .none)
        let device = Device(
            id: id,
            name: entry.name ?? existing?.name ?? id,
            models: entry.models ?? existing?.models ?? [],
            family: family, width: width, height: height,
            scale: entry.scale ?? existing?.scale ?? 0,
            nativeScale: entry.scale ?? existing?.nativeScale,
            cornerRadius: entry.cornerRadius ?? existing?.cornerRadius ?? 0,
            sensorHousing: SensorHousing(kind: housingKind, portraitRect: housingRect),
            hasHomeIndicator: homeIndicator,
            supportsUpsideDown: entry.upsideDown ?? existing?.supportsUpsideDown ?? (family == .pad || !homeIndicator),
            portrait: metrics(landscape: false, family: family, width: width, homeIndicator: homeIndicator, housing: housingKind, classes: classes[false]),
            landscape: metrics(landscape: true, family: family, width: width, homeIndicator: homeIndicator, housing: housingKind, classes: classes[true]),
            multitasking: multitasking(family: family, width: width, height: height),
            source: entry.source ?? existing.map { "\($0.source); overridden in \(entry.location)" } ?? "site config (\(entry.location))")
        for problem in device.problems() {
            error(problem.message, field: problem.field)
        }
        return diagnostics.isEmpty ? (device, diagnostics) : (nil, diagnostics)
    }

    /// The size classes the entry sets, by orientation (`true`: landscape),
    /// over the existing device's.
    private mutating func sizeClassOverrides() -> [Bool: SizeClasses] {
        var classes: [Bool: SizeClasses] = [:]
        for (landscape, pair) in [(false, entry.sizeClasses.portrait), (true, entry.sizeClasses.landscape)] {
            guard let pair else { continue }
            let axis = landscape ? "landscape" : "portrait"
            var parsed = SizeClasses(horizontal: .compact, vertical: .regular)
            if let old = existing?.metrics(in: landscape ? .landscapeRight : .portrait).sizeClasses { parsed = old }
            for (field, value) in [("width", pair.width), ("height", pair.height)] {
                guard let value else { continue }
                guard let sizeClass = SizeClass(rawValue: value.lowercased()) else {
                    error("unknown size class '\(value)'; expected 'compact' or 'regular'", field: "sizeClasses.\(axis).\(field)")
                    continue
                }
                if field == "width" { parsed.horizontal = sizeClass } else { parsed.vertical = sizeClass }
            }
            classes[landscape] = parsed
        }
        return classes
    }

    /// Every number is checked against the range of lengths before any is
    /// used: a width of 1e308 must be an error here, not an overflow in the
    /// geometry derived from it.
    private mutating func checkNumbers() {
        var inRange = true
        for (field, value) in entry.numericFields where !LayoutLimits.isInRange(value) {
            // Four decimals would print a tiny value as 0; Swift's shortest
            // form shows it as written.
            let shown = abs(value) < LayoutLimits.smallestNumber ? "\(value)" : formatNumber(value)
            error("'\(field)' is \(shown); lengths and scales are \(LayoutLimits.rangeText)", field: field)
            inRange = false
        }
        for (field, value) in [("width", entry.width), ("height", entry.height), ("scale", entry.scale)] {
            if inRange, let value, !(value > 0) {
                error("'\(field)' must be positive (found \(formatPoints(value)))", field: field)
            }
        }
    }

    /// The entry's values over the existing device's, or over the defaults
    /// documented on ``DeviceEntry``.
    private func metrics(landscape: Bool, family: DeviceFamily, width: Double, homeIndicator: Bool, housing: SensorHousing.Kind, classes: SizeClasses?) -> Device.OrientationMetrics {
        let old = existing?.metrics(in: landscape ? .landscapeRight : .portrait)
        let portraitStatusBar = entry.statusBar.portrait ?? existing?.portrait.statusBarHeight
            ?? (family == .pad ? (homeIndicator ? 24 : 20) : (homeIndicator ? 44 : 20))
        let statusBar = landscape
            ? (entry.statusBar.landscape ?? old?.statusBarHeight ?? (family == .pad ? portraitStatusBar : 0))
            : portraitStatusBar
        let defaults: EdgeInsets
        let portraitTop = entry.safeArea.portrait?.top ?? existing?.portrait.safeAreaInsets.top ?? portraitStatusBar
        switch (family, landscape) {
        case (.phone, false):
            defaults = EdgeInsets(top: portraitStatusBar, bottom: homeIndicator ? 34 : 0)
        case (.phone, true):
            let side = housing == .none ? 0 : portraitTop
            defaults = EdgeInsets(top: statusBar, left: side, bottom: homeIndicator ? 21 : 0, right: side)
        case (.pad, _):
            defaults = EdgeInsets(top: statusBar, bottom: homeIndicator ? 20 : 0)
        }
        let base = old?.safeAreaInsets ?? defaults
        let given = landscape ? entry.safeArea.landscape : entry.safeArea.portrait
        let insets = EdgeInsets(
            top: given?.top ?? base.top, left: given?.left ?? base.left,
            bottom: given?.bottom ?? base.bottom, right: given?.right ?? base.right)
        let defaultClasses: SizeClasses = switch (family, landscape) {
        case (.pad, _): SizeClasses(horizontal: .regular, vertical: .regular)
        case (.phone, false): SizeClasses(horizontal: .compact, vertical: .regular)
        case (.phone, true): SizeClasses(horizontal: width >= Device.regularLandscapeWidthThreshold ? .regular : .compact, vertical: .compact)
        }
        return Device.OrientationMetrics(
            statusBarHeight: statusBar, safeAreaInsets: insets,
            sizeClasses: classes ?? old?.sizeClasses ?? defaultClasses)
    }

    /// The existing windows when the size is unchanged, else derived ones.
    private func multitasking(family: DeviceFamily, width: Double, height: Double) -> [MultitaskingWindow] {
        guard family == .pad else { return [] }
        if let existing, existing.family == .pad, existing.width == width, existing.height == height {
            return existing.multitasking
        }
        return MultitaskingWindow.derived(portraitWidth: width, height: height)
    }

    static let familyAliases: [String: DeviceFamily] = ["iphone": .phone, "ipad": .pad]

    static func isKebabCase(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ($0.isASCII && $0.isLowercase) || ($0.isASCII && $0.isNumber) }
        }
    }
}

extension DeviceEntry {
    /// Every number the entry gives, named by its field's path as
    /// `fieldLocations` records it (`safeArea.portrait.top`).
    var numericFields: [(field: String, value: Double)] {
        var fields: [(String, Double?)] = [
            ("width", width), ("height", height), ("scale", scale), ("cornerRadius", cornerRadius),
            ("sensorRect.x", sensorRect?.x), ("sensorRect.y", sensorRect?.y),
            ("sensorRect.width", sensorRect?.width), ("sensorRect.height", sensorRect?.height),
            ("statusBar.portrait", statusBar.portrait), ("statusBar.landscape", statusBar.landscape),
        ]
        for (name, insets) in [("portrait", safeArea.portrait), ("landscape", safeArea.landscape)] {
            fields += [("safeArea.\(name).top", insets?.top), ("safeArea.\(name).left", insets?.left),
                       ("safeArea.\(name).bottom", insets?.bottom), ("safeArea.\(name).right", insets?.right)]
        }
        return fields.compactMap { field, value in value.map { (field, $0) } }
    }
}

extension Device {
    /// Phones at least this wide in portrait are regular width in landscape
    /// (8 Plus, XR / 11, the Max and Plus models, all 414 pt or wider; the
    /// widest compact one is the 16 Pro at 402 pt).
    public static let regularLandscapeWidthThreshold: Double = 414
}
