/// One condition of a trait variant (`when width is compact { … }`).
///
/// A variant applies in an environment when all of its conditions hold
/// (`when pad and landscape { … }`).
public enum TraitCondition: Hashable, Sendable, CustomStringConvertible {
    /// `width is compact|regular`: the horizontal size class.
    case horizontalSizeClass(isRegular: Bool)
    /// `height is compact|regular`: the vertical size class.
    case verticalSizeClass(isRegular: Bool)
    /// `landscape` (either side) or `portrait`.
    case landscape(Bool)
    /// `pad` or `phone`.
    case pad(Bool)
    /// `textSize >= AX1`: compares the Dynamic Type size; the index is in
    /// `TextSizeName.all` (xSmall = 0 … AX5 = 11).
    case textSize(LayoutRelation, index: Int)

    public var description: String {
        switch self {
        case .horizontalSizeClass(let regular): "width is \(regular ? "regular" : "compact")"
        case .verticalSizeClass(let regular): "height is \(regular ? "regular" : "compact")"
        case .landscape(let yes): yes ? "landscape" : "portrait"
        case .pad(let yes): yes ? "pad" : "phone"
        case .textSize(let relation, let index): "textSize \(relation.rawValue) \(TextSizeName.all[index])"
        }
    }
}

/// The Dynamic Type sizes as a block may name them, smallest first.
///
/// Spellings are matched case-insensitively, with or without the
/// abbreviations Apple uses (`xSmall`/`xS`, `large`/`L`, `AX1`).
enum TextSizeName {
    static let all = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                      "AX1", "AX2", "AX3", "AX4", "AX5"]
    static let abbreviations = ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]

    static func index(of word: String) -> Int? {
        let lower = word.lowercased()
        if lower == "default" { return 3 }
        if let i = all.firstIndex(where: { $0.lowercased() == lower }) { return i }
        return abbreviations.firstIndex(of: lower)
    }
}
