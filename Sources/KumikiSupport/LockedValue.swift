import Foundation

/// A value shared between threads behind a lock: the one way Kumiki keeps
/// mutable state that several threads touch (caches of a build, counters of
/// the preview server).
///
/// Every read and write goes through `withValue`, so the value is never
/// seen half-changed. A class with state to guard holds one of these
/// instead of a lock of its own, and is `Sendable` without `@unchecked`.
public final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock; what `body` changes is
    /// kept.
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value as it is now.
    public var current: Value { withValue { $0 } }

    /// Replaces the value.
    public func set(_ newValue: Value) { withValue { $0 = newValue } }
}
