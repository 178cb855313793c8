import KumikiLayoutLanguage

/// One class of iPhone or iPad: every model that shares a screen in points,
/// insets and size classes (the iPhone 12, 13 and 14 are one `Device`).
///
/// Facts come from the catalog data (``DeviceCatalog/bundled()``) or from a
/// site's `kumiki.yml` (``DeviceEntry``), never from code paths per model.
/// Geometry is stored for portrait and for landscape right; an
/// ``Environment`` derives the rest.
public struct Device: Hashable, Sendable, Identifiable {
    /// What one orientation changes: the status bar, the safe-area insets and
    /// the size classes.
    public struct OrientationMetrics: Hashable, Sendable {
        /// 0 when the status bar is hidden (iPhones in landscape).
        public var statusBarHeight: Double
        /// The full-screen safe-area insets with the status bar shown and no
        /// other bars.
        public var safeAreaInsets: EdgeInsets
        /// The full-screen size classes.
        public var sizeClasses: SizeClasses

        public init(statusBarHeight: Double, safeAreaInsets: EdgeInsets, sizeClasses: SizeClasses) {
            self.statusBarHeight = statusBarHeight
            self.safeAreaInsets = safeAreaInsets
            self.sizeClasses = sizeClasses
        }
    }

    /// The stable kebab-case id, as the reference's `device_id` (`iphone-x`).
    public var id: String
    /// The group's name as people say it (`iPhone X / XS / 11 Pro`).
    public var name: String
    /// The marketed models the group covers (`iPhone XS`, `iPhone 11 Pro`);
    /// blocks may name a device by any of them.
    public var models: [String]
    public var family: DeviceFamily
    /// Screen width in portrait, points.
    public var width: Double
    /// Screen height in portrait, points.
    public var height: Double
    /// Points to rendered pixels (2 or 3).
    public var scale: Double
    /// Points to physical panel pixels; differs from ``scale`` when the
    /// rendered image is resampled (8 Plus 2.608, 12 mini 2.88).
    public var nativeScale: Double
    /// The display's corner radius in points (0: square corners). Apple's
    /// corners are a continuous curve; a circular arc of this radius is close.
    public var cornerRadius: Double
    public var sensorHousing: SensorHousing
    /// Whether the device has a home indicator (and no home button).
    public var hasHomeIndicator: Bool
    /// Whether the hardware can show the interface upside down (home-button
    /// iPhones, every iPad). Not an environment of its own.
    public var supportsUpsideDown: Bool
    public var portrait: OrientationMetrics
    /// Landscape right (the housing on the left); landscape left mirrors it.
    public var landscape: OrientationMetrics
    /// The Split View and Slide Over windows the device offers, in the order
    /// of ``Split`` (empty on phones).
    public var multitasking: [MultitaskingWindow]
    /// Where the facts come from (keys of the source legend in
    /// ``DeviceCatalog``), or what the site config says.
    public var source: String

    public init(
        id: String, name: String, models: [String] = [], family: DeviceFamily, width: Double, height: Double,
        scale: Double, nativeScale: Double? = nil, cornerRadius: Double = 0, sensorHousing: SensorHousing = .none,
        hasHomeIndicator: Bool, supportsUpsideDown: Bool, portrait: OrientationMetrics, landscape: OrientationMetrics,
        multitasking: [MultitaskingWindow] = [], source: String = ""
    ) {
        self.id = id
        self.name = name
        self.models = models
        self.family = family
        self.width = width
        self.height = height
        self.scale = scale
        self.nativeScale = nativeScale ?? scale
        self.cornerRadius = cornerRadius
        self.sensorHousing = sensorHousing
        self.hasHomeIndicator = hasHomeIndicator
        self.supportsUpsideDown = supportsUpsideDown
        self.portrait = portrait
        self.landscape = landscape
        self.multitasking = multitasking
        self.source = source
    }

    /// The metrics in `orientation`: landscape left mirrors landscape right's
    /// insets (the data's insets are symmetric, a site's need not be).
    public func metrics(in orientation: Orientation) -> OrientationMetrics {
        switch orientation {
        case .portrait: return portrait
        case .landscapeRight: return landscape
        case .landscapeLeft:
            var mirrored = landscape
            mirrored.safeAreaInsets = landscape.safeAreaInsets.mirrored
            return mirrored
        }
    }

    /// The whole screen in `orientation`, origin at its top-left.
    public func screen(in orientation: Orientation) -> Rect {
        orientation.isLandscape
            ? Rect(x: 0, y: 0, width: height, height: width)
            : Rect(x: 0, y: 0, width: width, height: height)
    }

    /// The sensor housing's rectangle in `orientation`, `nil` without one.
    public func sensorHousingRect(in orientation: Orientation) -> Rect? {
        sensorHousing.rect(in: orientation, portraitWidth: width, portraitHeight: height)
    }

    /// The window the device offers for `split` in `orientation`, `nil` when
    /// it offers none (any split on a phone, ½ in iPad portrait).
    public func multitaskingWindow(for split: Split, in orientation: Orientation) -> MultitaskingWindow? {
        multitasking.first { $0.split == split && $0.isLandscape == orientation.isLandscape }
    }

    /// Whether the device is regular width in landscape (the Plus and Max
    /// phones, the XR / 11, every iPad).
    public var hasRegularWidthInLandscape: Bool { landscape.sizeClasses.horizontal == .regular }

    /// The portrait size as `375×812`.
    public var sizeDescription: String { "\(formatPoints(width))×\(formatPoints(height))" }
}
