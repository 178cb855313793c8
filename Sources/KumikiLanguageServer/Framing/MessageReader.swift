import Foundation

/// Reads LSP frames (`Content-Length: N`, an empty line, N bytes of JSON)
/// from a byte input.
///
/// A broken frame never stops the reader: a header it cannot use is
/// reported, and reading resumes at the next `Content-Length:` in the
/// input, so one bad message from a client costs that message only. The
/// reader holds at most one header part and one message in memory, both
/// bounded, so no input makes it grow without limit or wait for bytes a
/// valid frame would not need.
public struct MessageReader<Input: ByteInput> {
    /// One step of reading: a message's bytes or why a frame was skipped.
    public enum Frame: Hashable, Sendable {
        case message([UInt8])
        case skipped(FramingError)
    }

    /// The most bytes a message may have: a 10 MB document sent whole in
    /// JSON (escapes can double it) fits with room to spare.
    public static var defaultContentLimit: Int { 64 << 20 }
    /// The most bytes a header part may have; real ones are under 100.
    public static var headerLimit: Int { 8 << 10 }

    private var input: Input
    private var buffer: [UInt8] = []
    /// Where unread bytes of `buffer` start; the buffer is compacted when
    /// this passes half of it, so reading stays linear.
    private var start = 0
    private var atEnd = false
    /// A bad header was reported and the bytes up to the next frame are
    /// still to be skipped: done on the next call, so the report goes out
    /// at once instead of after the client's next message.
    private var skipsToNextFrame = false
    private let contentLimit: Int

    public init(input: Input, contentLimit: Int = Self.defaultContentLimit) {
        self.input = input
        self.contentLimit = contentLimit
    }

    /// The next frame, or `nil` at the end of the input.
    public mutating func next() -> Frame? {
        if skipsToNextFrame {
            skipsToNextFrame = false
            resynchronize()
        }
        guard let headerEnd = readHeader() else {
            // Bytes without a header's end before the input ended: a
            // frame cut off, unless there was nothing but blank space.
            let rest = buffer[start...]
            start = buffer.count
            return rest.allSatisfy { $0 == 0x0D || $0 == 0x0A || $0 == 0x20 } ? nil : .skipped(.truncated)
        }
        if case .failure(let problem) = headerEnd {
            skipsToNextFrame = true
            return .skipped(problem)
        }
        guard case .success(let length) = headerEnd else { return nil }
        guard fill(upTo: length) else {
            start = buffer.count
            return .skipped(.truncated)
        }
        let body = Array(buffer[start..<start + length])
        start += length
        compact()
        return .message(body)
    }

    /// Reads up to the empty line after the headers and checks them;
    /// `nil` when the input ends first.
    private mutating func readHeader() -> Result<Int, FramingError>? {
        var searched = start
        while true {
            if let end = findHeaderEnd(from: searched) {
                let header = Array(buffer[start..<end])
                let length = Self.contentLength(in: header, limit: contentLimit)
                // A header part that cannot be used may be stray bytes run
                // into the next frame's own header (`xyzContent-Length: …`):
                // skipping resumes just after its start, so that frame is
                // found, not skipped with it.
                if case .success = length { start = end + 4 } else { start += 1 }
                return length
            }
            if buffer.count - start > Self.headerLimit {
                let shown = String(decoding: buffer[start..<min(buffer.count, start + 80)], as: UTF8.self)
                start += 1
                return .failure(.malformedHeader(shown))
            }
            searched = max(start, buffer.count - 3)
            guard readMore() else { return nil }
        }
    }

    private func findHeaderEnd(from index: Int) -> Int? {
        var position = index
        while position + 3 < buffer.count {
            if buffer[position] == 0x0D, buffer[position + 1] == 0x0A, buffer[position + 2] == 0x0D, buffer[position + 3] == 0x0A {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The value of `Content-Length` in a header part (other headers,
    /// such as `Content-Type`, are allowed and ignored).
    static func contentLength(in header: [UInt8], limit: Int) -> Result<Int, FramingError> {
        var length: Int?
        for line in header.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var bytes = Array(line)
            if bytes.last == 0x0D { bytes.removeLast() }
            let text = String(decoding: bytes, as: UTF8.self)
            // Blank lines left over from the previous frame are harmless.
            if text.isEmpty { continue }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return .failure(.malformedHeader(text)) }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard name.lowercased() == "content-length" else { continue }
            guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(value) else {
                return .failure(.invalidContentLength(value))
            }
            guard number <= limit else { return .failure(.contentTooLarge(length: number, limit: limit)) }
            length = number
        }
        guard let length else { return .failure(.missingContentLength) }
        return .success(length)
    }

    /// After a bad header: skips to the next `Content-Length:` (matched
    /// regardless of case), which is where the next frame starts when the
    /// client sent one; the skipped bytes belonged to the bad frame.
    private mutating func resynchronize() {
        let marker = Array("content-length:".utf8)
        while true {
            var position = start
            while position + marker.count <= buffer.count {
                if Self.matches(marker, in: buffer, at: position) {
                    start = position
                    compact()
                    return
                }
                position += 1
            }
            // Keep a tail that may be the start of the marker.
            start = max(start, buffer.count - marker.count + 1)
            compact()
            guard readMore() else { return }
        }
    }

    private static func matches(_ marker: [UInt8], in bytes: [UInt8], at position: Int) -> Bool {
        for (offset, expected) in marker.enumerated() {
            var byte = bytes[position + offset]
            if (0x41...0x5A).contains(byte) { byte += 0x20 }
            if byte != expected { return false }
        }
        return true
    }

    private mutating func fill(upTo length: Int) -> Bool {
        while buffer.count - start < length {
            guard readMore() else { return false }
        }
        return true
    }

    private mutating func readMore() -> Bool {
        guard !atEnd else { return false }
        let bytes = input.read(maximumCount: 64 << 10)
        if bytes.isEmpty {
            atEnd = true
            return false
        }
        buffer.append(contentsOf: bytes)
        return true
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
