import KumikiSupport

/// Numbers as the diagrams write them: at most two decimals, no trailing
/// zeros, no exponent, no negative zero, so the same geometry always gives
/// the same bytes on every platform.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return DecimalText.format(value, fractionDigits: 2)
    }
}

extension Double {
    /// This value in the diagrams' number format.
    var svg: String { SVGNumber.format(self) }
}
