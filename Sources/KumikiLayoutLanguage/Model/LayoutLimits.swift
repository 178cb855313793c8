/// The documented bounds of the layout language.
///
/// Each is far above what a guideline needs (the bundled blocks stay far
/// below every one; their longest line has 89 characters) and low enough
/// that a page at any bound still checks in under two seconds with a
/// release build (`make bench-limits`). Past a bound, a block gets one
/// located error instead of a build that crashes, runs out of memory or
/// never ends. The same numbers are stated in
/// `Content/writing-layout-blocks.md` and the README; change them together.
public enum LayoutLimits {
    /// The largest magnitude of a number written in a block, and of a
    /// fraction's value (`3/4`): 100,000 pt is some fifty times the height of
    /// the largest iPad screen, and keeps every solved value far inside the
    /// range a `Double` holds exactly to a hundredth.
    public static let largestNumber = 100_000.0
    /// The smallest magnitude of a number other than 0; the language prints
    /// four decimals.
    public static let smallestNumber = 0.0001
    /// The longest name (a view, a guide, a stack), in characters.
    public static let maximumNameLength = 64
    /// The longest line of a block, in characters.
    public static let maximumLineLength = 500
    /// Views and guides one block may declare, together.
    public static let maximumItems = 200
    /// Constraints one block may state, those in `when` blocks and those a
    /// visual-format line or a compound anchor (`edges`) expands to
    /// included; a stack counts one per view it holds.
    public static let maximumConstraints = 1_000
    /// Views one stack may hold. Lower than the other bounds because an
    /// `equalSpacing` stack with negative spacing leaves its views' positions
    /// open, and the ambiguity analysis of such a stack grows with roughly
    /// the cube of its size (50 labels took seconds, four such stacks
    /// minutes); ten stacks of 20 stay within the time budget.
    public static let maximumStackViews = 20
    /// Views and guides times the environments they are solved in, for one
    /// block: the work of solving it. 200 views in the 63 environments a
    /// block gets by default fit; every environment Kumiki knows (1,680 with
    /// all splits and text sizes since the iPhone Air; 1,644 before) fits a
    /// block of 11 views (12 before).
    public static let maximumViewEnvironments = 20_000
    /// The largest position or size a solved view may have, in points; past
    /// it (or at infinity) the block is reported rather than drawn.
    public static let largestSolvedValue = 1_000_000.0
    /// Overlap findings reported per environment. Overlaps are counted by
    /// pairs, so 200 views on one spot would be nearly 20,000 of them, each
    /// numbered, drawn and listed; the first 50 say all there is to say.
    public static let maximumOverlapsPerEnvironment = 50
    /// Layout blocks (and other blocks drawn from data) on one page; each
    /// is solved and drawn in every environment, 63 by default. The bundled
    /// pages have at most 25.
    public static let maximumBlocksPerPage = 50
    /// Views and guides times environments, summed over the layout blocks
    /// of one page: the bounds per block compose, and 50 blocks at the
    /// bound of each would be fifty times the work. Two blocks at
    /// `maximumViewEnvironments` fit; the bundled pages need at most 3,700.
    public static let maximumViewEnvironmentsPerPage = 40_000

    /// The range as messages state it: `0 or between 0.0001 and 100000 in magnitude`.
    public static var rangeText: String {
        "0 or between \(formatNumber(smallestNumber)) and \(formatNumber(largestNumber)) in magnitude"
    }

    /// Whether a number lies in the range every length of Kumiki stays in
    /// (a device's size in `kumiki.yml` included): at most `largestNumber`
    /// in magnitude, and 0 or at least `smallestNumber`.
    public static func isInRange(_ value: Double) -> Bool {
        let magnitude = abs(value)
        return magnitude <= largestNumber && (magnitude == 0 || magnitude >= smallestNumber)
    }
}

/// A layout block past one of `LayoutLimits`: what was found, kept apart
/// from how it is worded.
public enum LayoutLimitViolation: Hashable, Sendable {
    case numberTooLarge(text: String)
    case numberTooSmall(text: String)
    case valueTooLarge(text: String)
    case valueTooSmall(text: String)
    case nameTooLong(name: String)
    case lineTooLong(length: Int)
    case tooManyItems
    case tooManyConstraints
    case stackTooLarge
    case tooManyViewEnvironments(items: Int, environments: Int)
    case solvedOutOfRange(view: String, attribute: String, value: Double, environments: String)

    public var message: String {
        let largest = formatNumber(LayoutLimits.largestNumber)
        let smallest = formatNumber(LayoutLimits.smallestNumber)
        switch self {
        case .numberTooLarge(let text):
            return "the number \(Self.abbreviated(text)) is too large; numbers in a layout block are at most \(largest)"
        case .numberTooSmall(let text):
            return "the number \(Self.abbreviated(text)) is too small; numbers other than 0 are at least \(smallest)"
        case .valueTooLarge(let text):
            return "'\(text)' is too large; values in a layout block are at most \(largest)"
        case .valueTooSmall(let text):
            return "'\(text)' is too small; values other than 0 are at least \(smallest)"
        case .nameTooLong(let name):
            return "the name '\(name.prefix(16))…' has \(name.count) characters; names have at most \(LayoutLimits.maximumNameLength)"
        case .lineTooLong(let length):
            return "this line has \(length) characters; a line of a layout block has at most \(LayoutLimits.maximumLineLength)"
        case .tooManyItems:
            return "a block declares at most \(LayoutLimits.maximumItems) views and guides; split it into smaller blocks (the rest of the block is not read)"
        case .tooManyConstraints:
            return "a block states at most \(LayoutLimits.maximumConstraints) constraints; split it into smaller blocks (the rest of the block is not read)"
        case .stackTooLarge:
            return "a stack holds at most \(LayoutLimits.maximumStackViews) views"
        case .solvedOutOfRange(let view, let attribute, let value, let environments):
            return "'\(view)' is solved to a \(attribute) of \(formatNumber(value)) pt \(environments), past the "
                + "\(formatNumber(LayoutLimits.largestSolvedValue)) pt a diagram can show; check the multipliers and constants that lead to it"
        case .tooManyViewEnvironments(let items, let environments):
            return "\(items) views and guides in \(environments) environments are \(items * environments) to solve; a block has at most "
                + "\(LayoutLimits.maximumViewEnvironments): choose fewer devices, orientations, splits or text sizes, or split the block"
        }
    }

    /// A long number cut to its first 20 characters.
    private static func abbreviated(_ text: String) -> String {
        text.count > 20 ? text.prefix(20) + "…" : text
    }

    /// Whether the rest of the block is left unread: past the size of a
    /// whole block, reading on would only repeat the error for every line.
    package var endsBlock: Bool {
        switch self {
        case .tooManyItems, .tooManyConstraints: true
        default: false
        }
    }

    /// The violation of the number range by `value`, if any.
    package static func range(of value: Double, text: String, isLiteral: Bool) -> LayoutLimitViolation? {
        guard !LayoutLimits.isInRange(value) else { return nil }
        if !(abs(value) <= LayoutLimits.largestNumber) {
            return isLiteral ? .numberTooLarge(text: text) : .valueTooLarge(text: text)
        }
        return isLiteral ? .numberTooSmall(text: text) : .valueTooSmall(text: text)
    }
}
