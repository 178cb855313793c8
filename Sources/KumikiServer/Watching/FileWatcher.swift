import Foundation

/// Watches the site's sources on a thread of its own and sends one batch of
/// changed paths per burst of events.
public final class FileWatcher: Sendable {
    /// How changes are noticed.
    public enum Method: String, Sendable {
        case inotify
        case polling
    }

    public let method: Method
    public let batches: AsyncStream<[String]>
    private let stopped = LockedFlag()

    /// Starts watching at once.
    /// - Parameters:
    ///   - paths: The folders and files to watch.
    ///   - window: How events are grouped into batches.
    ///   - forcePolling: Scans even where inotify is available (tests, and
    ///     file systems that do not report events, such as some network mounts).
    public init(paths: WatchedPaths, window: CoalescingWindow = CoalescingWindow(), forcePolling: Bool = false) {
        // Only the latest batch matters: a rebuild reads every file anyway.
        let (stream, continuation) = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(1))
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
        let chosen = source
        let stopped = stopped
        continuation.onTermination = { _ in stopped.set() }
        let thread = Thread {
            Self.loop(source: chosen, window: window, stopped: stopped, continuation: continuation)
        }
        thread.name = "kumiki-watch"
        thread.start()
    }

    /// Stops watching; the batches stream finishes shortly after.
    public func stop() { stopped.set() }

    deinit { stopped.set() }

    private static func loop(source: any ChangeSource, window: CoalescingWindow, stopped: LockedFlag,
                             continuation: AsyncStream<[String]>.Continuation) {
        var source = source
        var window = window
        var pending = Set<String>()
        while !stopped.isSet {
            let now = ContinuousClock.now
            if window.isDue(at: now) {
                continuation.yield(pending.sorted())
                pending.removeAll()
                window.reset()
                continue
            }
            let changes = source.wait(timeout: window.timeout(at: now, idle: .milliseconds(200)))
            if !changes.isEmpty {
                window.record(at: .now)
                pending.formUnion(changes)
            }
        }
        source.close()
        continuation.finish()
    }
}

/// A flag one thread sets and another reads.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
