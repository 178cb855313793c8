import Foundation
import Testing
@testable import KumikiServer
import KumikiSupport

@Suite struct CoalescingWindowTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func aSingleEventFiresAfterTheQuietPeriod() {
        var window = CoalescingWindow(quiet: .milliseconds(25), limit: .milliseconds(400))
        #expect(!window.isOpen)
        window.record(at: at(0))
        #expect(!window.isDue(at: at(24)))
        #expect(window.isDue(at: at(25)))
        #expect(window.timeout(at: at(10), idle: .seconds(1)) == .milliseconds(15))
    }

    @Test func eachEventOfABurstPushesTheDeadline() {
        var window = CoalescingWindow(quiet: .milliseconds(25), limit: .milliseconds(400))
        for step in 0..<10 { window.record(at: at(step * 10)) }  // 0, 10, … 90 ms
        #expect(!window.isDue(at: at(110)))
        #expect(window.isDue(at: at(115)))
    }

    @Test func aBurstThatNeverPausesStillFiresAtTheLimit() {
        var window = CoalescingWindow(quiet: .milliseconds(25), limit: .milliseconds(100))
        for step in 0..<50 { window.record(at: at(step * 5)) }
        #expect(window.deadline == at(100))
        #expect(window.isDue(at: at(100)))
    }

    /// A save ends with the file closed (or renamed into place): the burst
    /// is over, and waiting the whole quiet period would only delay the
    /// reload.
    @Test func aBurstWhoseFilesAreAllFinishedClosesAfterTheShortQuiet() {
        var window = CoalescingWindow(quiet: .milliseconds(25), limit: .milliseconds(400))
        #expect(window.finishedQuiet == .microseconds(2500))
        window.record(at: at(0))  // modified: still being written
        #expect(window.deadline == at(25))
        window.record(at: at(1), allFinished: true)  // closed after writing
        #expect(!window.isDue(at: at(3)))
        #expect(window.isDue(at: at(4)))
        window.record(at: at(2), allFinished: false)  // another file begins
        #expect(window.deadline == at(27))
    }

    @Test func resetClosesTheWindow() {
        var window = CoalescingWindow()
        window.record(at: at(0))
        window.reset()
        #expect(!window.isOpen)
        #expect(!window.isDue(at: at(1000)))
        #expect(window.timeout(at: at(0), idle: .milliseconds(200)) == .milliseconds(200))
    }

    @Test func aLateCheckNeverWaitsANegativeTime() {
        var window = CoalescingWindow(quiet: .milliseconds(25))
        window.record(at: at(0))
        #expect(window.timeout(at: at(90), idle: .seconds(1)) == .zero)
    }
}

@Suite(.serialized) struct FileWatcherTests {
    /// The first batch from the watcher, or `nil` after `timeout`; then
    /// whether another came within `settle`.
    func batches(of watcher: FileWatcher, timeout: Duration, settle: Duration) async -> [[String]] {
        await withTaskGroup(of: [[String]].self) { group in
            group.addTask {
                var received: [[String]] = []
                for await batch in watcher.batches { received.append(batch) }
                return received
            }
            group.addTask {
                try? await Task.sleep(for: timeout + settle)
                watcher.stop()
                return []
            }
            var all: [[String]] = []
            for await part in group { all += part }
            return all
        }
    }

    func checkoutOf500Files(forcePolling: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("deep"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(300), limit: .seconds(5)),
                                  forcePolling: forcePolling)
        try await Task.sleep(for: .milliseconds(150))  // the polling watcher's first scan
        for number in 0..<500 {
            let place = number.isMultiple(of: 2) ? folder : folder.appendingPathComponent("deep")
            try Data("page \(number)\n".utf8).write(to: place.appendingPathComponent("page-\(number).md"))
        }
        let received = await batches(of: watcher, timeout: .seconds(2), settle: .milliseconds(500))
        #expect(received.count == 1)
        #expect(received.first?.filter { $0.hasSuffix(".md") }.count == 500)
    }

    @Test func aBurstOf500FilesBecomesOneBatch() async throws {
        try await checkoutOf500Files(forcePolling: false)
    }

    @Test func thePollingFallbackCoalescesTheSameWay() async throws {
        try await checkoutOf500Files(forcePolling: true)
    }

    #if os(Linux)
    /// Written and closed, the file has settled: its batch goes out after
    /// the short quiet for finished files, not the whole quiet period.
    @Test func aSavedFileIsSentWithoutWaitingTheWholeQuietPeriod() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .seconds(2), finishedQuiet: .milliseconds(20)))
        defer { watcher.stop() }
        #expect(watcher.method == .inotify)
        let seen = SeenPaths(watcher)
        let page = folder.appendingPathComponent("page.md")
        let start = ContinuousClock.now
        #expect(try await seen.see(page.path, within: .seconds(5)) { try Data("saved\n".utf8).write(to: page) })
        #expect(start.duration(to: .now) < .seconds(1))
    }
    #endif

    @Test func newSubfoldersAreWatchedAndEditorFilesIgnored() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(100)))
        // The file may be written before the new folder's watch exists: it
        // is found when the folder is added.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("new"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("new/page.md"))
        try Data("x".utf8).write(to: folder.appendingPathComponent(".page.md.swp"))
        let received = await batches(of: watcher, timeout: .seconds(1), settle: .milliseconds(200)).flatMap { $0 }
        #expect(received.contains(folder.path + "/new/page.md"))
        #expect(!received.contains { $0.hasSuffix(".swp") })
    }

    /// Every path a watcher has sent, collected by one reader (a second
    /// reader, or cancelling one, would end the watcher's stream).
    final class SeenPaths: Sendable {
        private let paths = LockedValue<Set<String>>([])
        private let reader: Task<Void, Never>

        init(_ watcher: FileWatcher) {
            reader = Task { [paths] in
                for await batch in watcher.batches { paths.withValue { $0.formUnion(batch) } }
            }
        }

        func contains(_ path: String) -> Bool { paths.withValue { $0.contains(path) } }

        /// Makes a change, then waits up to `timeout` for `path` to be sent.
        func see(_ path: String, within timeout: Duration = .seconds(5), after change: () throws -> Void) async rethrows -> Bool {
            try change()
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if contains(path) { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return contains(path)
        }
    }

    @Test func aFileWrittenLaterInANewSubfolderIsSeen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(50)))
        defer { watcher.stop() }
        let seen = SeenPaths(watcher)
        let guides = folder.appendingPathComponent("guides")
        #expect(try await seen.see(guides.path) {
            try FileManager.default.createDirectory(at: guides, withIntermediateDirectories: true)
        })
        // Each after the folder's own event was sent: only the new folders'
        // watches can report these.
        let deep = guides.appendingPathComponent("deep")
        #expect(try await seen.see(deep.path) {
            try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        })
        #expect(try await seen.see(deep.appendingPathComponent("page.md").path) {
            try Data("x".utf8).write(to: deep.appendingPathComponent("page.md"))
        })
    }

    @Test(arguments: [false, true])
    func aWatchedFolderMadeAfterTheStartIsWatched(removedFirst: Bool) async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: removedFirst ? content : site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [content.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(50)))
        defer { watcher.stop() }
        #expect(watcher.method == .inotify)
        let seen = SeenPaths(watcher)
        if removedFirst {
            #expect(try await seen.see(content.path) { try FileManager.default.removeItem(at: content) })
        }
        let page = content.appendingPathComponent("page.md")
        #expect(try await seen.see(page.path) {
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: page)
        })
        // Written after the folder's watch exists.
        let later = content.appendingPathComponent("later.md")
        #expect(try await seen.see(later.path) { try Data("x".utf8).write(to: later) })
    }

    @Test func editorFilesAreNotRelevant() {
        #expect(WatchedPaths.isRelevant(name: "page.md"))
        #expect(WatchedPaths.isRelevant(name: "kumiki.yml"))
        #expect(!WatchedPaths.isRelevant(name: ".page.md.swp"))
        #expect(!WatchedPaths.isRelevant(name: "page.md~"))
        #expect(!WatchedPaths.isRelevant(name: "4913"))
        #expect(!WatchedPaths.isRelevant(name: "#page.md#"))
    }
}
