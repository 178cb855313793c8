/// One condition of a trait variant (`when width is compact { … }`).
///
/// A variant applies in an environment when all of its conditions hold
/// (`when pad and landscape { … }`).
public enum TraitCondition: Hashable, Sendable, CustomStringConvertible {
    /// The words a condition after `when` starts with, for did-you-mean
    /// suggestions and an editor's completion.
    package static let words = ["width", "height", "landscape", "portrait", "pad", "phone", "textSize"]

    /// `width is compact|regular`: the horizontal size class.
    case horizontalSizeClass(isRegular: Bool)
    /// `height is compact|regular`: the vertical size class.
    case verticalSizeClass(isRegular: Bool)
    /// `landscape` (either side) or `portrait`.
    case landscape(Bool)
    /// `pad` or `phone`.
    case pad(Bool)
    /// `textSize >= AX1`: compares the Dynamic Type size.
    case textSize(LayoutRelation, TextSize)

    public var description: String {
        switch self {
        case .horizontalSizeClass(let regular): "width is \(regular ? "regular" : "compact")"
        case .verticalSizeClass(let regular): "height is \(regular ? "regular" : "compact")"
        case .landscape(let yes): yes ? "landscape" : "portrait"
        case .pad(let yes): yes ? "pad" : "phone"
        case .textSize(let relation, let size): "textSize \(relation.rawValue) \(size.languageName)"
        }
    }
}
