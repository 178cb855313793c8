import KumikiLayoutLanguage

/// One place a layout is solved in: a device in an orientation, a
/// multitasking mode, a text size and a set of system bars, with every
/// rectangle the layout language's guides need.
///
/// All rectangles are in screen points, origin at the top-left of the screen
/// in this orientation (``Rect``). How each one is derived:
///
/// - ``screen``: the display, the portrait size turned in landscape.
/// - ``window``: the screen, or the Split View pane on the leading side at
///   full height, or the Slide Over window on the trailing side
///   (``MultitaskingWindow``).
/// - ``safeArea``: the window intersected with the screen inset by the
///   device's safe-area insets (landscape left mirrors landscape right's),
///   then pushed in by the bars shown (``SystemBars``): a navigation bar
///   sits right below the status bar (at y = 54 on Dynamic Island phones,
///   where the safe top is 59), tab bars and toolbars sit on the
///   home-indicator band. Hiding the status bar removes its height from the
///   top inset unless a notch or Dynamic Island holds the top edge.
/// - ``margins``: the safe area inset left and right by 16 pt (compact
///   width) or 20 pt (regular width), as UIKit's root-view layout margins.
/// - ``readable``: the readable content guide, 672 pt at the default text
///   size scaled by the body size (672 × body / 17, the model of
///   `reference/dynamic-type.md`), centred in the margins and never wider
///   than they are.
/// - ``sizeClasses``: the device's full-screen classes, or the window's in
///   Split View and Slide Over.
/// - ``homeIndicator``: the iPhone pill, 134×5 pt, centred, its bottom edge
///   8 pt above the screen's (assumed on iPads as well).
/// - ``sensorHousing``: the device's housing turned to this orientation.
public struct Environment: Hashable, Sendable, Identifiable {
    /// `DEVICE/ORIENTATION[/SPLIT][/TEXTSIZE]`: the split part is left out
    /// in full screen and the text-size part at the default size, e.g.
    /// `iphone-x/portrait`, `ipad-pro-12-9/landscape-right/half`,
    /// `iphone-x/portrait/ax3`.
    public var id: String
    public var device: Device
    public var orientation: Orientation
    public var split: Split
    public var textSize: TextSize
    public var bars: SystemBars
    /// The whole display in this orientation.
    public var screen: Rect
    /// The app's window (the screen unless split).
    public var window: Rect
    /// The window's safe area, bars included.
    public var safeArea: Rect
    /// The layout margins guide.
    public var margins: Rect
    /// The readable content guide.
    public var readable: Rect
    /// The window's size classes.
    public var sizeClasses: SizeClasses
    public var homeIndicator: Rect?
    public var sensorHousing: Rect?
    /// The display's corner radius.
    public var cornerRadius: Double
    /// The bars' frames, `nil` for bars not shown. Tab bar and toolbar
    /// frames include the home-indicator band below them.
    public var statusBarFrame: Rect?
    public var navigationBarFrame: Rect?
    public var tabBarFrame: Rect?
    public var toolbarFrame: Rect?

    /// The readable content width at the default text size (UYL, measured on
    /// an iPad in landscape).
    public static let readableWidthAtDefaultSize: Double = 672

    /// The pill the home indicator draws on iPhones.
    public static let homeIndicatorSize = (width: 134.0, height: 5.0, bottomOffset: 8.0)

    /// The environment, or `nil` when the device offers no window for
    /// `split` in `orientation` (a phone in Split View, an iPad's ½ split in
    /// portrait).
    public init?(
        device: Device, orientation: Orientation, split: Split = .full,
        textSize: TextSize = .default, bars: SystemBars = .default
    ) {
        let metrics = device.metrics(in: orientation)
        let screen = device.screen(in: orientation)
        let window: Rect
        let sizeClasses: SizeClasses
        if split == .full {
            window = screen
            sizeClasses = metrics.sizeClasses
        } else {
            guard let pane = device.multitaskingWindow(for: split, in: orientation) else { return nil }
            window = split == .slideOver
                ? Rect(x: screen.width - pane.width, y: (screen.height - pane.height) / 2, width: pane.width, height: pane.height)
                : Rect(x: 0, y: 0, width: pane.width, height: pane.height)
            sizeClasses = pane.sizeClasses
        }

        let statusBarShown = bars.statusBar && metrics.statusBarHeight > 0
        var insets = metrics.safeAreaInsets
        let housingHoldsTop = orientation == .portrait && device.sensorHousing.kind != .none
        if !bars.statusBar && !housingHoldsTop {
            insets.top = max(0, insets.top - metrics.statusBarHeight)
        }
        let unbarred = window.intersection(screen.inset(by: insets))
        let heights = BarMetrics(device: device, orientation: orientation)

        var top = unbarred.minY
        var navigationBarFrame: Rect?
        let navigationHeight = heights.height(of: bars.navigationBar)
        if navigationHeight > 0 {
            let y = statusBarShown ? max(window.minY, metrics.statusBarHeight) : unbarred.minY
            navigationBarFrame = Rect(x: window.minX, y: y, width: window.width, height: navigationHeight)
            top = max(top, y + navigationHeight)
        }
        var bottom = unbarred.maxY
        var tabBarFrame: Rect?
        var toolbarFrame: Rect?
        if bars.tabBar {
            bottom -= heights.tabBar
            tabBarFrame = Rect(x: window.minX, y: bottom, width: window.width, height: window.maxY - bottom)
        }
        if bars.toolbar {
            let barBottom = bottom
            bottom -= heights.toolbar
            toolbarFrame = Rect(
                x: window.minX, y: bottom, width: window.width,
                height: (bars.tabBar ? barBottom : window.maxY) - bottom)
        }
        let safeArea = Rect(x: unbarred.minX, y: top, width: unbarred.width, height: max(0, bottom - top))
        let margin: Double = sizeClasses.horizontal == .regular ? 20 : 16
        let margins = safeArea.inset(by: EdgeInsets(left: margin, right: margin))
        let readableWidth = min(margins.width, Environment.readableWidth(at: textSize))

        self.id = Environment.id(device: device.id, orientation: orientation, split: split, textSize: textSize)
        self.device = device
        self.orientation = orientation
        self.split = split
        self.textSize = textSize
        self.bars = bars
        self.screen = screen
        self.window = window
        self.safeArea = safeArea
        self.margins = margins
        self.readable = Rect(x: margins.midX - readableWidth / 2, y: margins.minY, width: readableWidth, height: margins.height)
        self.sizeClasses = sizeClasses
        self.homeIndicator = device.hasHomeIndicator
            ? Rect(
                x: (screen.width - Environment.homeIndicatorSize.width) / 2,
                y: screen.height - Environment.homeIndicatorSize.bottomOffset - Environment.homeIndicatorSize.height,
                width: Environment.homeIndicatorSize.width, height: Environment.homeIndicatorSize.height)
            : nil
        self.sensorHousing = device.sensorHousingRect(in: orientation)
        self.cornerRadius = device.cornerRadius
        self.statusBarFrame = statusBarShown ? Rect(x: 0, y: 0, width: screen.width, height: metrics.statusBarHeight) : nil
        self.navigationBarFrame = navigationBarFrame
        self.tabBarFrame = tabBarFrame
        self.toolbarFrame = toolbarFrame
    }

    /// The readable content width the model gives at `textSize`, before it
    /// is clamped to the margins: 672 × body size / 17.
    public static func readableWidth(at textSize: TextSize) -> Double {
        readableWidthAtDefaultSize * textSize.bodyPointSize / TextSize.default.bodyPointSize
    }

    /// `DEVICE/ORIENTATION[/SPLIT][/TEXTSIZE]`.
    public static func id(device: String, orientation: Orientation, split: Split = .full, textSize: TextSize = .default) -> String {
        var parts = [device, orientation.rawValue]
        if split != .full { parts.append(split.rawValue) }
        if textSize != .default { parts.append(textSize.idComponent) }
        return parts.joined(separator: "/")
    }

    /// The safe area's distance from each edge of the window.
    public var safeAreaInsets: EdgeInsets { window.insets(of: safeArea) }

    /// The horizontal layout margin: 16 pt in compact width, 20 pt in regular.
    public var layoutMargin: Double { sizeClasses.horizontal == .regular ? 20 : 16 }
}
