extension String {
    /// The text with every control character written as a Swift escape
    /// (`\u{1B}`), everything else as itself.
    ///
    /// Diagnostics quote what the user wrote, and a file name or a line may
    /// hold anything. Printed raw, an ESC starts a terminal control sequence,
    /// a carriage return rewrites the start of the line on screen, and a
    /// line feed splits one diagnostic into two lines that an editor reads as
    /// two problems. The C0 controls (tab included, so a diagnostic stays
    /// one field per colon), DEL and the C1 controls are escaped; the
    /// backslash is left alone, since messages never escape anything else.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if scalar.isControlCharacter {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// U+0000…U+001F, U+007F and U+0080…U+009F.
    fileprivate var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
