import KumikiLanguageServer
import KumikiSupport
import LibFuzzerDriver

/// What `kumiki lsp` reads from a client: the input is the byte stream of
/// standard input, handed to the reader in pieces whose size the first
/// byte picks (frames cut at any byte). Every frame is read as a JSON-RPC
/// message, and every message's text is edited as a document would be at
/// positions taken from the input, in each encoding, so the framing, the
/// JSON reader and the position conversion all meet arbitrary bytes.
@main
enum LSPMessagesFuzzTarget {
    static func main() { LibFuzzer.run(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = LibFuzzer.bytes(start, count)
    guard let first = bytes.first else { return 0 }
    var reader = MessageReader(input: MemoryInput(Array(bytes.dropFirst()), chunkSize: Int(first) + 1), contentLimit: 1 << 20)
    var frames = 0
    while let frame = reader.next() {
        frames += 1
        // A reader that keeps returning frames without consuming input
        // would hang the server.
        precondition(frames <= bytes.count + 1, "the reader returned more frames than there are bytes")
        guard case .message(let body) = frame else { continue }
        _ = try? IncomingMessage(parsing: body)
        if let value = try? JSONValue(parsing: body) { _ = value.written(expandedLevels: 0) }
        let text = String(decoding: body, as: UTF8.self)
        for encoding in PositionEncoding.allCases {
            var document = DocumentText(text)
            let a = Position(line: Int(first % 7), character: Int(first / 7))
            let b = Position(line: Int(body.count % 5), character: Int(body.first ?? 0))
            document.replace(TextRange(start: a, end: b), with: "日😀e\u{301}\r\n", encoding: encoding)
            let column = document.column(of: a, encoding: encoding)
            let back = document.position(line: a.line + 1, column: column, encoding: encoding)
            _ = document.column(of: back, encoding: encoding)
        }
    }
    return 0
}
