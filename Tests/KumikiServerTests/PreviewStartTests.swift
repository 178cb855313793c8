import Foundation
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiTestSupport

/// The preview answers as soon as its first build is done: what it computed
/// is kept in memory and written to the store on disk only once the server
/// answers (`persist`).
@Suite struct PreviewStartTests {
    private func cachedPages(_ cache: URL) -> [String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: cache.path)) ?? []
        return names.filter { $0.contains("/pages/") && $0.split(separator: "/").last?.count == 16 }
    }

    @Test func aFirstBuildOnAnEmptyCacheStoresItsPagesAfterwards() async throws {
        try await TemporarySite.with { site in
            let cache = site.root.appendingPathComponent(".kumiki-cache")
            var options = site.options
            options.cacheDirectory = cache
            let counter = CountingHandler()
            let builder = PreviewBuilder(options: options, handlers: [counter.handler])
            let first = builder.build()
            #expect(first.result.succeeded)
            #expect(cachedPages(cache).isEmpty)

            builder.persist()
            #expect(!cachedPages(cache).isEmpty)
            #expect(counter.count == 1)

            // The next process takes every page from the disk: nothing is
            // rendered, and the site is the one the preview served.
            let nextSession = BuildSession(cacheDirectory: cache, policy: .preview())
            let second = SiteBuilder(options: options, handlers: [counter.handler], session: nextSession).build()
            #expect(nextSession.renders == 0)
            #expect(second.site == first.result.site)
            #expect(counter.count == 1)
        }
    }

    /// Pages depend on the base URL; solved blocks do not, so a build for
    /// another address takes them from the store.
    @Test func theSolvedLayoutBlocksAreStoredTooForBuildsAtOtherAddresses() async throws {
        try await TemporarySite.with { site in
            var options = site.options
            options.cacheDirectory = site.root.appendingPathComponent(".kumiki-cache")
            options.baseURL = "http://127.0.0.1:8000/"
            let builder = PreviewBuilder(options: options)
            #expect(builder.build().result.succeeded)
            builder.persist()

            options.baseURL = "http://127.0.0.1:8001/"
            let other = SiteBuilder(options: options).build()
            #expect(other.succeeded)
            #expect(other.storedBlocks == (hits: 1, misses: 0))
        }
    }

    @Test func aFirstBuildOnAWarmCacheUsesItAndLeavesNothingToStore() async throws {
        try await TemporarySite.with { site in
            let cache = site.root.appendingPathComponent(".kumiki-cache")
            var options = site.options
            options.cacheDirectory = cache
            _ = SiteBuilder(options: options).build()
            let stored = cachedPages(cache)
            #expect(!stored.isEmpty)

            let memory = PreviewBuilder(options: options)
            #expect(memory.build().result.succeeded)
            #expect(memory.session.renders == 0)
            memory.persist()
            #expect(cachedPages(cache) == stored)
        }
    }

    /// A rebuild after a save keeps the page it rendered in memory: the
    /// build store on disk is left as the first build stored it, and the
    /// next process renders that page again and gets the site served.
    @Test func aRebuildAfterASaveLeavesTheStoreOnDiskAlone() async throws {
        try await TemporarySite.with { site in
            let cache = site.root.appendingPathComponent(".kumiki-cache")
            var options = site.options
            options.cacheDirectory = cache
            let builder = PreviewBuilder(options: options)
            #expect(builder.build().result.succeeded)
            builder.persist()
            let stored = cachedPages(cache)

            try site.write("spacing.md", TemporarySite.page.replacingOccurrences(of: "Original paragraph.", with: "Edited paragraph."))
            let rebuilt = builder.build()
            #expect(rebuilt.result.succeeded)
            #expect(cachedPages(cache) == stored)

            let nextSession = BuildSession(cacheDirectory: cache, policy: .preview())
            #expect(SiteBuilder(options: options, session: nextSession).build().site == rebuilt.result.site)
            #expect(nextSession.renders == 1)
        }
    }
}
