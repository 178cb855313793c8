import KumikiLayoutLanguage

/// The interface orientation a layout is solved in.
///
/// The names follow `UIInterfaceOrientation`: in ``landscapeRight`` the home
/// button or home indicator is on the right, so the sensor housing is on the
/// **left** edge; ``landscapeLeft`` is its mirror image. The catalog's
/// landscape data is given for `landscapeRight`. Upside-down portrait is not
/// an environment (see ``Device/supportsUpsideDown``).
public enum Orientation: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case portrait
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"

    public var isLandscape: Bool { self != .portrait }

    private var rank: Int {
        switch self {
        case .portrait: 0
        case .landscapeLeft: 1
        case .landscapeRight: 2
        }
    }

    public static func < (lhs: Orientation, rhs: Orientation) -> Bool { lhs.rank < rhs.rank }
}
