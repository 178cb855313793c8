import Foundation
import Testing
@testable import KumikiServer

/// A rebuild reads only completely written files: a file has settled when
/// its last event says the writer is done, or when it reads the same twice,
/// a quiet period apart.
@Suite struct WriteSettlingTests {
    let start = ContinuousClock.now
    let quiet = Duration.milliseconds(25)
    let page = "/site/Content/page.md"

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    func stamp(_ size: Int64, _ modified: Int64 = 1) -> WriteSettling.Stamp {
        WriteSettling.Stamp(size: size, modified: modified)
    }

    @Test func aFileClosedAfterWritingHasSettledWithoutBeingRead() {
        var settling = WriteSettling()
        settling.record(FileChange(page, isComplete: true), stamp: nil, at: at(0))
        #expect(settling.unsettled(at: at(25), quiet: quiet) { _ in
            Issue.record("read a file whose event said it was complete")
            return nil
        }.isEmpty)
    }

    @Test func aFileThatStoppedChangingHasSettled() {
        var settling = WriteSettling()
        settling.record(FileChange(page), stamp: stamp(120), at: at(0))
        #expect(settling.unsettled(at: at(25), quiet: quiet) { _ in stamp(120) }.isEmpty)
    }

    @Test func aFileStillGrowingWaitsUntilTwoReadsAQuietPeriodApartAgree() {
        var settling = WriteSettling()
        settling.record(FileChange(page), stamp: stamp(4096), at: at(0))
        // The writer went on without the watcher seeing an event yet.
        #expect(settling.unsettled(at: at(25), quiet: quiet) { _ in stamp(8192, 2) } == [page])
        // Read again too soon: not settled, whatever it reads.
        #expect(settling.unsettled(at: at(40), quiet: quiet) { _ in stamp(8192, 2) } == [page])
        #expect(settling.unsettled(at: at(50), quiet: quiet) { _ in stamp(8192, 2) }.isEmpty)
    }

    @Test func aFileWhoseModificationTimeMovedHasNotSettled() {
        // Rewritten in place at the same size.
        var settling = WriteSettling()
        settling.record(FileChange(page), stamp: stamp(100, 1), at: at(0))
        #expect(settling.unsettled(at: at(30), quiet: quiet) { _ in stamp(100, 2) } == [page])
    }

    @Test func aBurstCutShortByTheLimitWaitsForItsLastWrite() {
        // The window's limit closed it 5 ms after the latest write: two
        // reads that close together agree on a file still being written.
        var settling = WriteSettling()
        settling.record(FileChange(page), stamp: stamp(4096), at: at(395))
        #expect(settling.unsettled(at: at(400), quiet: quiet) { _ in stamp(4096) } == [page])
        #expect(settling.unsettled(at: at(420), quiet: quiet) { _ in stamp(4096) }.isEmpty)
    }

    @Test func aWriteAfterTheCloseIsWaitedForAgain() {
        var settling = WriteSettling()
        settling.record(FileChange(page, isComplete: true), stamp: nil, at: at(0))
        settling.record(FileChange(page), stamp: stamp(10), at: at(5))
        #expect(settling.unsettled(at: at(30), quiet: quiet) { _ in stamp(20) } == [page])
    }

    @Test func aRemovedFileHasSettled() {
        var settling = WriteSettling()
        settling.record(FileChange(page), stamp: nil, at: at(0))
        #expect(settling.unsettled(at: at(25), quiet: quiet) { _ in nil }.isEmpty)
    }

    @Test func theWindowStaysOpenPastItsLimitForAFileBeingWritten() {
        var window = CoalescingWindow(quiet: .milliseconds(25), limit: .milliseconds(100), settleLimit: .seconds(2))
        for step in 0..<30 { window.record(at: at(step * 5)) }
        #expect(window.isDue(at: at(100)))
        window.postpone(at: at(100))
        #expect(!window.isDue(at: at(124)))
        #expect(window.isDue(at: at(125)))
        #expect(!window.hasWaitedLongEnough(at: at(1999)))
        #expect(window.hasWaitedLongEnough(at: at(2000)))
        window.reset()
        #expect(window.deadline == nil)
    }
}

@Suite(.serialized) struct SettledBatchTests {
    /// A file written in chunks for longer than the window's limit, as a
    /// slow tool or a large copy does: the batch goes out only once it is
    /// whole. (Before, the limit sent it half-written.)
    @Test(arguments: [false, true])
    func aFileWrittenForLongerThanTheLimitIsSentOnlyWhenWhole(forcePolling: Bool) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-settle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The writer pauses 20 ms between chunks, far less than the quiet
        // period, and goes on for 800 ms, well past the limit.
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(250), limit: .milliseconds(300)),
                                  forcePolling: forcePolling)
        defer { watcher.stop() }
        try await Task.sleep(for: .milliseconds(150))  // the polling watcher's first scan
        let file = folder.appendingPathComponent("page.md")
        let chunk = String(repeating: "x", count: 1000) + "\n"
        let chunks = 40
        // A thread of its own, so the pauses stay short on a busy machine.
        let written = AsyncStream<Void> { continuation in
            Thread.detachNewThread {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
                if let handle = try? FileHandle(forWritingTo: file) {
                    for _ in 0..<chunks {
                        try? handle.write(contentsOf: Data(chunk.utf8))
                        Thread.sleep(forTimeInterval: 0.02)
                    }
                    try? handle.close()
                }
                continuation.finish()
            }
        }
        var sizes: [Int] = []
        for await batch in watcher.batches where batch.contains(file.path) {
            sizes.append((try? Data(contentsOf: file).count) ?? -1)
            break
        }
        for await _ in written {}
        #expect(sizes == [chunk.utf8.count * chunks])
    }
}
