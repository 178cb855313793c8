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
    /// The text is walked by UTF-8 byte, not by `Character`: the grapheme
    /// cluster `"\r\n"` is one `Character` but two control characters, and a
    /// combining mark after a quotation mark must not hide the quotation mark.
    ///
    /// Every JSON writer in Kumiki (`kumiki check --format json`,
    /// `kumiki render --format json`, the device catalog, the search index)
    /// quotes through `appendJSONStringLiteral(to:)`, so their output agrees
    /// byte for byte.
    public var jsonStringLiteral: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 2)
        appendJSONStringLiteral(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `jsonStringLiteral`'s UTF-8 bytes to `out`: the search index
    /// quotes every row of a site into one script per page, written as
    /// bytes.
    ///
    /// Every character that needs an escape is a single byte in UTF-8,
    /// never part of a longer character, so the text is walked by byte and
    /// copied whole between the bytes escaped.
    public func appendJSONStringLiteral(to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = self
        text.withUTF8 { bytes in
            var runStart = 0
            var index = Self.nextByteToEscape(in: bytes, from: 0)
            while index < bytes.count {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                let byte = bytes[index]
                switch byte {
                case 0x22: out += [0x5C, 0x22]  // \"
                case 0x5C: out += [0x5C, 0x5C]  // \\
                case 0x08: out += [0x5C, UInt8(ascii: "b")]
                case 0x0C: out += [0x5C, UInt8(ascii: "f")]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                default:
                    // A control character, below 0x20: \u00 and two lower-case hexadecimal digits.
                    let low = byte & 0xF
                    out += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), UInt8(ascii: "0") + (byte >> 4),
                            low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10]
                }
                runStart = index + 1
                index = Self.nextByteToEscape(in: bytes, from: runStart)
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The index of the first byte from `start` that needs an escape (a
    /// control character, `"` or `\\`), or the count. Eight bytes are
    /// tested at a time with integer arithmetic: each test below is
    /// exact about whether any byte of the eight matches, and a block that
    /// matches is then read byte by byte.
    private static func nextByteToEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
        guard let base = bytes.baseAddress else { return bytes.count }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether a byte of `word` is zero.
        func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = start
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
            if belowSpace || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) { break }
            index += 8
        }
        while index < bytes.count, !needsEscape(base[index]) { index += 1 }
        return index
    }
}
