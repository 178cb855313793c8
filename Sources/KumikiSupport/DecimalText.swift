/// Numbers written in decimal without ever trapping.
///
/// Every printed length in Kumiki (tables, JSON, diagrams, messages) goes
/// through `DecimalText.format`. Converting a `Double` to `Int` traps when the
/// value does not fit, and a layout that a careless constraint pushes to
/// 1e20 points, or to infinity, must still be reported rather than crash the
/// build. The helper lives in KumikiSupport because that is the lowest
/// module every formatter depends on, and the outputs have to agree.
public enum DecimalText {
    /// Up to this many scaled units are written digit by digit; 2^53, the
    /// largest range in which a `Double` holds every integer exactly.
    private static let exactLimit = 9_007_199_254_740_992.0

    /// `value` rounded to `fractionDigits` decimals, without an exponent
    /// while the rounded value has an exact decimal form, and without a
    /// negative zero.
    ///
    /// - Parameters:
    ///   - fractionDigits: How many decimals to keep (0…9).
    ///   - padded: Whether to keep trailing zeros (`12.50` rather than `12.5`).
    /// - Returns: `nan`, `inf` or `-inf` for values that are not finite; for
    ///   magnitudes too large to write digit by digit (2^53 units of the
    ///   last decimal and more), Swift's shortest form such as `1e+20` or
    ///   `1e+308`.
    public static func format(_ value: Double, fractionDigits: Int, padded: Bool = false) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = min(max(fractionDigits, 0), 9)
        var unit = 1.0
        for _ in 0..<digits { unit *= 10 }
        let scaled = (value * unit).rounded()
        let zero = padded && digits > 0 ? "0." + String(repeating: "0", count: digits) : "0"
        if scaled == 0 { return zero }
        guard abs(scaled) < exactLimit else { return (scaled.isFinite ? scaled / unit : value).description }
        let magnitude = Int64(abs(scaled))
        let divisor = Int64(unit)
        let whole = magnitude / divisor
        var text = (scaled < 0 ? "-" : "") + String(whole)
        guard digits > 0 else { return text }
        var fraction = String(magnitude % divisor)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        if !padded {
            while fraction.last == "0" { fraction.removeLast() }
        }
        if !fraction.isEmpty { text += "." + fraction }
        return text
    }
}

extension Double {
    /// A length as sentences print it (findings, diagram descriptions): at
    /// most one decimal, no trailing zero (`98.5`, `44`).
    public var pointText: String { DecimalText.format(self, fractionDigits: 1) }
}

extension Int {
    /// The integer nearest below `value`, clamped to the range of `Int`;
    /// `0` for NaN. Unlike `Int(_:)` it never traps.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self = Int(value.rounded(.down))
        }
    }
}
