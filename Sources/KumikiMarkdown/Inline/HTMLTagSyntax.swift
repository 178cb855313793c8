/// CommonMark's syntax of autolinks and HTML open and closing tags, just
/// enough to find where one ends.
///
/// `DelimiterShield` leaves their text untouched: an attribute name such as
/// `data_x` or an address such as `<first_last@example.com>` is only
/// recognised by cmark while its `_` is still a `_`.
enum HTMLTagSyntax {
    /// The index just past the autolink or tag that starts with the `<` at
    /// `start`, or `nil` when none does.
    static func end(of bytes: [UInt8], at start: Int) -> Int? {
        var reader = Reader(bytes: bytes, position: start + 1)
        if let end = reader.autolinkEnd() { return end }
        reader.position = start + 1
        return reader.tagEnd()
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D }

        /// `scheme:rest>` or `local@domain>`.
        mutating func autolinkEnd() -> Int? {
            let begin = position
            // URI: a scheme of 2 to 32 characters, a colon, no spaces or <>.
            if let first = current, Self.isLetter(first) {
                var length = 1
                position += 1
                while let byte = current, Self.isLetter(byte) || Self.isDigit(byte) || byte == 0x2B || byte == 0x2E || byte == 0x2D {
                    length += 1
                    position += 1
                }
                if current == UInt8(ascii: ":"), (2...32).contains(length) {
                    position += 1
                    while let byte = current, byte > 0x20, byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">") { position += 1 }
                    if current == UInt8(ascii: ">") { return position + 1 }
                }
            }
            // E-mail address.
            position = begin
            let local = Set(Array("!#$%&'*+/=?^_`{|}~-.".utf8))
            var localLength = 0
            while let byte = current, Self.isLetter(byte) || Self.isDigit(byte) || local.contains(byte) {
                localLength += 1
                position += 1
            }
            guard localLength > 0, current == UInt8(ascii: "@") else { return nil }
            position += 1
            var labels = 0
            while true {
                var labelLength = 0
                while let byte = current, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "-") {
                    labelLength += 1
                    position += 1
                }
                guard (1...63).contains(labelLength) else { return nil }
                labels += 1
                if current == UInt8(ascii: ".") { position += 1; continue }
                break
            }
            return labels > 0 && current == UInt8(ascii: ">") ? position + 1 : nil
        }

        /// `tag attributes… >`, `tag/>` or `/tag >`.
        mutating func tagEnd() -> Int? {
            let closing = current == UInt8(ascii: "/")
            if closing { position += 1 }
            guard let first = current, Self.isLetter(first) else { return nil }
            while let byte = current, Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "-") { position += 1 }
            if closing {
                skipSpaces()
                return current == UInt8(ascii: ">") ? position + 1 : nil
            }
            while true {
                let beforeSpace = position
                let spaced = skipSpaces()
                if current == UInt8(ascii: ">") { return position + 1 }
                if current == UInt8(ascii: "/") {
                    position += 1
                    return current == UInt8(ascii: ">") ? position + 1 : nil
                }
                guard spaced, let byte = current, Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") else {
                    position = beforeSpace
                    return nil
                }
                while let byte = current, Self.isLetter(byte) || Self.isDigit(byte) || "_.:-".utf8.contains(byte) { position += 1 }
                let afterName = position
                skipSpaces()
                guard current == UInt8(ascii: "=") else {
                    position = afterName
                    continue
                }
                position += 1
                skipSpaces()
                guard let quote = current else { return nil }
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    position += 1
                    while let byte = current, byte != quote { position += 1 }
                    guard current == quote else { return nil }
                    position += 1
                } else {
                    let start = position
                    while let byte = current, !Self.isSpace(byte), !"\"'=<>`".utf8.contains(byte) { position += 1 }
                    guard position > start else { return nil }
                }
            }
        }

        /// Skips whitespace; whether there was any.
        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = position
            while let byte = current, Self.isSpace(byte) { position += 1 }
            return position > start
        }
    }
}
