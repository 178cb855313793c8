/// Numbers as the diagrams write them: at most two decimals, no trailing
/// zeros, no exponent, no negative zero, so the same geometry always gives
/// the same bytes on every platform.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0" }
        let negative = hundredths < 0
        let magnitude = Int64(abs(hundredths))
        let whole = magnitude / 100
        let fraction = magnitude % 100
        var text = negative ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text
    }
}

extension Double {
    /// This value in the diagrams' number format.
    var svg: String { SVGNumber.format(self) }
}
