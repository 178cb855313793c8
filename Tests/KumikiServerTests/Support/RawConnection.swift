import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP connection to the test server on 127.0.0.1, for requests no
/// well-behaved client sends: a foreign `Host`, headers sent a byte at a
/// time, a connection dropped half-way.
final class RawConnection: @unchecked Sendable {
    private var descriptor: Int32

    /// - Parameter receiveBuffer: The most bytes the kernel holds for this
    ///   side, set before connecting (afterwards the kernel may already have
    ///   grown it): a small one makes a client that reads slowly, or not
    ///   at all, felt by the server at once.
    init(port: Int, receiveBuffer: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close() }

    /// Sends text as it is.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads like a slow client: at most `bytes` every `pause`, until the
    /// server closes the connection, `total` bytes have come, or `timeout`
    /// passes; returns how many bytes came.
    func readSlowly(bytes: Int, every pause: Duration, total: Int, timeout: Duration) async -> Int {
        let deadline = ContinuousClock.now + timeout
        var received = 0
        var buffer = [UInt8](repeating: 0, count: bytes)
        while received < total, ContinuousClock.now < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&request, 1, 100) > 0 {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received += count
            }
            try? await Task.sleep(for: pause)
        }
        return received
    }

    /// Closes the connection from this side.
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Reads until the server has sent `marker` (returns everything read),
    /// closes the connection, or `timeout` passes.
    func read(until marker: String? = nil, timeout: Duration = .seconds(5)) async -> (text: String, closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.blockingRead(until: marker, timeout: timeout))
            }
        }
    }

    private func blockingRead(until marker: String?, timeout: Duration) -> (text: String, closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        while true {
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { return (String(decoding: received, as: UTF8.self), false) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return (String(decoding: received, as: UTF8.self), false) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
            received += buffer[..<count]
        }
    }
}
