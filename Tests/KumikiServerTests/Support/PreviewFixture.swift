import Foundation
import Hummingbird
import HummingbirdTesting
import KumikiSite
import Testing
@testable import KumikiServer
import KumikiTestSupport

/// A preview server over a temporary site, built once before the test.
struct PreviewFixture {
    let site: TemporarySite
    let server: PreviewServer

    init(site: TemporarySite, basePath: String = "/", handlers: [FencedBlockHandler]? = nil, limits: ServerLimits = .standard) async {
        self.site = site
        let builder = PreviewBuilder(options: site.options, handlers: handlers)
        let live = LiveReload(instance: "test")
        server = PreviewServer(settings: PreviewSettings(port: 0, basePath: BasePath(basePath) ?? .root, limits: limits), builder: builder, live: live)
        await live.publish(builder.build().result)
    }

    /// Builds again, as the rebuild service does after a change.
    func rebuild() async {
        await server.live.publish(server.builder.build().result)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
