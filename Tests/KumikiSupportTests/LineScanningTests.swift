import KumikiSupport
import Testing

/// A text's lines are found the same way on a `String` and on raw bytes:
/// split at each `"\n"`, a final `"\n"` followed by an empty line, a `"\r"`
/// kept as an ordinary byte.
@Suite struct LineScanningTests {
    @Test(arguments: ["", "one", "one\n", "one\ntwo", "\n\n", "a\r\nb\n", "日本語\nと English\n\n末尾"])
    func bytesAndTextHaveTheSameLines(text: String) {
        var text = text
        let fromBytes: [String] = text.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            var lines: [String] = []
            bytes.forEachLineRange { lines.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
            return lines
        }
        #expect(fromBytes == text.linesAtNewlineBytes.map(String.init))
    }
}
