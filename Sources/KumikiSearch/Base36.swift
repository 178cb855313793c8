/// Base-36 digits (`0`–`9`, `a`–`z`), most significant first, as
/// `String(_:radix:)` writes them: the digits of every number of the index
/// files, written into bytes without a String per number.
enum Base36 {
    private static let digits: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

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
        let count = digitCount(value)
        var rest = value
        // Last digit first, from the end back: a division by the constant 36
        // each, where finding the leading digit first took a division by a
        // variable power.
        digits.withUnsafeBufferPointer { digits in
            for index in stride(from: count - 1, through: 0, by: -1) {
                start[index] = digits[Int(rest % 36)]
                rest /= 36
            }
        }
        return count
    }
}
