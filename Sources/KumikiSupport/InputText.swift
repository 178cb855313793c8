/// The text of an input file (a page, `kumiki.yml`, a template) as every
/// reader in Kumiki sees it: UTF-8 without a byte-order mark, every line
/// ended by `"\n"` alone.
///
/// Windows (`"\r\n"`) and classic Mac (`"\r"`) line endings are turned into
/// `"\n"` here, once, before anything splits the text into lines. Parsers
/// downstream can then count lines one way, and a page saved on any system
/// builds the same site. Line numbers do not move: each ending, whichever
/// form it had, is still one line break. Columns do not move either, since
/// a terminator never counts as a column.
public struct InputText: Sendable, Hashable {
    /// The decoded text with `"\n"` line endings.
    public var text: String
    /// The first byte that is not UTF-8, reported at its line and column;
    /// such bytes are replaced by U+FFFD so the rest can still be checked.
    public var problem: Diagnostic?

    /// Decodes a file's bytes.
    ///
    /// - Parameter path: The path diagnostics print.
    public init(decoding bytes: some Collection<UInt8>, path: String) {
        var normalized = Self.normalizingLineEndings(Array(bytes))
        if normalized.starts(with: [0xEF, 0xBB, 0xBF]) { normalized.removeFirst(3) }
        if let bad = Self.firstInvalidUTF8(normalized) {
            let byte = String(normalized[bad.offset], radix: 16, uppercase: true)
            problem = .error("the file is not valid UTF-8 (byte 0x\(byte))",
                             at: SourceLocation(file: path, line: bad.line, column: bad.column), code: .invalidUTF8)
        }
        text = String(decoding: normalized, as: UTF8.self)
    }

    /// Text that was decoded elsewhere (given on the command line, typed in
    /// the preview's playground), with its line endings made `"\n"`.
    public init(normalizing text: String) {
        guard text.utf8.contains(0x0D) else {
            self.text = text
            return
        }
        self.text = String(decoding: Self.normalizingLineEndings(Array(text.utf8)), as: UTF8.self)
    }

    /// `"\r\n"` and a lone `"\r"` replaced by `"\n"`.
    static func normalizingLineEndings(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0D) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                result.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }

    /// The offset, line and character column of the first byte that is not
    /// part of well-formed UTF-8 (overlong forms, surrogates and values past
    /// U+10FFFF included), or `nil` when there is none.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        var index = 0
        var line = 1
        var lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (index, line, column(of: index, lineStart: lineStart, in: bytes))
            }
            var valid = index + length <= bytes.count
            if valid {
                for continuation in bytes[(index + 1)..<(index + length)] where continuation & 0xC0 != 0x80 {
                    valid = false
                }
            }
            if valid, length == 3 || length == 4 {
                let second = bytes[index + 1]
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F)
                    || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) {
                    valid = false
                }
            }
            guard valid else { return (index, line, column(of: index, lineStart: lineStart, in: bytes)) }
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        return nil
    }

    /// The 1-based column, in characters, of a byte on the line starting at
    /// `lineStart` (all bytes before it on the line are valid UTF-8).
    private static func column(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    }
}
