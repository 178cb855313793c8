/// Why the bytes before a message are not a frame the reader can use.
public enum FramingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A header line without `Name: value`, or a header part longer than
    /// the reader accepts.
    case malformedHeader(String)
    /// The headers end without `Content-Length`.
    case missingContentLength
    /// `Content-Length` is not a decimal number of bytes.
    case invalidContentLength(String)
    /// `Content-Length` asks for more than the reader accepts.
    case contentTooLarge(length: Int, limit: Int)
    /// The input ended inside a frame.
    case truncated

    public var description: String {
        switch self {
        case .malformedHeader(let line): "malformed header '\(line.escapingForLog)'"
        case .missingContentLength: "a message without a Content-Length header"
        case .invalidContentLength(let value): "Content-Length '\(value.escapingForLog)' is not a number of bytes"
        case .contentTooLarge(let length, let limit): "Content-Length \(length) is larger than the \(limit) bytes a message may have"
        case .truncated: "the input ended inside a message"
        }
    }
}

extension String {
    /// The text cut to 80 characters, control characters shown escaped, for
    /// a log line that quotes what a client sent.
    var escapingForLog: String {
        let cut = count > 80 ? String(prefix(80)) + "…" : self
        return cut.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}
