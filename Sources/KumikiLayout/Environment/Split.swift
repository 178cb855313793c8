import KumikiLayoutLanguage

/// The iPad multitasking mode of the app's window.
///
/// In Split View the app is the pane on the leading (left) side of the
/// screen and keeps the full screen height; ``twoThirds``, ``half`` and
/// ``oneThird`` name the app's share. ``slideOver`` is the narrow window
/// that floats over another app on the trailing side. Which modes exist
/// for which iPad and orientation is catalog data (``Device/multitasking``);
/// phones only have ``full``.
public enum Split: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case full
    case twoThirds = "two-thirds"
    case half
    case oneThird = "one-third"
    case slideOver = "slide-over"

    private var rank: Int {
        switch self {
        case .full: 0
        case .twoThirds: 1
        case .half: 2
        case .oneThird: 3
        case .slideOver: 4
        }
    }

    public static func < (lhs: Split, rhs: Split) -> Bool { lhs.rank < rhs.rank }

    /// The fraction as the HIG writes it (`2/3`), or the mode's name.
    public var shortName: String {
        switch self {
        case .full: "full"
        case .twoThirds: "2/3"
        case .half: "1/2"
        case .oneThird: "1/3"
        case .slideOver: "slide over"
        }
    }
}

extension Split {
    /// The mode a word names: a raw value (`two-thirds`), a fraction (`2/3`),
    /// `full` or `none` (full screen), camel case (`slideOver`), ignoring case.
    public init?(spelling: String) {
        let key = String(spelling.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        switch key {
        case "full", "none", "fullscreen": self = .full
        case "twothirds", "2/3", "⅔": self = .twoThirds
        case "half", "1/2", "½": self = .half
        case "onethird", "1/3", "⅓": self = .oneThird
        case "slideover": self = .slideOver
        default: return nil
        }
    }
}
