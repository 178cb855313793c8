import KumikiLayoutLanguage
import KumikiSupport

/// A constraint the solution does not satisfy.
public struct BrokenConstraint: Hashable, Sendable {
    /// The constraint as the block wrote it (expanded from sugar, a stack or
    /// the visual format language), with its source location and text.
    public var constraint: LayoutConstraint
    /// How far the solution is from satisfying it, in points.
    public var violation: Double
    /// For a required constraint that could not be satisfied: the required
    /// constraints it conflicts with. Empty for a broken optional one.
    public var conflicts: [LayoutConstraint]
    /// True when the conflict involves the environment itself (the
    /// screen, safe area, margins or a text size), as when a fixed width is
    /// wider than a small screen.
    public var conflictsWithEnvironment: Bool

    public var location: SourceLocation { constraint.location }
    public var text: String { constraint.text }
}

/// The solution of a block in one environment.
public struct EnvironmentSolution: Hashable, Sendable {
    public var environment: Environment
    /// The indices (into `LayoutProgram.variants`) of the trait variants
    /// that apply here.
    public var activeVariants: [Int]
    /// Frames of the shown views and of the guides `screen`, `safe`,
    /// `margins` and `readable`, in points, origin at the top-left of the
    /// screen.
    public var frames: [String: Rect]
    /// Frames of the block's own guides and stacks, for diagrams.
    public var guideFrames: [String: Rect]
    /// The shown views in declaration order (hidden ones left out).
    public var views: [String]
    /// The views a trait variant hides here.
    public var hiddenViews: [String]
    /// Constraints not satisfied: optional ones the solver had to break and
    /// required ones that conflicted, in source order.
    public var broken: [BrokenConstraint]
    /// Views whose frame the constraints do not determine (before Kumiki's
    /// tie-break picks one), in declaration order.
    public var ambiguous: [String]
    /// For each ambiguous view, which of `x`, `y`, `width`, `height` are
    /// free.
    public var ambiguousAttributes: [String: [String]]
    public var findings: [Finding]
    /// The block's colours and type here, for drawing.
    public var style: BlockStyle = .plain
}

/// A block solved in every environment it asks for.
public struct BlockSolution: Hashable, Sendable {
    public var program: LayoutProgram
    public var title: LocalizedText? { program.title }
    public var kind: LayoutBlockKind { program.kind }
    /// One solution per environment, in the environments' order.
    public var environments: [EnvironmentSolution]
    /// Problems with the block as a whole: bad environment lines, required
    /// conflicts (Auto Layout's "Unable to simultaneously satisfy
    /// constraints", with the environments where they occur), ambiguity, a
    /// `layout do` block with findings or a `layout dont` block without;
    /// as data, worded by KumikiDiagram's `BlockSolution.diagnostics`.
    public var problems: [BlockProblem]
}
