/// One line of a layout block as written: the syntax tree's node.
///
/// A statement holds what its line says, with the columns diagnostics
/// point at, and nothing the rest of the block decides: whether a name is
/// declared, whether the line may stand inside a `when` block, what sugar
/// expands to. Lowering (`BlockLowering`) decides those.
public enum Statement: Hashable, Sendable {
    /// `title: English | 日本語`, taken as written.
    case title(TitleStatement)
    /// `devices: phones`, `show: iphone-x/portrait`: a `key: value` line.
    case setting(SettingStatement)
    /// `button go "Continue" "続ける"`.
    case declaration(DeclarationStatement)
    /// `guide column`.
    case guide(Name)
    /// `when width is regular and landscape {`.
    case openVariant([TraitCondition])
    /// `}`.
    case closeVariant
    /// `hide hero, note` inside a `when` block.
    case hide([Name])
    /// `stack bar H [cancel, save] spacing 12`.
    case stack(StackStatement)
    /// `hero.width = 0.6 * safe.width @750`, sugar included.
    case constraint(ConstraintStatement)
    /// `title.hugging = 251`, `note.lines = 0`.
    case property(PropertyStatement)
    /// `H:|-[a]-[b]-|`.
    case visualFormat(VisualFormatStatement)
}

/// A statement and where it is: its line in the block (0-based) and the
/// columns it spans, comment and trailing spaces left out.
public struct LocatedStatement: Hashable, Sendable {
    public var statement: Statement
    public var line: Int
    public var columns: Range<Int>
}

/// A name as written, at its column.
public struct Name: Hashable, Sendable {
    public var text: String
    public var column: Int
}

public struct TitleStatement: Hashable, Sendable {
    /// The text after the colon, trimmed.
    public var value: String
    public var column: Int
}

public struct SettingStatement: Hashable, Sendable {
    /// `devices`, `orientations`, `splits`, `textSizes`, `bars` or `show`.
    public var key: String
    public var keyColumn: Int
    /// The text after the colon, trimmed (for `show:`, its one id).
    public var value: String
    public var valueColumn: Int
}

public struct DeclarationStatement: Hashable, Sendable {
    public var kind: ViewKind
    public var kindColumn: Int
    public var name: Name
    /// The English label, then the Japanese one; at most two.
    public var labels: [String]
}

public struct StackStatement: Hashable, Sendable {
    public var keywordColumn: Int
    public var name: Name
    public var axis: StackDeclaration.Axis
    public var members: [Name]
    public var spacing: Double
    public var alignment: StackDeclaration.Alignment
    public var distribution: StackDeclaration.Distribution
    /// The line as written, for conflict reports.
    public var text: String
}

/// An anchor word: one attribute or a compound (`edges`, `size`, …).
public enum AnchorWord: Hashable, Sendable {
    case single(LayoutAttribute)
    case compound(CompoundAnchor)

    var name: String {
        switch self {
        case .single(let attribute): attribute.rawValue
        case .compound(let compound): compound.rawValue
        }
    }
}

/// `item.anchor RELATION right-side @priority`, before sugar is expanded.
public struct ConstraintStatement: Hashable, Sendable {
    public var item: Name
    public var anchor: AnchorWord
    public var relation: LayoutRelation
    public var relationColumn: Int
    public var right: RightSide
    /// Nil when the line gives none (required).
    public var priority: Int?
    public var text: String

    public enum RightSide: Hashable, Sendable {
        /// `aspect = 4:3`: width ÷ height.
        case ratio(Double)
        case expression(ConstraintExpression)
    }
}

/// `[multiplier ×] item[.anchor] [× m | / d] [± constant]… [inset n]`, or
/// a constant alone.
public struct ConstraintExpression: Hashable, Sendable {
    public var multiplier: Double
    /// Whether the multiplier was written before the item (`0.6 * safe.width`).
    public var hasLeadingMultiplier: Bool
    /// The item on the right side; nil for a constant.
    public var reference: Reference?
    public var constant: Double
    /// Whether the line writes a constant (`+ 8`, or a constant alone).
    public var hasConstant: Bool
    /// Where the constant starts (for a constant alone).
    public var constantColumn: Int
    /// `inset n`: an inward distance between the same edges.
    public var inset: Inset?

    public struct Reference: Hashable, Sendable {
        public var item: Name
        public var anchor: AnchorWord?
        public var anchorColumn: Int?
    }

    public struct Inset: Hashable, Sendable {
        public var value: Double
        public var column: Int
    }

    /// The column errors about the right side point at: its anchor, its
    /// item, or its constant.
    var column: Int { reference?.anchorColumn ?? reference?.item.column ?? constantColumn }
}

/// `view.property = value`.
public struct PropertyStatement: Hashable, Sendable {
    public var view: Name
    public var property: ViewProperty
    public var propertyColumn: Int
    /// A priority (1…1000) or, for `lines`, a line count; 0 for the
    /// properties set by a token.
    public var value: Int
    public var text: String
    /// For `fill`, `textColor` and `font`: the token's dotted path.
    public var token: String? = nil
}
