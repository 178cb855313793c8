import KumikiSupport

/// Numbers as every SVG drawing of Kumiki writes them (layout diagrams,
/// material swatches): at most two decimals, no trailing zeros, no
/// exponent, no negative zero, so the same geometry always gives the same
/// bytes on every platform; a value that is not finite is drawn at 0.
public enum SVGNumber {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return DecimalText.format(value, fractionDigits: 2)
    }
}

extension Double {
    /// This value in the SVG number format.
    public var svg: String { SVGNumber.format(self) }
}
