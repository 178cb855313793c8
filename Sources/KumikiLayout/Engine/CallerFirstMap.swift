import Foundation
import Synchronization

/// `(0..<count).map(transform)` for a few short jobs: the calling thread
/// starts on the first index at once, and helper threads woken through
/// Dispatch take the next indices as they arrive.
///
/// A block's systems take a millisecond or two to solve in all, about as
/// long as a parked thread can take to wake up or, on a busy machine, to
/// be scheduled at all. `concurrentMap` (Dispatch's `concurrentPerform`)
/// waits for every thread it asked for, even one that starts after the
/// caller has done all the work; here the caller waits only for the jobs a
/// helper has actually taken, and a helper that arrives after the last
/// index was taken leaves without doing anything.
///
/// Each index is transformed exactly once, by whichever thread takes it,
/// and the results keep their order: what the caller builds from them does
/// not depend on how many helpers came or when.
func callerFirstMap<T: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
    let helpers = min(count, processorCount) - 1
    guard helpers > 0 else { return (0..<count).map(transform) }
    let jobs = SharedJobs(count: count, transform: transform)
    for _ in 0..<helpers {
        DispatchQueue.global(qos: .userInitiated).async { jobs.work() }
    }
    jobs.work()
    return jobs.waitForResults()
}

/// The cores, read once: Foundation asks the system on every call (about
/// 17 µs on Linux, paid before the caller could start working).
private let processorCount = ProcessInfo.processInfo.activeProcessorCount

/// The jobs of one `callerFirstMap` call: the next index to take, the
/// results in, and the condition the caller waits on for the last ones.
private final class SharedJobs<T: Sendable>: @unchecked Sendable {
    private let count: Int
    // Guarded by `condition`.
    private let condition = NSCondition()
    /// Dropped with the results once every job is done: a helper that
    /// has not run yet (every core busy, as in a site build) keeps only
    /// this small object alive, not the block and its solutions.
    private var transform: (@Sendable (Int) -> T)?
    private var next = 0
    private var finished = 0
    /// `finished`, readable without the lock while the caller spins.
    private let finishedCount = Atomic<Int>(0)
    private var results: [T?]

    private static var spinning: Duration { .milliseconds(1) }

    init(count: Int, transform: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.transform = transform
        results = Array(repeating: nil, count: count)
    }

    /// Takes indices and transforms them until none is left.
    func work() {
        while let (index, transform) = take() {
            let result = transform(index)
            condition.lock()
            results[index] = result
            finished += 1
            finishedCount.store(finished, ordering: .releasing)
            if finished == count { condition.broadcast() }
            condition.unlock()
        }
    }

    /// The next index and the transform to apply to it, or nil when every
    /// index has been taken.
    private func take() -> (Int, @Sendable (Int) -> T)? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count, let transform else { return nil }
        next += 1
        return (next - 1, transform)
    }

    /// The results, once the jobs helpers took are done too.
    ///
    /// A helper's last job ends within a millisecond or so: the caller
    /// spins that long before it sleeps on the condition, since a thread
    /// put to sleep takes longer to wake up than the wait itself.
    func waitForResults() -> [T] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.spinning)
        while finishedCount.load(ordering: .acquiring) < count && clock.now < deadline {}
        condition.lock()
        defer { condition.unlock() }
        while finished < count { condition.wait() }
        let done = results.compactMap { $0 }
        results = []
        transform = nil
        return done
    }
}
