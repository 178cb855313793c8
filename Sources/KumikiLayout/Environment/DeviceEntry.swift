import KumikiLayoutLanguage
import KumikiSupport

/// A device as a site's `kumiki.yml` describes it: a new device, or fields
/// that override a bundled one with the same id.
///
/// Every field but ``id`` is optional, and plain (`String`, `Double`,
/// `Bool`), so the site's YAML reader fills it directly. The YAML shape:
///
/// ```yaml
/// devices:
///   - id: studio-phone              # kebab-case; a bundled id overrides that device (and is noted)
///     name: Studio Phone            # required for a new device
///     models: [Studio Phone 2]      # optional: other names blocks may use
///     family: phone                 # phone | pad (required for a new device)
///     width: 400                    # portrait points (required for a new device)
///     height: 880                   # portrait points (required for a new device)
///     scale: 3                      # required for a new device
///     cornerRadius: 60
///     sensorHousing: island         # none | notch | island
///     sensorRect: {x: 137, y: 13, width: 126, height: 37}   # portrait, top-left origin
///     homeIndicator: true
///     upsideDown: false
///     statusBar: {portrait: 54, landscape: 0}
///     safeArea:
///       portrait: {top: 62, left: 0, bottom: 34, right: 0}
///       landscape: {top: 0, left: 62, bottom: 21, right: 62}   # landscape right
///     sizeClasses:
///       portrait: {width: compact, height: regular}
///       landscape: {width: compact, height: compact}
///     source: measured in the simulator, 2026
/// ```
///
/// Bundled devices a site does not check are listed by id under
/// `exclude_devices:` (see ``DeviceExclusion``), not here.
///
/// A new device takes defaults for what it leaves out: no rounded corners,
/// no sensor housing; a home indicator when it has a sensor housing (phones)
/// or always (pads); status bar 20 (44 with a home indicator) on phones, 24
/// on pads (20 without a home indicator), hidden on phones in landscape;
/// safe areas from the status bar, the housing and the home-indicator band
/// (34 / 21 on phones, 20 on pads); the size-class rules of ``SizeClasses``;
/// iPad multitasking windows by ``MultitaskingWindow/derived(portraitWidth:height:)``.
public struct DeviceEntry: Hashable, Sendable {
    /// Four optional insets; a missing one keeps the device's (or default) value.
    public struct Insets: Hashable, Sendable {
        public var top: Double?
        public var left: Double?
        public var bottom: Double?
        public var right: Double?

        public init(top: Double? = nil, left: Double? = nil, bottom: Double? = nil, right: Double? = nil) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// A rectangle; all four fields are required when it is given.
    public struct Box: Hashable, Sendable {
        public var x: Double?
        public var y: Double?
        public var width: Double?
        public var height: Double?

        public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Size classes spelt `compact` or `regular`.
    public struct SizeClassPair: Hashable, Sendable {
        public var width: String?
        public var height: String?

        public init(width: String? = nil, height: String? = nil) {
            self.width = width
            self.height = height
        }
    }

    /// A value per orientation (`landscape` is landscape right).
    public struct PerOrientation<Value: Hashable & Sendable>: Hashable, Sendable {
        public var portrait: Value?
        public var landscape: Value?

        public init(portrait: Value? = nil, landscape: Value? = nil) {
            self.portrait = portrait
            self.landscape = landscape
        }
    }

    public var id: String?
    public var name: String?
    public var models: [String]?
    public var family: String?
    public var width: Double?
    public var height: Double?
    public var scale: Double?
    public var cornerRadius: Double?
    public var sensorHousing: String?
    public var sensorRect: Box?
    public var homeIndicator: Bool?
    public var upsideDown: Bool?
    public var statusBar: PerOrientation<Double>
    public var safeArea: PerOrientation<Insets>
    public var sizeClasses: PerOrientation<SizeClassPair>
    public var source: String?
    /// Where the entry starts in `kumiki.yml` (its `- id:` line).
    public var location: SourceLocation
    /// Where individual fields are, keyed by their path (`width`,
    /// `safeArea.portrait`, `safeArea.portrait.top`); diagnostics about a
    /// field point there, else at ``location``.
    public var fieldLocations: [String: SourceLocation]

    public init(
        id: String?, at location: SourceLocation, name: String? = nil, models: [String]? = nil,
        family: String? = nil, width: Double? = nil, height: Double? = nil, scale: Double? = nil,
        cornerRadius: Double? = nil, sensorHousing: String? = nil, sensorRect: Box? = nil,
        homeIndicator: Bool? = nil, upsideDown: Bool? = nil,
        statusBar: PerOrientation<Double> = .init(), safeArea: PerOrientation<Insets> = .init(),
        sizeClasses: PerOrientation<SizeClassPair> = .init(), source: String? = nil,
        fieldLocations: [String: SourceLocation] = [:]
    ) {
        self.id = id
        self.location = location
        self.name = name
        self.models = models
        self.family = family
        self.width = width
        self.height = height
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.sensorHousing = sensorHousing
        self.sensorRect = sensorRect
        self.homeIndicator = homeIndicator
        self.upsideDown = upsideDown
        self.statusBar = statusBar
        self.safeArea = safeArea
        self.sizeClasses = sizeClasses
        self.source = source
        self.fieldLocations = fieldLocations
    }

    /// Where to report a problem with `field`: its own location, the nearest
    /// enclosing field's, or the entry's.
    func location(of field: String) -> SourceLocation {
        var path = field
        while true {
            if let place = fieldLocations[path] { return place }
            guard let dot = path.lastIndex(of: ".") else { return location }
            path = String(path[..<dot])
        }
    }
}
