import Foundation

/// Where the preview's rebuilds run: a serial dispatch queue, outside
/// Swift's cooperative pool.
///
/// A build is synchronous and takes the processor for as long as it runs.
/// On the pool, whose threads are as many as the cores and answer every
/// request, it held one of them for the whole build (the only one on a
/// single core), and a page asked for during a rebuild waited for it to end.
/// Here the rebuild service waits without holding a thread.
struct BuildQueue: Sendable {
    private let queue = DispatchQueue(label: "kumiki-preview-build", qos: .userInitiated)

    /// Runs `work` on the queue and returns its value.
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
