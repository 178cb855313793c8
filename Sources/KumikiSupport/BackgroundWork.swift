import Foundation

/// Work started on another thread while the caller goes on with its own,
/// and its result, which `wait()` hands over once the work is done: the
/// history read while the pages load, the stored search index read beside
/// them, the rest of the assemble stage beside the index.
public final class BackgroundWork<Value>: @unchecked Sendable {
    private let outcome = LockedValue<Value?>(nil)
    private let done = DispatchGroup()

    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { [outcome] in outcome.set(work()) }
    }

    /// Waits for the work and returns its result, moved out rather than
    /// copied, so a value the caller then changes in place is not shared.
    /// Called once.
    public func wait() -> Value {
        done.wait()
        return outcome.withValue { $0.take()! }
    }
}
