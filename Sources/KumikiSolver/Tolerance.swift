/// The solver's single definition of "zero", relative to the magnitudes involved.
///
/// Every quantity the tableau computes is a sum `a + k·b`. Its result is set to
/// exactly zero when `|a + k·b| ≤ relative · max(|a|, |k·b|)`: the cancellation
/// left only rounding noise of the operands. There is no absolute epsilon, so a
/// system in millimetres behaves as the same system in kilometres.
enum Tolerance {
    /// Relative size of rounding noise after a cancellation (about 450 000 ulps of the operands, room for error accumulated over many pivots).
    static let relative = 1e-10

    /// Relative tolerance used to decide whether a constraint holds or an
    /// artificial variable reached zero: the residual must be at most this
    /// fraction of the largest magnitude that went into it (or of 1, whichever is larger).
    static let check = 1e-8

    /// Whether `value`, the result of summing quantities no larger than `scale`, is rounding noise.
    @inline(__always)
    static func isNearZero(_ value: Double, scale: Double) -> Bool {
        abs(value) <= relative * scale
    }

    /// `a + b`, snapped to zero when it is rounding noise of its operands.
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let result = a + b
        return abs(result) <= relative * max(abs(a), abs(b)) ? 0 : result
    }
}

/// The tolerances of the layout engine built on the solver, defined here
/// beside the solver's own so that every "close enough" of the pipeline
/// is read in one file.
public enum LayoutTolerance {
    /// How far, relative to its magnitude (or to 1), a solved environment
    /// value may be from the value suggested for it before the solver is
    /// taken to have moved it (the block's required constraints conflict
    /// with the environment).
    public static let suggestedValue = 1e-6
    /// How small a constraint's residual is, relative to its constant (or
    /// to 1), for the constraint to count as tight, or an optional one as
    /// broken on one side, in the pattern that keys the ambiguity analysis.
    public static let tightness = 1e-6
    /// How far, in points, a solution may miss an optional constraint
    /// before it is reported as broken.
    public static let brokenConstraint = 1e-3
    /// How much narrower, in points, than a label's one-line text the width
    /// it got may be and still count as fitting on one line.
    public static let oneLineFit = 1e-6
    /// How close, relative to its magnitude (or to 1), a remeasured
    /// intrinsic size must be to the previous one for wrapping to have settled.
    public static let settledSize = 1e-9
}
