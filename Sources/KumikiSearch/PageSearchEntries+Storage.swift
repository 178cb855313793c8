import Foundation
import KumikiSupport

extension PageSearchEntries {
    private static let magic = "KUMIKI-SEARCH 3"

    /// The entries as the build store stores them: a header (magic, slug,
    /// row count, the script's length in bytes), the script, then one line
    /// per term (`TERM TAB POSTINGS`). Plain text, because a warm build of a
    /// large site reads one per page and a decoder's cost would show.
    public var stored: Data {
        // Written as bytes: a build with a cache stores every page's, and
        // a string joined per posting list showed in its profile.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(script.count + termCount * 16 + 64)
        bytes.append(contentsOf: "\(Self.magic)\n\(slug)\n\(rowCount)\n\(script.count)\n".utf8)
        bytes.append(contentsOf: script)
        for number in 0..<termCount {
            bytes.append(contentsOf: termBytes[Int(termStarts[number])..<Int(termStarts[number + 1])])
            bytes.append(UInt8(ascii: "\t"))
            for (index, value) in postings(at: number).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendDecimal(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return Data(bytes)
    }

    /// A number's decimal digits, as `String(value)` writes them.
    private static func appendDecimal(_ value: Int32, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Entries read back from `stored`; nil for anything else, including
    /// entries whose terms are not grouped by part (an older version's).
    ///
    /// Read on the bytes: walking the text by characters (grapheme
    /// boundaries) was half of a warm build of a thousand pages.
    public init?(stored data: Data) {
        let bytes = [UInt8](data)
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t"), comma = UInt8(ascii: ",")
        var position = 0
        func line() -> Range<Int>? {
            guard let end = bytes[position...].firstIndex(of: newline) else { return nil }
            defer { position = end + 1 }
            return position..<end
        }
        func text(_ range: Range<Int>) -> String? {
            String(validating: bytes[range], as: UTF8.self)
        }
        func number(_ range: Range<Int>) -> Int? {
            guard range.count <= 18 else { return nil }
            return DecimalText.value(ofDigits: bytes[range]).map { Int($0) }
        }
        guard let magicLine = line(), text(magicLine) == Self.magic, let slugLine = line(), let slug = text(slugLine),
              let rows = line().flatMap(number), let scriptLength = line().flatMap(number),
              scriptLength <= bytes.count - position, text(position..<(position + scriptLength)) != nil else { return nil }
        let script = Array(bytes[position..<(position + scriptLength)])
        position += scriptLength
        // The terms are checked as UTF-8 all at once: every byte between
        // them is ASCII, so no character can span two.
        guard text(position..<bytes.count) != nil else { return nil }
        var termBytes: [UInt8] = [], termStarts: [Int32] = [0], values: [Int32] = [], starts: [Int32] = [0]
        while let entry = line() {
            guard let tabAt = bytes[entry].firstIndex(of: tab) else { return nil }
            termBytes += bytes[entry.lowerBound..<tabAt]
            termStarts.append(Int32(termBytes.count))
            var start = tabAt + 1
            while start < entry.upperBound {
                let end = bytes[start..<entry.upperBound].firstIndex(of: comma) ?? entry.upperBound
                // A part that is not a row number: the entry is not one this
                // code wrote, so it is refused whole, as a damaged one is.
                guard let value = number(start..<end), value <= Int(Int32.max) else { return nil }
                values.append(Int32(value))
                start = end + 1
            }
            starts.append(Int32(values.count))
        }
        guard position == bytes.count else { return nil }
        self.init(slug: slug, rowCount: rows, termBytes: termBytes, termStarts: termStarts, postingValues: values,
                  postingStarts: starts, script: script)
    }
}
