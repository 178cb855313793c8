import KumikiLayoutLanguage

/// The app's window in one iPad multitasking mode.
///
/// Split View panes are on the leading side of the screen at full screen
/// height; the Slide Over window floats on the trailing side, 40 pt shorter
/// than the screen and centred vertically (the 40 pt is measured on the
/// 10.5" iPad, HACK 2018, and assumed for the others).
public struct MultitaskingWindow: Hashable, Sendable {
    public var split: Split
    /// Whether this window belongs to both landscape orientations (else portrait).
    public var isLandscape: Bool
    public var width: Double
    public var height: Double
    public var sizeClasses: SizeClasses
    /// Where the width comes from, or `derived`.
    public var source: String

    public init(split: Split, isLandscape: Bool, width: Double, height: Double, sizeClasses: SizeClasses, source: String = "") {
        self.split = split
        self.isLandscape = isLandscape
        self.width = width
        self.height = height
        self.sizeClasses = sizeClasses
        self.source = source
    }

    /// The narrowest window width that is regular width. Every sourced
    /// window ≤ 639 pt is compact and every one ≥ 678 pt is regular; the
    /// one window in between (13" M4 portrait ⅔, 647 pt) is taken as
    /// compact, like the ⅔ portrait pane of every other iPad.
    public static let regularWidthThreshold: Double = 678

    /// The divider between two Split View panes.
    public static let dividerWidth: Double = 10

    /// How much shorter a Slide Over window is than the screen.
    public static let slideOverHeightReduction: Double = 40

    /// The size classes of an iPad window `width` points wide.
    public static func sizeClasses(forWidth width: Double) -> SizeClasses {
        SizeClasses(horizontal: width >= regularWidthThreshold ? .regular : .compact, vertical: .regular)
    }

    /// The windows of an iPad whose portrait screen is `width` × `height`,
    /// by the pattern of the sourced data (`reference/notes.md` §8):
    /// - the narrow pane is 375 pt in landscape when the long side is at
    ///   least 1133 pt, else 320; in portrait 375 only when the short side
    ///   is at least 1024 pt, else 320;
    /// - ⅔ = screen width − narrow pane − 10-pt divider; ½ = (screen width − 10) / 2
    ///   (landscape only); Slide Over is as wide as the landscape narrow pane.
    ///
    /// Used for pads a site adds; the bundled iPads carry their windows as data,
    /// which this rule reproduces.
    public static func derived(portraitWidth width: Double, height: Double) -> [MultitaskingWindow] {
        let landscapeNarrow: Double = height >= 1133 ? 375 : 320
        let portraitNarrow: Double = width >= 1024 ? 375 : 320
        var windows: [MultitaskingWindow] = []
        func add(_ split: Split, landscape: Bool, _ w: Double, _ h: Double) {
            windows.append(MultitaskingWindow(
                split: split, isLandscape: landscape, width: w, height: h,
                sizeClasses: sizeClasses(forWidth: w), source: "derived"))
        }
        for landscape in [false, true] {
            let screenWidth = landscape ? height : width
            let screenHeight = landscape ? width : height
            let narrow = landscape ? landscapeNarrow : portraitNarrow
            add(.twoThirds, landscape: landscape, screenWidth - narrow - dividerWidth, screenHeight)
            if landscape { add(.half, landscape: landscape, (screenWidth - dividerWidth) / 2, screenHeight) }
            add(.oneThird, landscape: landscape, narrow, screenHeight)
            add(.slideOver, landscape: landscape, landscapeNarrow, screenHeight - slideOverHeightReduction)
        }
        return windows.sorted { ($0.isLandscape ? 1 : 0, $0.split) < ($1.isLandscape ? 1 : 0, $1.split) }
    }
}
