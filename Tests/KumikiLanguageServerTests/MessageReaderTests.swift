import Testing
import KumikiLanguageServer

/// The reader turns any bytes into frames and skipped frames, and one bad
/// frame costs only itself.
@Suite struct MessageReaderTests {
    private func frames(_ text: String, chunkSize: Int = .max, limit: Int = 1 << 20) -> [MessageReader<MemoryInput>.Frame] {
        var reader = MessageReader(input: MemoryInput(Array(text.utf8), chunkSize: chunkSize), contentLimit: limit)
        var found: [MessageReader<MemoryInput>.Frame] = []
        while let frame = reader.next() { found.append(frame) }
        return found
    }

    private func message(_ text: String) -> MessageReader<MemoryInput>.Frame { .message(Array(text.utf8)) }

    @Test func readsFramesCutAtAnyByte() {
        let input = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 4\r\n\r\n[1,2]"
        for size in [1, 2, 3, 7, 1000] {
            #expect(frames(input, chunkSize: size) == [message("{}"), message("[1,2"), .skipped(.truncated)])
        }
    }

    @Test func aHeaderWithoutALengthIsSkippedAndTheNextFrameRead() {
        #expect(frames("Content-Type: x\r\n\r\n{}Content-Length: 2\r\n\r\n[]") == [.skipped(.missingContentLength), message("[]")])
    }

    @Test func aMalformedHeaderLineIsSkipped() {
        #expect(frames("garbage\r\n\r\nContent-Length: 1\r\n\r\n1") == [.skipped(.malformedHeader("garbage")), message("1")])
    }

    @Test func aLengthThatIsNotANumberIsSkipped() {
        #expect(frames("Content-Length: -5\r\n\r\nContent-Length: 1\r\n\r\n1") == [.skipped(.invalidContentLength("-5")), message("1")])
        #expect(frames("Content-Length: 99999999999999999999999\r\n\r\n").first == .skipped(.invalidContentLength("99999999999999999999999")))
    }

    @Test func aHugeLengthIsRefusedWithoutWaitingForItsBytes() {
        #expect(frames("Content-Length: 5000\r\n\r\n{}Content-Length: 2\r\n\r\n{}", limit: 100)
            == [.skipped(.contentTooLarge(length: 5000, limit: 100)), message("{}")])
    }

    @Test func endlessHeaderBytesAreRefused() {
        let found = frames(String(repeating: "x", count: 20_000))
        #expect(found.first.map { if case .skipped(.malformedHeader) = $0 { true } else { false } } == true)
    }

    @Test func strayBytesRunIntoAFramesHeaderCostOnlyThemselves() {
        // Bytes before a header, on its line or a line of their own, and a
        // body longer than its length (a length counted in UTF-16, say):
        // the frame after them is read all the same.
        #expect(frames("xyzContent-Length: 2\r\n\r\n{}") == [.skipped(.missingContentLength), message("{}")])
        #expect(frames("xyz\r\nContent-Length: 2\r\n\r\n{}") == [.skipped(.malformedHeader("xyz")), message("{}")])
        #expect(frames("Content-Length: 2\r\n\r\n{}}Content-Length: 2\r\n\r\n[]")
            == [message("{}"), .skipped(.missingContentLength), message("[]")])
        for size in [1, 3, 1000] {
            #expect(frames("ab\r\nContent-Length: 1\r\n\r\n1", chunkSize: size) == [.skipped(.malformedHeader("ab")), message("1")])
        }
    }

    @Test func blankLinesBetweenFramesAreHarmless() {
        #expect(frames("Content-Length: 1\r\n\r\n1\r\nContent-Length: 1\r\n\r\n2\r\n") == [message("1"), message("2")])
    }
}
