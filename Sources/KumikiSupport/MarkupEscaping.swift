extension String {
    /// The text with `& < > " '` written as entities, safe in HTML and XML
    /// (SVG included) alike: in element content and in attribute values
    /// quoted with either quotation mark.
    ///
    /// Every page, figure and diagram Kumiki writes escapes through this one
    /// function. Most text has nothing to escape, so the bytes are scanned
    /// first and the text returned as it is when clean; otherwise it is
    /// copied in runs between the characters replaced. (Escaping scalar by
    /// scalar was a twentieth of a build.)
    public var htmlEscaped: String {
        guard utf8Contains(where: Self.needsEscaping) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        out.appendHTMLEscaped(self)
        return out
    }

    /// Appends `text` escaped as `htmlEscaped` escapes it, without making
    /// an intermediate string: diagrams are most of a page's bytes.
    public mutating func appendHTMLEscaped(_ text: String) {
        let bytes = text.utf8
        guard text.utf8Contains(where: Self.needsEscaping) else {
            self += text
            return
        }
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let replacement: String? = switch bytes[index] {
            case 0x26: "&amp;"
            case 0x3C: "&lt;"
            case 0x3E: "&gt;"
            case 0x22: "&quot;"
            case 0x27: "&#39;"
            default: nil
            }
            if let replacement {
                self += text[runStart..<index]
                self += replacement
                runStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        self += text[runStart..<bytes.endIndex]
    }

    /// `&`, `<`, `>`, `"` and `'`: each a single byte in UTF-8, never part
    /// of a longer character.
    @inline(__always)
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }
}
