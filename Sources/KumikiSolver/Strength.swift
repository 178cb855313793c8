import Foundation

/// How much a constraint matters: required, or a positive weight for a preference.
///
/// Weights follow kiwi's meaning: `strong` is 1 000 000, `medium` 1 000 and
/// `weak` 1. The solver minimises the sum, over unsatisfied preferences, of
/// weight × violation, so one unit of a strong violation costs as much as a
/// million units of a weak one. `required` is the largest weight (kiwi's
/// 1 001 001 000); a constraint of that strength must hold exactly and makes
/// `addConstraint` throw when it cannot.
///
/// ## Auto Layout priorities
/// `init(priority:)` maps Auto Layout's priorities 1…1000 onto weights with
/// one exponential curve, chosen so that Auto Layout's named priorities land
/// on kiwi's named strengths:
///
///     weight(p) = 1000 ^ ((p − 250) / 250)      for 1 ≤ p ≤ 999
///     p = 1000 → required
///
/// so 250 (`defaultLow`) is `weak`, 500 is `medium`, 750 (`defaultHigh`) is
/// `strong`, 999 is about 9.7e8 (still below `required`) and 1 is about 1e-3.
/// Each step of one priority multiplies the weight by about 1.028. This is a
/// weighted hierarchy, not a strict one: many violations of a lower priority
/// can outweigh one violation of a slightly higher priority.
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight; between 0 and `Strength.required.weight`.
    public let weight: Double

    /// A constraint that must hold.
    public static let required = Strength(uncheckedWeight: 1_001_001_000)
    /// A strong preference: weight 1 000 000.
    public static let strong = Strength(uncheckedWeight: 1_000_000)
    /// A medium preference: weight 1 000.
    public static let medium = Strength(uncheckedWeight: 1_000)
    /// A weak preference: weight 1.
    public static let weak = Strength(uncheckedWeight: 1)

    private init(uncheckedWeight: Double) {
        weight = uncheckedWeight
    }

    /// Creates a strength with the given weight, clamped to `0...required.weight`.
    ///
    /// A weight at or above `required.weight` makes a required strength; a NaN
    /// weight is read as 0.
    /// - Parameter weight: The weight, in kiwi's units (strong 1e6, medium 1e3, weak 1).
    public init(_ weight: Double) {
        self.weight = weight.isNaN ? 0 : min(max(weight, 0), Strength.required.weight)
    }

    /// Creates kiwi's composite strength `strong·1e6 + medium·1e3 + weak`, each clamped to 0...1000.
    /// - Parameters:
    ///   - strong: The strong part.
    ///   - medium: The medium part.
    ///   - weak: The weak part.
    public init(strong: Double, medium: Double = 0, weak: Double = 0) {
        func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1000) }
        self.init(clamp(strong) * 1_000_000 + clamp(medium) * 1_000 + clamp(weak))
    }

    /// Creates the strength of an Auto Layout priority (see the type's discussion).
    /// - Parameter priority: 1…1000; values outside are clamped. 1000 is `required`.
    public init(priority: Int) {
        let clamped = min(max(priority, 1), 1000)
        if clamped == 1000 {
            self = .required
        } else {
            self.init(pow(1000, (Double(clamped) - 250) / 250))
        }
    }

    /// Whether constraints of this strength must hold exactly.
    public var isRequired: Bool { weight >= Strength.required.weight }

    /// Orders strengths by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.weight < rhs.weight }

    /// The name of a named strength, otherwise the weight.
    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: "\(weight)"
        }
    }
}
