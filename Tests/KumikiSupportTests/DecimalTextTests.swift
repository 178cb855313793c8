import Testing
import KumikiSupport

/// `DecimalText.format` writes every printed length; it must agree with the
/// formatters it replaced and never trap.
@Suite struct DecimalTextTests {
    @Test func writesDecimalsWithoutTrailingZerosOrNegativeZero() {
        #expect(DecimalText.format(47.333, fractionDigits: 2) == "47.33")
        #expect(DecimalText.format(561.5, fractionDigits: 2) == "561.5")
        #expect(DecimalText.format(0.05, fractionDigits: 2) == "0.05")
        #expect(DecimalText.format(-0.001, fractionDigits: 2) == "0")
        #expect(DecimalText.format(-12.25, fractionDigits: 1) == "-12.3")
        #expect(DecimalText.format(393, fractionDigits: 4) == "393")
        #expect(DecimalText.format(0.0001, fractionDigits: 4) == "0.0001")
    }

    /// Whole numbers, round fractions and values just below a power of ten,
    /// each in both signs, at every number of decimals, written as rounding
    /// to a multiple of 10^-digits and printing that multiple would.
    @Test func agreesWithRoundingToTheUnitThenPrintingItsDigits() {
        let values: [Double] = [1, 9.995, 10, 0.5, 0.125, 99.99999, 1234.5678, 375, 0.07, 16.666666, 812.0001, 4_503_599.5]
        for value in values.flatMap({ [$0, -$0] }) {
            for digits in 0...4 {
                for padded in [false, true] {
                    #expect(DecimalText.format(value, fractionDigits: digits, padded: padded)
                        == reference(value, digits: digits, padded: padded), "\(value) \(digits) \(padded)")
                }
            }
        }
    }

    /// A slow, plain statement of the rule.
    private func reference(_ value: Double, digits: Int, padded: Bool) -> String {
        let unit = (0..<digits).reduce(1.0) { value, _ in value * 10 }
        let scaled = (value * unit).rounded()
        if scaled == 0 { return padded && digits > 0 ? "0." + String(repeating: "0", count: digits) : "0" }
        let magnitude = Int64(abs(scaled))
        var fraction = String(magnitude % Int64(unit))
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        if digits == 0 { fraction = "" }
        if !padded { while fraction.last == "0" { fraction.removeLast() } }
        return (scaled < 0 ? "-" : "") + String(magnitude / Int64(unit)) + (fraction.isEmpty ? "" : "." + fraction)
    }

    @Test func padsWhenAsked() {
        #expect(DecimalText.format(12.5, fractionDigits: 2, padded: true) == "12.50")
        #expect(DecimalText.format(-0.001, fractionDigits: 2, padded: true) == "0.00")
        #expect(DecimalText.format(-3.05, fractionDigits: 2, padded: true) == "-3.05")
    }

    /// Values past what an `Int` holds used to end the process with
    /// "Illegal instruction".
    @Test func hugeAndNonFiniteValuesNeverTrap() {
        #expect(DecimalText.format(1e20, fractionDigits: 2) == "1e+20")
        #expect(DecimalText.format(-1e20, fractionDigits: 1) == "-1e+20")
        #expect(DecimalText.format(1e308, fractionDigits: 4) == "1e+308")
        #expect(DecimalText.format(.greatestFiniteMagnitude, fractionDigits: 2) == "1.7976931348623157e+308")
        #expect(DecimalText.format(.infinity, fractionDigits: 2) == "inf")
        #expect(DecimalText.format(-.infinity, fractionDigits: 2) == "-inf")
        #expect(DecimalText.format(.nan, fractionDigits: 2) == "nan")
        #expect(DecimalText.format(90_000_000_000_000, fractionDigits: 2) == "90000000000000")
    }

    @Test func saturatingConversionClampsInsteadOfTrapping() {
        #expect(Int(saturating: 2.9) == 2)
        #expect(Int(saturating: -2.1) == -3)
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: .nan) == 0)
    }
}

@Suite struct PointTextTests {
    @Test func writesLengthsInSentencesWithOneDecimalAtMost() {
        #expect(98.53.pointText == "98.5")
        #expect(44.0.pointText == "44")
        #expect((-0.04).pointText == "0")
        #expect(Double.infinity.pointText == "inf")
    }

    @Test func digitsReadBackAsTheirNumberOrNothing() {
        #expect(DecimalText.value(ofDigits: Array("0".utf8)) == 0)
        #expect(DecimalText.value(ofDigits: Array("1795823964".utf8)) == 1_795_823_964)
        #expect(DecimalText.value(ofDigits: Array("18446744073709551615".utf8)) == UInt64.max)
        for refused in ["", "18446744073709551616", "-1", "+1", "1 2", "1a", "١"] {
            #expect(DecimalText.value(ofDigits: Array(refused.utf8)) == nil, "\(refused)")
        }
    }
}
