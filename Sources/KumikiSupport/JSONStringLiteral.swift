extension String {
    /// The text as a JSON string literal, quotes included.
    ///
    /// Escapes exactly what RFC 8259 §7 requires: the quotation mark, the
    /// backslash and the control characters U+0000…U+001F (the five with a
    /// short form as `\b \f \n \r \t`, the others as `\u00XX` in lower-case
    /// hexadecimal). Everything else, characters outside the Basic
    /// Multilingual Plane included, is written as itself in UTF-8, which
    /// every JSON reader accepts and a person can still read.
    ///
    /// The text is walked by Unicode scalar, not by `Character`: the grapheme
    /// cluster `"\r\n"` is one `Character` but two control characters, and a
    /// combining mark after a quotation mark must not hide the quotation mark.
    ///
    /// Every JSON writer in Kumiki (`kumiki check --format json`,
    /// `kumiki render --format json`, the device catalog) quotes through this
    /// one function, so their output agrees byte for byte.
    public var jsonStringLiteral: String {
        var out = ""
        out.reserveCapacity(utf8.count + 2)
        appendJSONStringLiteral(to: &out)
        return out
    }

    /// Appends `jsonStringLiteral` to `out` without making it first: the
    /// search index quotes every row of a site into one script per page.
    public func appendJSONStringLiteral(to out: inout String) {
        // Most text needs no escape: a scan of its bytes (every character
        // escaped is a single byte in UTF-8, never part of a longer one)
        // lets it through whole.
        let needsEscape: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        out += "\""
        guard utf8Contains(where: needsEscape) else {
            out += self
            out += "\""
            return
        }
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
