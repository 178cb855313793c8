import Foundation

/// File changes found by comparing modification times and sizes between
/// scans: slower than the kernel's events, but it works on every platform.
struct PollingChangeSource: ChangeSource {
    private let paths: WatchedPaths
    private let interval: Duration
    private var stamps: [String: Stamp]

    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    init(paths: WatchedPaths, interval: Duration = .milliseconds(100)) {
        self.paths = paths
        self.interval = interval
        stamps = Self.scan(paths)
    }

    mutating func wait(timeout: Duration) -> [FileChange] {
        let pause = min(timeout, interval)
        if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) * 1e-18) }
        let current = Self.scan(paths)
        defer { stamps = current }
        guard current != stamps else { return [] }
        let keys = Set(current.keys).union(stamps.keys)
        // Scans cannot tell a finished write from one under way: every
        // change waits to settle.
        return keys.filter { current[$0] != stamps[$0] }.sorted().map { FileChange($0) }
    }

    mutating func close() {}

    private static func scan(_ paths: WatchedPaths) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        for folder in paths.folders {
            guard let enumerator = manager.enumerator(atPath: folder) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                guard WatchedPaths.isRelevant(name: name) else { continue }
                let path = folder + "/" + relative
                stamps[path] = stamp(of: path)
            }
        }
        for file in paths.files where manager.fileExists(atPath: file) {
            stamps[file] = stamp(of: file)
        }
        return stamps
    }

    private static func stamp(of path: String) -> Stamp {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return Stamp(modified: attributes?[.modificationDate] as? Date, size: (attributes?[.size] as? NSNumber)?.intValue)
    }
}
