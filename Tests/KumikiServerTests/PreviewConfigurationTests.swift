import Foundation
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiSupport
import KumikiTestSupport

/// The preview follows what `kumiki.yml` holds, never which files a batch
/// of changes named: every page and block is looked up by a key of what it
/// reads, the configuration included.
@Suite struct PreviewConfigurationTests {
    private static let devicesPage = KumikiTestSupport.page(["title: Devices"], bilingualParagraph("Every phone.", "すべての電話。")
        + "```layout\nbutton go \"Go\" \"行く\"\ngo.center = safe.center\n```\n\n```devices\nfamily: phones\n```\n")

    /// Edits `kumiki.yml` twice from inside the build: the build that is
    /// running read the file before, and the next one must show the second
    /// edit. Driven by the build itself, so no timing is involved.
    final class EditsDuringTheBuild: Sendable {
        let configFile: URL
        private let done = LockedValue(false)

        init(configFile: URL) { self.configFile = configFile }

        var handler: FencedBlockHandler {
            var handler = FencedBlockHandler(name: "layout") { [self] block in
                let first = done.withValue { done -> Bool in
                    defer { done = true }
                    return !done
                }
                if first {
                    try? Data("exclude_devices: [iphone-8]\n".utf8).write(to: configFile)
                    try? Data("exclude_devices: [iphone-air]\n".utf8).write(to: configFile)
                }
                return FencedBlockOutput(html: "<figure>\(block.text.count)</figure>\n")
            }
            handler.storeKey = "edits"
            return handler
        }
    }

    @Test func kumikiYmlEditedTwiceDuringARebuildShowsTheSecondEdit() async throws {
        try await TemporarySite.with { site in
            try site.write("devices.md", Self.devicesPage)
            let editor = EditsDuringTheBuild(configFile: site.configFile)
            let builder = PreviewBuilder(options: site.options, handlers: [editor.handler])
            let during = builder.build()
            #expect(during.result.succeeded, "\(during.result.diagnostics.items)")
            let before = String(decoding: during.result.site["devices/index.html"] ?? Data(), as: UTF8.self)
            #expect(before.contains("iPhone Air") && before.contains("iPhone SE (2nd/3rd gen) / 8"))

            let after = builder.build()
            let html = String(decoding: after.result.site["devices/index.html"] ?? Data(), as: UTF8.self)
            #expect(!html.contains("iPhone Air"))
            #expect(html.contains("iPhone SE (2nd/3rd gen) / 8"))
            // The playground's devices follow the file too.
            #expect(builder.deviceCatalog["iphone-air"] == nil)
            #expect(builder.deviceCatalog["iphone-8"] != nil)
        }
    }
}

extension FileWatcherTests {
    /// Batches that arrive while nobody reads them are all delivered, in
    /// order: none replaces another.
    @Test func everyBatchOfABurstIsDelivered() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumiki-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watcher = FileWatcher(paths: WatchedPaths(folders: [folder.path], files: []),
                                  window: CoalescingWindow(quiet: .milliseconds(40), finishedQuiet: .milliseconds(20)),
                                  forcePolling: true)
        try await Task.sleep(for: .milliseconds(150))  // the polling watcher's first scan
        let names = ["kumiki.yml", "a.md", "b.md", "c.md"]
        for name in names {
            try Data("\(name)\n".utf8).write(to: folder.appendingPathComponent(name))
            // Long enough for the batch to go out before the next change.
            try await Task.sleep(for: .milliseconds(600))
        }
        let received = await batches(of: watcher, timeout: .milliseconds(100), settle: .milliseconds(500))
        #expect(received.count == names.count, "\(received)")
        #expect(received.flatMap { $0 } == names.map { folder.appendingPathComponent($0).path })
    }
}
