/// Decides when a burst of file events has ended, so that a save (several
/// events within a millisecond) or a `git checkout` of 500 files becomes one
/// rebuild.
///
/// The window opens at the first event and closes once no event came for
/// `quiet`, or at the latest `limit` after the first event (so a folder that
/// never stops changing still gets rebuilt now and then). A plain value:
/// the watcher loop asks it how long to wait and whether to fire.
///
/// When the latest event left every file of the burst finished (closed
/// after writing, renamed into place, removed), the window closes after
/// the much shorter `finishedQuiet`: an editor's save is over, and the
/// files of a checkout follow each other far more closely than that. The
/// quiet period counts inside the preview's save-to-reload time.
///
/// When the window closes with a file still being written (``WriteSettling``)
/// the loop postpones it by one quiet period at a time, past `limit` if
/// need be, for up to `settleLimit` after the first event.
public struct CoalescingWindow: Sendable {
    public let quiet: Duration
    /// How long the window waits after an event that left every file of
    /// the burst finished.
    public let finishedQuiet: Duration
    public let limit: Duration
    /// How long, from the first event, a batch waits for files still being
    /// written. A file written for longer than this is not being saved but
    /// fed (a log, a download); the batch goes out with it as it is then, and
    /// its next change brings another.
    public let settleLimit: Duration
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?
    private var lastLeftAllFinished = false
    private var recheck: ContinuousClock.Instant?

    /// - Parameter finishedQuiet: A tenth of `quiet` unless given.
    public init(quiet: Duration = .milliseconds(25), finishedQuiet: Duration? = nil, limit: Duration = .milliseconds(400),
                settleLimit: Duration = .seconds(2)) {
        self.quiet = quiet
        self.finishedQuiet = min(finishedQuiet ?? quiet / 10, quiet)
        self.limit = max(limit, quiet)
        self.settleLimit = max(settleLimit, self.limit)
    }

    /// Whether an event arrived since the last `reset()`.
    public var isOpen: Bool { first != nil }

    /// Notes an event at `instant`.
    /// - Parameter allFinished: Whether every file of the burst is now
    ///   finished (``WriteSettling/allFinished``).
    public mutating func record(at instant: ContinuousClock.Instant, allFinished: Bool = false) {
        if first == nil { first = instant }
        last = instant
        lastLeftAllFinished = allFinished
    }

    /// When the window closes if nothing else arrives; `nil` when closed.
    public var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        let closing = min(last + (lastLeftAllFinished ? finishedQuiet : quiet), first + limit)
        guard let recheck else { return closing }
        return max(closing, recheck)
    }

    /// Keeps the window open one more quiet period from `instant`: it
    /// closed while a file was still being written.
    public mutating func postpone(at instant: ContinuousClock.Instant) {
        recheck = instant + quiet
    }

    /// Whether the batch has waited `settleLimit` for its files to settle.
    public func hasWaitedLongEnough(at instant: ContinuousClock.Instant) -> Bool {
        guard let first else { return true }
        return instant >= first + settleLimit
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
        lastLeftAllFinished = false
        recheck = nil
    }
}
