/// The names a block can use without declaring them.
package enum SystemGuide {
    /// The guides whose frames every solution reports.
    package static let reported = ["screen", "safe", "margins", "readable"]
    /// Every guide: the display, the app's window, the safe area, the
    /// layout margins, the readable content guide, and the system bars.
    package static let all = ["screen", "window", "safe", "margins", "readable",
                              "statusBar", "navigationBar", "tabBar", "toolbar", "homeIndicator"]
}
