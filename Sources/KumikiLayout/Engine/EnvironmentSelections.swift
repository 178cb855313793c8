import KumikiSupport

/// The environments that sets of environment lines select, for one
/// catalog, shared by every thread of a build: a site's blocks use a few
/// sets of lines (most often none), and reading the lines, the devices and
/// every environment's rectangles again for each block was a sixth of the
/// engine's time.
///
/// Only lines without problems are kept: what they select depends on their
/// keys and values alone, where a problem names the line's place.
final class EnvironmentSelections: Sendable {
    /// An environment line as far as the selection goes.
    struct Line: Hashable, Sendable {
        var key: String
        var value: String
    }

    private let known = LockedValue<[[Line]: [Environment]]>([:])

    func environments(for lines: [Line]) -> [Environment]? {
        known.withValue { $0[lines] }
    }

    func remember(_ environments: [Environment], for lines: [Line]) {
        known.withValue { $0[lines] = environments }
    }
}
