import Foundation

extension String {
    /// The text's lines, without their `"\n"`, found in its UTF-8 bytes: a
    /// text ending in `"\n"` ends with an empty line, and a `"\r"` is an
    /// ordinary character (`InputText` has made every line end `"\n"`).
    ///
    /// Splitting on `Character`s instead walks grapheme boundaries over the
    /// whole text, which was a sixth of a build for pages and most of reading
    /// a repository's history; and `"\r\n"`, one `Character`, would not split.
    public var linesAtNewlineBytes: [Substring] {
        var lines: [Substring] = []
        let utf8 = self.utf8
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                lines.append(self[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        lines.append(self[start..<utf8.endIndex])
        return lines
    }
}

extension String {
    /// Whether a byte of the text's UTF-8 satisfies `predicate`, scanned in
    /// place (the text's own storage, or a copy on the stack for a short
    /// one). The escapers ask it first: most text holds nothing to escape.
    @inline(__always)
    public func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}

extension UnsafeRawBufferPointer {
    /// Calls `body` with the range of each line of the bytes, without its
    /// `"\n"`, in order: bytes ending in `"\n"` end with an empty line, as
    /// `linesAtNewlineBytes` has them. Line ends are found with `memchr`:
    /// what is read this way (a repository's history) is megabytes of
    /// lines, and making each a string first cost as much as reading them.
    @inline(__always)
    public func forEachLineRange(_ body: (Range<Int>) throws -> Void) rethrows {
        var start = 0
        while start <= count {
            var end = count
            if start < count, let base = baseAddress,
               let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) {
                end = base.distance(to: UnsafeRawPointer(found))
            }
            try body(start..<end)
            start = end + 1
        }
    }
}
