/// Base-36 digits (`0`–`9`, `a`–`z`), most significant first, as
/// `String(_:radix:)` writes them: the digits of every number of the index
/// files, written into bytes without a String per number.
enum Base36 {
    private static let digits: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// The two digits of every number below 36² (`1_296`), the first in
    /// the high byte: most gaps of the index and each third of a word
    /// pair's term (`WordPairTerm`) are read here in one load, where two
    /// divisions and two comparisons each took a tenth of cutting a page.
    static let digitPairs: [UInt16] = (0..<1_296).map { UInt16(digits[$0 / 36]) << 8 | UInt16(digits[$0 % 36]) }

    /// How many digits `value` takes (one for zero). Most numbers of the
    /// index are gaps of one or two digits, told apart without a division.
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        if value < 36 { return 1 }
        if value < 1_296 { return 2 }
        var count = 3, rest = value / 46_656
        while rest > 0 {
            rest /= 36
            count += 1
        }
        return count
    }

    /// Writes `value`'s digits at `start`; returns how many it wrote.
    @inline(__always)
    static func write(_ value: UInt64, to start: UnsafeMutablePointer<UInt8>) -> Int {
        digitPairs.withUnsafeBufferPointer { pairs in
            // Most numbers are gaps of one or two digits, one entry of the
            // table, written without counting digits or dividing.
            if value < 1_296 {
                let pair = pairs[Int(truncatingIfNeeded: value)]
                if value < 36 {
                    start[0] = UInt8(truncatingIfNeeded: pair)
                    return 1
                }
                start[0] = UInt8(truncatingIfNeeded: pair &>> 8)
                start[1] = UInt8(truncatingIfNeeded: pair)
                return 2
            }
            let count = digitCount(value)
            var rest = value
            // Last digits first, from the end back, two at a time: a division
            // by the constant 1,296 each, where finding the leading digit
            // first took a division by a variable power.
            var index = count
            while index >= 2 {
                let pair = pairs[Int(rest % 1_296)]
                start[index - 2] = UInt8(truncatingIfNeeded: pair >> 8)
                start[index - 1] = UInt8(truncatingIfNeeded: pair)
                rest /= 1_296
                index -= 2
            }
            if index == 1 { start[0] = UInt8(truncatingIfNeeded: pairs[Int(rest)]) }
            return count
        }
    }
}
