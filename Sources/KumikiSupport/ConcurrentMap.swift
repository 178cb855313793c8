import Foundation

/// `(0..<count).map(transform)` with the calls spread over the machine's
/// cores. The results keep their order, so what a caller builds from them
/// does not depend on scheduling.
public func concurrentMap<T>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
    // Each slot is written once, from whichever thread ran its index.
    let slots = LockedValue<[T?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let value = transform(index)
        slots.withValue { $0[index] = value }
    }
    return slots.current.compactMap { $0 }
}
