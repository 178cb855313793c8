extension TextSize {
    /// The size as a `when textSize … {` condition spells it: `xSmall` …
    /// `xxxLarge`, `AX1` … `AX5`.
    public var languageName: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .ax1: "AX1"
        case .ax2: "AX2"
        case .ax3: "AX3"
        case .ax4: "AX4"
        case .ax5: "AX5"
        }
    }

    /// The size a condition names, ignoring case: a `languageName`, an
    /// abbreviation (`xs`, `s`, `m`, `l`, `xl`, `xxl`, `xxxl`) or `default`.
    init?(languageName word: String) {
        let lower = word.lowercased()
        if lower == "default" {
            self = .default
            return
        }
        if let size = TextSize.allCases.first(where: { $0.languageName.lowercased() == lower }) {
            self = size
            return
        }
        let abbreviations = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
        guard let index = abbreviations.firstIndex(of: lower) else { return nil }
        self = TextSize.allCases[index]
    }
}
