import Foundation
import KumikiSupport

/// Runs playground solves on threads of their own, a few at a time, each
/// within a time budget.
///
/// A solve is synchronous. Run on the server's own threads (Swift's
/// cooperative pool, as many threads as cores) a slow one would stall every
/// other request, so it runs on a dispatch queue; the request waits for it
/// without holding a thread. When the budget runs out the request is
/// answered at once, and the work is told so through the closure it is
/// given (a layout solve asks it between environments and stops); it keeps
/// its slot until it really ends: however many slow blocks arrive, no more
/// than `concurrency` solves ever compete with the pages for the processor.
final class SolveQueue: Sendable {
    /// What became of a piece of work.
    enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        /// Every slot was taken and the waiting line full: not started.
        case busy
        /// The budget ran out while the work ran.
        case tookTooLong
        /// The budget ran out while the work waited for a slot: not started.
        case waitedTooLong
    }

    private let concurrency: Int
    private let waitingLimit: Int
    private let state = LockedValue(State())
    private let workers = DispatchQueue(label: "kumiki-playground", qos: .userInitiated, attributes: .concurrent)
    /// Where the budgets run out: a queue of its own, which gets a thread
    /// even while solves (and everything else) hold the shared ones, so an
    /// answer past its budget is never late by a solve.
    private let timers = DispatchQueue(label: "kumiki-playground-budgets", qos: .userInitiated)

    /// Work waiting for a slot.
    private struct Ticket {
        let isAbandoned: @Sendable () -> Bool
        let start: @Sendable () -> Void
    }

    /// The slots taken and the line of work waiting for one.
    private struct State {
        var running = 0
        var waiting: [Ticket] = []
    }

    /// - Parameters:
    ///   - concurrency: Pieces of work run at once (at least one).
    ///   - waitingLimit: Pieces allowed to wait for a slot.
    init(concurrency: Int, waitingLimit: Int) {
        self.concurrency = max(1, concurrency)
        self.waitingLimit = max(0, waitingLimit)
    }

    /// Runs `work` when a slot is free, and returns its value, or says why
    /// not within `budget` (measured from now, waiting included).
    func run<Value: Sendable>(budget: Duration, _ work: @escaping @Sendable () -> Value) async -> Outcome<Value> {
        await run(budget: budget) { _ in work() }
    }

    /// `run`, with `work` given a closure that says whether its answer is
    /// still wanted: once the budget has run out it says no, and work that
    /// asks can stop early, its value thrown away.
    func run<Value: Sendable>(
        budget: Duration, _ work: @escaping @Sendable (_ isAbandoned: @escaping @Sendable () -> Bool) -> Value
    ) async -> Outcome<Value> {
        let answer = OneAnswer<Outcome<Value>>()
        // Whether the work got a slot: a block that only waited in line is
        // not too large, and is not told to be.
        let began = LockedValue(false)
        return await withCheckedContinuation { continuation in
            answer.deliver(to: continuation)
            let start: @Sendable () -> Void = { [self] in
                began.withValue { $0 = true }
                workers.async {
                    let value = work { answer.isGiven }
                    // The slot is free before the answer is given, so whoever
                    // reads the answer sees the queue as it now is.
                    self.finishOne()
                    answer.give(.finished(value))
                }
            }
            let admission = state.withValue { state -> Bool? in
                if state.running < concurrency {
                    state.running += 1
                    return true
                }
                state.waiting.removeAll { $0.isAbandoned() }
                guard state.waiting.count < waitingLimit else { return nil }
                state.waiting.append(Ticket(isAbandoned: { answer.isGiven }, start: start))
                return false
            }
            switch admission {
            case nil:
                answer.give(.busy)
            case true?:
                start()
                fallthrough
            case false?:
                let seconds = Double(budget.components.seconds) + Double(budget.components.attoseconds) * 1e-18
                timers.asyncAfter(deadline: .now() + seconds) {
                    answer.give(began.withValue { $0 } ? .tookTooLong : .waitedTooLong)
                }
            }
        }
    }

    /// The number of pieces of work running now (tests).
    var runningCount: Int { state.withValue { $0.running } }

    /// Frees a slot and hands it to the first waiting piece still wanted.
    private func finishOne() {
        let next = state.withValue { state -> Ticket? in
            state.running -= 1
            while !state.waiting.isEmpty {
                let ticket = state.waiting.removeFirst()
                if !ticket.isAbandoned() {
                    state.running += 1
                    return ticket
                }
            }
            return nil
        }
        next?.start()
    }
}

/// An answer given once, by whichever comes first (the work, the timer),
/// to a continuation waiting for it.
private final class OneAnswer<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var given = false
    }

    private let state = LockedValue(State())

    var isGiven: Bool { state.withValue { $0.given } }

    func deliver(to continuation: CheckedContinuation<Value, Never>) {
        state.withValue { $0.continuation = continuation }
    }

    func give(_ value: Value) {
        let waiting = state.withValue { state -> CheckedContinuation<Value, Never>? in
            guard !state.given else { return nil }
            state.given = true
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }
}
