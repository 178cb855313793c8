import Foundation

/// A counter several threads increment.
final class SharedCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// Adds one and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
