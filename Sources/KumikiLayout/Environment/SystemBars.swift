import KumikiLayoutLanguage

/// The system bars shown around a layout: they push the safe area inwards.
///
/// Heights (points, pre-iOS 26 UIKit values; `reference/notes.md` §9):
///
/// | bar | iPhone portrait | iPhone landscape | iPad |
/// |---|---|---|---|
/// | status bar | per device (20 … 54) | hidden | per device (24) |
/// | navigation bar, standard | 44 | 32; 44 on wide phones | 50 |
/// | navigation bar, large title | 96 | as standard (large titles collapse in compact height) | 102 |
/// | tab bar | 49 | 32; 49 on wide phones | 50; 45 above a home-indicator band (65 in all) |
/// | toolbar | 44 | 32; 44 on wide phones | 50 |
///
/// "Wide phones" are those with regular width in landscape (Plus, Max,
/// XR / 11). Tab bars and toolbars sit on top of the bottom safe-area inset
/// (the home-indicator band), so an iPhone X tab bar covers 49 + 34 = 83 pt.
/// Derived, not measured: the iPad large-title bar (50 + the 52-pt large
/// title strip of the iPhone's 96 − 44) and the 45-pt iPad tab bar
/// (QMUI's 65-pt total minus the 20-pt band).
public struct SystemBars: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The navigation bar's style.
    public enum NavigationBar: String, Hashable, Sendable, Codable, CaseIterable {
        case none
        case standard
        case largeTitle = "large-title"
    }

    /// Whether the status bar is shown. iPhones hide it in landscape
    /// whatever this says.
    public var statusBar: Bool
    public var navigationBar: NavigationBar
    public var tabBar: Bool
    public var toolbar: Bool

    public init(statusBar: Bool = true, navigationBar: NavigationBar = .none, tabBar: Bool = false, toolbar: Bool = false) {
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.tabBar = tabBar
        self.toolbar = toolbar
    }

    /// The status bar alone: what a block without a `bars:` line gets.
    public static let `default` = SystemBars()

    /// No bars at all, not even the status bar.
    public static let none = SystemBars(statusBar: false)

    /// The bars shown, as a `bars:` line lists them: `status, navigation, tab`.
    public var description: String {
        var names: [String] = []
        if statusBar { names.append("status") }
        switch navigationBar {
        case .none: break
        case .standard: names.append("navigation")
        case .largeTitle: names.append("large-title")
        }
        if tabBar { names.append("tab") }
        if toolbar { names.append("toolbar") }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// The bar heights of one device in one orientation (see ``SystemBars``).
struct BarMetrics: Hashable, Sendable {
    var navigationBar: Double
    var largeTitleNavigationBar: Double
    var tabBar: Double
    var toolbar: Double

    init(device: Device, orientation: Orientation) {
        switch device.family {
        case .pad:
            navigationBar = 50
            largeTitleNavigationBar = 102
            tabBar = device.hasHomeIndicator ? 45 : 50
            toolbar = 50
        case .phone:
            if orientation.isLandscape && !device.hasRegularWidthInLandscape {
                navigationBar = 32
                largeTitleNavigationBar = 32
                tabBar = 32
                toolbar = 32
            } else {
                navigationBar = 44
                largeTitleNavigationBar = orientation.isLandscape ? 44 : 96
                tabBar = 49
                toolbar = 44
            }
        }
    }

    func height(of style: SystemBars.NavigationBar) -> Double {
        switch style {
        case .none: 0
        case .standard: navigationBar
        case .largeTitle: largeTitleNavigationBar
        }
    }
}
