import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import KumikiTestSupport

/// `kumiki serve` answers while it rebuilds, even on one core: the
/// rebuild runs outside the threads that answer requests.
@Suite struct ServeWhileRebuildingCommandTests {
    /// A site large enough that a rebuild takes a while.
    private static func pages(count: Int) -> [String: String] {
        var pages: [String: String] = [:]
        for number in 0..<count {
            var body = ""
            for paragraph in 0..<12 {
                body += bilingualParagraph("Paragraph \(paragraph) of page \(number) explains spacing and alignment.",
                                           "ページ\(number)の段落\(paragraph)は余白と配置を説明します。")
            }
            pages["page-\(number).md"] = page(["title: Page \(number)", "title_ja: ページ\(number)"], body)
        }
        return pages
    }

    @Test func pagesAnswerAtOnceDuringARebuildOnOneCore() async throws {
        let project = try FixtureProject(Self.pages(count: 400), config: "title: Guide\n")
        // The Swift runtime's pool of threads for tasks cut to one, as on a
        // machine with a single core.
        let serve = try PreviewProcess(in: project.root, arguments: ["--templates", Repository.templates.path],
                                       environment: ["LIBDISPATCH_COOPERATIVE_POOL_STRICT": "1"])
        defer { serve.stop() }
        let started = try serve.waitFor("Stored the build in")
        let address = try #require(started.firstMatch(of: /Serving at (http:\/\/[^ ]+)/)?.1)
        let home = try #require(URL(string: String(address)))

        // A new title: every page is rendered again.
        try Data("title: Renamed guide\n".utf8).write(to: project.folder.configFile)
        var latencies: [Duration] = []
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !serve.output.contains("Rebuilt after"), clock.now < deadline {
            let start = clock.now
            let (_, response) = try await URLSession.shared.data(from: home)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            latencies.append(start.duration(to: clock.now))
            try await Task.sleep(for: .milliseconds(40))
        }
        #expect(serve.output.contains("Rebuilt after changes to kumiki.yml"), "\(serve.output)")
        // Several answers came while the rebuild ran, none of them held up by it.
        #expect(latencies.count >= 3, "\(serve.output)")
        #expect((latencies.max() ?? .zero) < .milliseconds(500), "\(latencies)")
    }
}
