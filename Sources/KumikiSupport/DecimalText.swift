/// Numbers written in decimal without ever trapping.
///
/// Every printed length in Kumiki (tables, JSON, diagrams, messages) goes
/// through `DecimalText.format`. Converting a `Double` to `Int` traps when the
/// value does not fit, and a layout that a careless constraint pushes to
/// 1e20 points, or to infinity, must still be reported rather than crash the
/// build. The helper lives in KumikiSupport because that is the lowest
/// module every formatter depends on, and the outputs have to agree.
public enum DecimalText {
    /// The number that ASCII decimal digits stand for, read from bytes as
    /// the stores' text formats hold them; nil when a byte is not a digit,
    /// there are none, or the number does not fit 64 bits. No sign.
    public static func value(ofDigits digits: some Collection<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = tens.addingReportingOverflow(UInt64(digit))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        return value
    }

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
        let unit = powersOfTen[digits]
        let scaled = (value * unit).rounded()
        if scaled == 0 { return padded && digits > 0 ? "0." + String(repeating: "0", count: digits) : "0" }
        guard abs(scaled) < exactLimit else { return (scaled.isFinite ? scaled / unit : value).description }
        // Diagrams write tens of numbers a view: the digits are written
        // backwards into a scratch buffer on the stack and copied into the
        // string once, instead of building and joining several strings.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { scratch in
            var count = 0
            var rest = UInt64(abs(scaled))
            var keepZeros = padded
            for _ in 0..<digits {
                let digit = UInt8(rest % 10)
                rest /= 10
                guard keepZeros || digit != 0 else { continue }
                keepZeros = true
                scratch[count] = UInt8(ascii: "0") + digit
                count += 1
            }
            if count > 0 {
                scratch[count] = UInt8(ascii: ".")
                count += 1
            }
            repeat {
                scratch[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            if scaled < 0 {
                scratch[count] = UInt8(ascii: "-")
                count += 1
            }
            return String(unsafeUninitializedCapacity: count) { text in
                for index in 0..<count { text[index] = scratch[count - 1 - index] }
                return count
            }
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
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
