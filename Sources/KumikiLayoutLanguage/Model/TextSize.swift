/// A Dynamic Type content size category, from xSmall to AX5.
///
/// ``large`` is the system default. ``bodyPointSize`` is the body text style
/// size from the HIG's Dynamic Type table (``TextStyle`` holds every style's row).
public enum TextSize: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case ax1
    case ax2
    case ax3
    case ax4
    case ax5

    /// The size a device uses unless the reader changes it.
    public static let `default` = TextSize.large

    /// The body text size in points at this category.
    public var bodyPointSize: Double { TextStyle.body.pointSize(at: self) }

    /// Whether this is one of the accessibility sizes (AX1 and up).
    public var isAccessibilitySize: Bool { self >= .ax1 }

    /// The short spelling used in environment ids and tables: `xS`, `S`,
    /// `M`, `L`, `xL`, `xxL`, `xxxL`, `AX1` … `AX5`.
    public var shortName: String {
        switch self {
        case .xSmall: "xS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .xLarge: "xL"
        case .xxLarge: "xxL"
        case .xxxLarge: "xxxL"
        case .ax1: "AX1"
        case .ax2: "AX2"
        case .ax3: "AX3"
        case .ax4: "AX4"
        case .ax5: "AX5"
        }
    }

    /// The spelling in environment ids: the lowercased raw value (`ax3`, `xxxlarge`).
    public var idComponent: String { rawValue.lowercased() }

    private var rank: Int { TextSize.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.rank < rhs.rank }

    /// The category a word names, ignoring case: a case name (`xxxLarge`,
    /// `ax3`), a short name (`xxxL`, `AX3`), `extra-small`-style spellings,
    /// or `default`.
    public init?(spelling: String) {
        let key = TextSize.normalized(spelling)
        if key == "default" {
            self = .default
            return
        }
        for size in TextSize.allCases {
            let names = [size.rawValue, size.shortName, size.longName]
            if names.contains(where: { TextSize.normalized($0) == key }) {
                self = size
                return
            }
        }
        if key.hasPrefix("accessibility"), let size = TextSize(spelling: "ax" + key.dropFirst("accessibility".count)) {
            self = size
            return
        }
        return nil
    }

    /// Lowercased, without `-` and `_`, so `extra-large`, `extraLarge` and `XL` compare equal.
    private static func normalized(_ word: some StringProtocol) -> String {
        String(word.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// `extra-small` … `extra-extra-extra-large`, `accessibility-1` …
    private var longName: String {
        switch self {
        case .xSmall: "extra-small"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extra-large"
        case .xxLarge: "extra-extra-large"
        case .xxxLarge: "extra-extra-extra-large"
        case .ax1: "accessibility-1"
        case .ax2: "accessibility-2"
        case .ax3: "accessibility-3"
        case .ax4: "accessibility-4"
        case .ax5: "accessibility-5"
        }
    }
}
