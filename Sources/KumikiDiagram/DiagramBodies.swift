import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// The parts of one block's diagrams that depend on the solution and not on
/// which device it is in, each drawn once per distinct solution.
///
/// A block is solved in some sixty environments, and most of them place
/// the views the same way as another one: devices of one screen size,
/// landscape left and right with the same insets, every device of a
/// family when the views are pinned to the top. Their diagrams differ in
/// the title, the environment's sentences and the frame drawn by reference,
/// and share the rest: the views, the marks and the problems' sentences.
/// Those are kept here under everything they are drawn from (the screen,
/// which bounds the drawing and places the badges, the text size, which
/// sizes token fonts, the shown views' frames, the style, the findings,
/// broken constraints and ambiguous views, and the scale), so equal keys
/// give the same bytes a fresh drawing would.
///
/// One of these serves the diagrams of one block (the numbering of its
/// findings and its program are the block's), on one thread.
public struct DiagramBodies {
    struct Key: Hashable {
        var screen: Rect
        var textSize: TextSize
        var scale: Double
        var views: [String]
        /// The shown views' frames, then those of every finding's views.
        var frames: [Rect?]
        var style: BlockStyle
        var findings: [Finding]
        /// The required constraints broken (an optional one broken is
        /// not drawn, and how far it is broken changes with the device).
        var broken: [LayoutConstraint]
        var ambiguous: [String]
    }

    struct Body {
        /// The views, in declaration order.
        var views: String
        /// The outlines and badges drawn over the device.
        var marks: String
        /// After the environment's name in the title: the number of
        /// problems, escaped.
        var titleSuffix: String
        /// The description's sentences after the environment's, escaped.
        var problems: Bilingual<String>
    }

    private var bodies: [Key: Body] = [:]

    public init() {}

    /// - Parameter capacity: the diagrams to be drawn (at most as many
    ///   bodies), so the table is not rebuilt as it fills.
    public init(capacity: Int) {
        bodies.reserveCapacity(capacity)
    }

    /// How many distinct bodies were drawn.
    public var count: Int { bodies.count }

    mutating func body(for key: Key, draw: () -> Body) -> Body {
        if let known = bodies[key] { return known }
        let body = draw()
        bodies[key] = body
        return body
    }
}
