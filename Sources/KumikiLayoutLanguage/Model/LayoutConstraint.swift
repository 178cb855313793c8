import KumikiSupport

/// An anchor of a named item: `hero.width`, `safe.top`.
public struct ItemAnchor: Hashable, Sendable, CustomStringConvertible {
    /// A view, a stack, or a guide (`screen`, `safe`, `margins`, …).
    public var item: String
    public var attribute: LayoutAttribute

    public init(_ item: String, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    public var description: String { "\(item).\(attribute.rawValue)" }
}

/// The relation of a constraint. `==` is accepted as a spelling of `=`.
public enum LayoutRelation: String, Hashable, Sendable, Codable {
    case equal = "="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// The relation with its two sides exchanged (`<=` ↔ `>=`).
    package var flipped: LayoutRelation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}

/// Which statement a constraint was written as, so that a variant line can
/// replace the base lines "with the same left side and relation".
///
/// The key is the left side *as written* (after sugar is expanded to single
/// anchors) and the relation *as written*: `a.edges >= safe inset 0`
/// contributes the keys `a.leading >=`, `a.trailing >=`, `a.top >=` and
/// `a.bottom >=`, although the trailing and bottom constraints are stored
/// with `<=` (an inset is measured inward).
public struct ConstraintKey: Hashable, Sendable, CustomStringConvertible {
    /// The left side as written, one anchor: `hero.width`, `hero.aspect`.
    public var anchor: String
    public var relation: LayoutRelation
    public init(anchor: String, relation: LayoutRelation) {
        self.anchor = anchor
        self.relation = relation
    }
    public var description: String { "\(anchor) \(relation.rawValue)" }
}

/// One linear constraint in Auto Layout's anatomy:
/// `first RELATION multiplier × second + constant @priority`.
///
/// Every statement of the language (plain lines, sugar, stacks, the visual
/// format language) compiles to these, so the engine, the conflict report
/// and the tests all speak one form.
public struct LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    public var first: ItemAnchor
    public var relation: LayoutRelation
    /// The factor of `second`; ignored when `second` is nil.
    public var multiplier: Double
    /// The anchor on the right side; nil for a constant (`a.width = 44`).
    public var second: ItemAnchor?
    public var constant: Double
    /// 1…1000; 1000 is required.
    public var priority: Int
    /// Where the statement that produced the constraint starts.
    public var location: SourceLocation
    /// The statement's source text, trimmed (what a conflict report quotes).
    public var text: String
    /// The replacement key (see `ConstraintKey`).
    public var key: ConstraintKey
    /// True for content hugging (`<=`) and compression resistance (`>=`)
    /// set by a property line (`title.hugging = 251`): the right side is
    /// then the view's own intrinsic width or height, which the environment's
    /// text size decides, not `second` or `constant` (nil and 0).
    public var isContentSize: Bool

    public init(
        _ first: ItemAnchor, _ relation: LayoutRelation, multiplier: Double = 1, _ second: ItemAnchor?,
        constant: Double = 0, priority: Int = LayoutPriority.required,
        location: SourceLocation, text: String, key: ConstraintKey? = nil, isContentSize: Bool = false
    ) {
        self.first = first
        self.relation = relation
        self.multiplier = multiplier
        self.second = second
        self.constant = constant
        self.priority = priority
        self.location = location
        self.text = text
        self.key = key ?? ConstraintKey(anchor: first.description, relation: relation)
        self.isContentSize = isContentSize
    }

    public var isRequired: Bool { priority >= LayoutPriority.required }

    /// Every item the constraint mentions.
    public var items: [String] { [first.item] + (second.map { [$0.item] } ?? []) }

    /// The derived equation in canonical form, e.g.
    /// `go.top = 1 × hero.bottom + 8 @1000`; used by tests and reports.
    /// Content hugging reads `title.width <= intrinsic width @251`.
    public var description: String {
        var rhs = ""
        if isContentSize {
            rhs = "intrinsic \(first.attribute.rawValue)"
        } else if let second {
            rhs = multiplier == 1 ? second.description : "\(formatNumber(multiplier)) × \(second)"
            if constant != 0 { rhs += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))" }
        } else {
            rhs = formatNumber(constant)
        }
        let priorityText = isRequired ? "" : " @\(priority)"
        return "\(first) \(relation.rawValue) \(rhs)\(priorityText)"
    }

    /// The same constraint with source information dropped, for comparing
    /// what two notations compile to.
    public var equation: String { description }
}

/// A number as the language prints it: no trailing zeros, at most 4 decimals.
package func formatNumber(_ value: Double) -> String {
    DecimalText.format(value, fractionDigits: 4)
}
