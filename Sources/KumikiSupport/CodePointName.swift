extension Unicode.Scalar {
    /// The scalar as Unicode names it, at least four hex digits: `U+001B`,
    /// `U+0301`. For what a message cannot quote: a control character, a
    /// combining mark on its own.
    public var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
