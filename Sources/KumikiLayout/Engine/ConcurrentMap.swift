import KumikiLayoutLanguage

import Foundation

/// `(0..<count).map(transform)` with the calls spread over the machine's
/// cores. The results keep their order, so what a caller builds from them
/// does not depend on scheduling.
public func concurrentMap<T>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    let slots = ResultSlots<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.store(transform(index), at: index)
    }
    return slots.values
}

/// Results written from several threads, each slot once, read after all are done.
private final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: T, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [T] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
