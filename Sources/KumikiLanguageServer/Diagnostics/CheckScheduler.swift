import Foundation
import KumikiSupport

/// Runs the site's checks off the reading thread, one at a time, a little
/// after the last change, and drops work a newer change made stale.
///
/// Each change takes a new generation. A check starts only if no change
/// came during the delay (typing does not start a check per key), and its
/// result is published only if none came while it ran: the editor would
/// otherwise be shown diagnostics of a text it no longer holds, and the
/// newer change has scheduled its own check.
final class CheckScheduler: Sendable {
    private let queue = DispatchQueue(label: "org.kumiki.lsp.check")
    private let generation = LockedValue(0)
    private let delay: DispatchTimeInterval

    init(delay: DispatchTimeInterval) { self.delay = delay }

    /// Schedules `work`, handing it a test of whether it is still current.
    func schedule(_ work: @escaping @Sendable (_ isCurrent: @Sendable () -> Bool) -> Void) {
        let mine = generation.withValue { value -> Int in
            value += 1
            return value
        }
        let generation = self.generation
        queue.asyncAfter(deadline: .now() + delay) {
            let isCurrent: @Sendable () -> Bool = { generation.current == mine }
            guard isCurrent() else { return }
            work(isCurrent)
        }
    }
}
