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
