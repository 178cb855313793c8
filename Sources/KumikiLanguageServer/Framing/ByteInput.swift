#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a message reader takes its bytes from: standard input for the
/// server, memory for tests and the fuzz target.
public protocol ByteInput {
    /// Up to `maximumCount` more bytes, blocking until at least one is
    /// there; empty at the end of the input.
    mutating func read(maximumCount: Int) -> [UInt8]
}

/// A file descriptor read with `read(2)`: standard input, unbuffered, so a
/// frame is handled as soon as its last byte arrives.
public struct FileDescriptorInput: ByteInput {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public mutating func read(maximumCount: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: maximumCount)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                Glibc.read(descriptor, raw.baseAddress, maximumCount)
                #else
                Darwin.read(descriptor, raw.baseAddress, maximumCount)
                #endif
            }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return []
        }
    }
}

/// Bytes held in memory, handed out in pieces of at most `chunkSize` so
/// that tests can cut frames at any byte.
public struct MemoryInput: ByteInput {
    private let bytes: [UInt8]
    private var offset = 0
    private let chunkSize: Int

    public init(_ bytes: [UInt8], chunkSize: Int = .max) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func read(maximumCount: Int) -> [UInt8] {
        let count = min(maximumCount, chunkSize, bytes.count - offset)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
