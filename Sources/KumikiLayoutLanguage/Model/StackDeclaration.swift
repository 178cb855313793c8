import KumikiSupport

/// A stack: views arranged along an axis, like UIStackView.
///
/// `stack NAME H|V [a, b, c] spacing 8 align center distribution fill`
///
/// The stack is itself an item (a layout guide) named `NAME`: its edges
/// wrap the arranged views and the block places it with ordinary lines
/// (`row.top = hero.bottom + 16`). Views hidden by a trait variant leave the
/// arrangement, as in UIStackView.
public struct StackDeclaration: Hashable, Sendable {
    public enum Axis: String, Hashable, Sendable { case horizontal = "H", vertical = "V" }

    /// Placement across the stack's axis, UIStackView's `alignment`.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Every view spans the stack's cross axis.
        case fill
        /// Aligned to the top (horizontal stack) or leading edge (vertical).
        case leading
        case center
        /// Aligned to the bottom (horizontal stack) or trailing edge (vertical).
        case trailing
    }

    /// Placement along the stack's axis, UIStackView's `distribution`.
    public enum Distribution: String, Hashable, Sendable, CaseIterable {
        /// Views keep their sizes (intrinsic sizes, hugging); gaps are `spacing`.
        case fill
        /// Views share the length equally; gaps are `spacing`.
        case fillEqually
        /// Views keep their sizes; the gaps are equal and at least `spacing`.
        case equalSpacing
    }

    public var name: String
    public var axis: Axis
    public var views: [String]
    public var spacing: Double
    public var alignment: Alignment
    public var distribution: Distribution
    public var location: SourceLocation
    public var text: String
}
