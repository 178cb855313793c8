import KumikiSupport

/// A property a view sets on a line of its own, in UIKit's vocabulary:
/// `title.hugging = 251`, `note.lines = 0`.
///
/// A property line looks like a constraint (`item.word = value`) but sets a
/// value instead of relating anchors, so it takes only `=` and no priority.
public enum ViewProperty: String, CaseIterable, Hashable, Sendable {
    /// Content hugging on both axes.
    case hugging
    case horizontalHugging
    case verticalHugging
    /// Compression resistance on both axes.
    case compressionResistance
    case horizontalCompressionResistance
    case verticalCompressionResistance
    /// A label's number of lines, as UILabel's `numberOfLines`.
    case lines
    /// The colour the view is filled with: a `color` token.
    case fill
    /// The colour of a label's or control's text: a `color` token.
    case textColor
    /// The type a label's or control's text is set in: a `typography` token.
    case font

    /// For the properties set by a design token, the DTCG type the token
    /// must have; nil for the others, which take numbers.
    public var tokenType: String? {
        switch self {
        case .fill, .textColor: "color"
        case .font: "typography"
        default: nil
        }
    }

    /// For the content priorities: the constraint's relation (hugging keeps
    /// the size at most the intrinsic one, resistance at least) and the
    /// dimensions it applies to. Nil for `lines`.
    var contentPriority: (relation: LayoutRelation, dimensions: [LayoutAttribute])? {
        switch self {
        case .hugging: (.lessThanOrEqual, [.width, .height])
        case .horizontalHugging: (.lessThanOrEqual, [.width])
        case .verticalHugging: (.lessThanOrEqual, [.height])
        case .compressionResistance: (.greaterThanOrEqual, [.width, .height])
        case .horizontalCompressionResistance: (.greaterThanOrEqual, [.width])
        case .verticalCompressionResistance: (.greaterThanOrEqual, [.height])
        case .lines, .fill, .textColor, .font: nil
        }
    }

    /// A value to show in messages, as in `title.hugging = 251`.
    var example: String {
        switch self {
        case .lines: "0"
        case .fill: "{color.accent}"
        case .textColor: "{color.on-accent}"
        case .font: "{typography.body}"
        case .hugging, .horizontalHugging, .verticalHugging: "251"
        default: "760"
        }
    }

    /// The replacement key of a content priority on one dimension: a
    /// variant's `title.hugging` replaces the base `title.horizontalHugging`
    /// and `title.verticalHugging`, each on its own.
    package static func key(view: String, relation: LayoutRelation, dimension: LayoutAttribute) -> ConstraintKey {
        let axis = dimension == .width ? "horizontal" : "vertical"
        let name = relation == .lessThanOrEqual ? "Hugging" : "CompressionResistance"
        return ConstraintKey(anchor: "\(view).\(axis)\(name)", relation: .equal)
    }

    /// What one key sets, for messages: "horizontal content hugging priority".
    static func describe(relation: LayoutRelation, dimension: LayoutAttribute) -> String {
        let axis = dimension == .width ? "horizontal" : "vertical"
        return relation == .lessThanOrEqual
            ? "\(axis) content hugging priority" : "\(axis) compression resistance priority"
    }
}

/// `save.fill = {color.accent}`: a view's colour or type, a design token
/// named by its dotted path. Only the parser makes one.
public struct ViewStyleLine: Hashable, Sendable {
    public var view: String
    /// `fill`, `textColor` or `font`.
    public var property: ViewProperty
    /// The token's dotted path, as written between the braces.
    public var token: String
    public var location: SourceLocation
}

/// `note.lines = 0`: how many lines a label may use.
///
/// 1 (the default, as UILabel's) keeps the text on one line; 0 lets it wrap
/// onto as many lines as it needs; N > 1 onto at most N. Only the parser
/// makes one (its memberwise initialiser is internal).
public struct LineLimit: Hashable, Sendable {
    public var view: String
    /// 0 for as many lines as needed.
    public var lines: Int
    public var location: SourceLocation
}
