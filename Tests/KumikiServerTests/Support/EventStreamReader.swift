import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 connection reading a Server-Sent Events response as it
/// arrives (the test client waits for a whole response, which an event
/// stream never finishes).
final class EventStreamReader: @unchecked Sendable {
    private let socketDescriptor: Int32
    private var received = ""
    private var consumed: String.Index

    init(port: Int, path: String) throws {
        socketDescriptor = try Self.connect(port: port)
        consumed = received.startIndex
        let request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socketDescriptor, $0, strlen($0), 0) }
    }

    deinit { close(socketDescriptor) }

    /// Waits for the next event whose text contains `marker`, skipping
    /// others; returns its text, or `nil` after `timeout`.
    func next(containing marker: String, timeout: Duration = .seconds(10)) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.blockingNext(containing: marker, timeout: timeout))
            }
        }
    }

    private func blockingNext(containing marker: String, timeout: Duration) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            while let end = received[consumed...].range(of: "\n\n") {
                let event = String(received[consumed..<end.upperBound])
                consumed = end.upperBound
                if event.contains(marker) { return event }
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var request = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(left.components.seconds * 1000 + 1)) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(socketDescriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            let offset = received.distance(from: received.startIndex, to: consumed)
            received += String(decoding: buffer[..<count], as: UTF8.self)
            consumed = received.index(received.startIndex, offsetBy: offset)
        }
    }

    private static func connect(port: Int) throws -> Int32 {
        // The test server listens on "localhost": IPv4 or IPv6.
        let v4 = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(v4, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected == 0 { return v4 }
        close(v4)
        let v6 = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        var address6 = sockaddr_in6()
        address6.sin6_family = sa_family_t(AF_INET6)
        address6.sin6_port = in_port_t(UInt16(port).bigEndian)
        address6.sin6_addr = in6addr_loopback
        let connected6 = withUnsafePointer(to: &address6) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(v6, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        guard connected6 == 0 else {
            close(v6)
            throw POSIXError(.ECONNREFUSED)
        }
        return v6
    }
}
