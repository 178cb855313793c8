import Foundation
import KumikiSupport

/// Watches the site's sources on a thread of its own and sends one batch of
/// changed paths per burst of events.
public final class FileWatcher: Sendable {
    /// How changes are noticed.
    public enum Method: String, Sendable {
        case inotify
        case polling
    }

    public let method: Method
    /// How events are grouped into batches.
    public let window: CoalescingWindow
    public let batches: AsyncStream<[String]>
    private let stopped = LockedValue(false)
    private let changeCount = LockedValue(0)

    /// Grows with every change seen. A rebuild compares it before and after:
    /// a change during the build means a file may have been read while it
    /// was being written.
    public var changesSeen: Int { changeCount.current }

    /// Starts watching at once.
    /// - Parameters:
    ///   - paths: The folders and files to watch.
    ///   - window: How events are grouped into batches.
    ///   - forcePolling: Scans even where inotify is available (tests, and
    ///     file systems that do not report events, such as some network mounts).
    public init(paths: WatchedPaths, window: CoalescingWindow = CoalescingWindow(), forcePolling: Bool = false) {
        // Every batch is delivered, however many arrive while the consumer
        // is busy: what a rebuild must redo is decided from what the files
        // hold, but the consumer is owed every change it was told of. A batch
        // is a set of paths, so a backlog is bounded by the bursts seen.
        let (stream, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .unbounded)
        batches = stream
        var source: any ChangeSource = PollingChangeSource(paths: paths)
        var method = Method.polling
        #if os(Linux)
        if !forcePolling, let inotify = InotifyChangeSource(paths: paths) {
            source = inotify
            method = .inotify
        }
        #endif
        self.method = method
        self.window = window
        let chosen = source
        let stopped = stopped
        let changeCount = changeCount
        continuation.onTermination = { _ in stopped.set(true) }
        let thread = Thread {
            Self.loop(source: chosen, window: window, stopped: stopped, changeCount: changeCount, continuation: continuation)
        }
        thread.name = "kumiki-watch"
        thread.start()
    }

    /// Stops watching; the batches stream finishes shortly after.
    public func stop() { stopped.set(true) }

    deinit { stopped.set(true) }

    private static func loop(source: any ChangeSource, window: CoalescingWindow, stopped: LockedValue<Bool>,
                             changeCount: LockedValue<Int>, continuation: AsyncStream<[String]>.Continuation) {
        var source = source
        var window = window
        var settling = WriteSettling()
        var pending = Set<String>()
        while !stopped.current {
            let now = ContinuousClock.now
            if window.isDue(at: now) {
                // A file still being written would be built half-written:
                // wait for it, one quiet period at a time.
                let unsettled = settling.unsettled(at: now, quiet: window.quiet, reading: WriteSettling.stamp(of:))
                if !unsettled.isEmpty && !window.hasWaitedLongEnough(at: now) {
                    window.postpone(at: now)
                    continue
                }
                continuation.yield(pending.sorted())
                pending.removeAll()
                settling.reset()
                window.reset()
                continue
            }
            let changes = source.wait(timeout: window.timeout(at: now, idle: .milliseconds(200)))
            if !changes.isEmpty {
                let instant = ContinuousClock.now
                for change in changes {
                    pending.insert(change.path)
                    // Read now: the second read, a quiet period later, must
                    // find the same for the file to count as settled.
                    settling.record(change, stamp: change.isComplete ? nil : WriteSettling.stamp(of: change.path), at: instant)
                }
                window.record(at: instant, allFinished: settling.allFinished)
                changeCount.withValue { $0 += 1 }
            }
        }
        source.close()
        continuation.finish()
    }
}
