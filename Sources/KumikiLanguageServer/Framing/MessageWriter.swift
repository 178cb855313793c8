import Foundation
import KumikiSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes LSP frames to a file descriptor, one whole frame at a time:
/// responses come from the reading thread and diagnostics from the
/// checking one, and their bytes must never interleave.
public final class MessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = LockedValue(())

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// The frame of `message`: its `Content-Length` header and its JSON on
    /// one line.
    public static func frame(_ message: JSONValue) -> [UInt8] {
        let body = Array(message.written(expandedLevels: 0).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Sends `message`; a client that has gone away is not an error here,
    /// the reader sees the end of its input and the server stops.
    public func send(_ message: JSONValue) {
        let bytes = Self.frame(message)
        lock.withValue { _ in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
