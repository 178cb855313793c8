/// Decides when a burst of file events has ended, so that a save (several
/// events within a millisecond) or a `git checkout` of 500 files becomes one
/// rebuild.
///
/// The window opens at the first event and closes once no event came for
/// `quiet`, or at the latest `limit` after the first event (so a folder that
/// never stops changing still gets rebuilt now and then). A plain value:
/// the watcher loop asks it how long to wait and whether to fire.
public struct CoalescingWindow: Sendable {
    public let quiet: Duration
    public let limit: Duration
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?

    public init(quiet: Duration = .milliseconds(25), limit: Duration = .milliseconds(400)) {
        self.quiet = quiet
        self.limit = max(limit, quiet)
    }

    /// Whether an event arrived since the last `reset()`.
    public var isOpen: Bool { first != nil }

    /// Notes an event at `instant`.
    public mutating func record(at instant: ContinuousClock.Instant) {
        if first == nil { first = instant }
        last = instant
    }

    /// When the window closes if nothing else arrives; `nil` when closed.
    public var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + limit)
    }

    /// Whether the burst is over at `instant` and its events should go out.
    public func isDue(at instant: ContinuousClock.Instant) -> Bool {
        guard let deadline else { return false }
        return instant >= deadline
    }

    /// How long to wait for more events at `instant`: until the deadline
    /// when open (never negative), `idle` when closed.
    public func timeout(at instant: ContinuousClock.Instant, idle: Duration) -> Duration {
        guard let deadline else { return idle }
        return max(.zero, instant.duration(to: deadline))
    }

    /// Closes the window after its events went out.
    public mutating func reset() {
        first = nil
        last = nil
    }
}
