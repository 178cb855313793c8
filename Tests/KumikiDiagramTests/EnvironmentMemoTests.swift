import KumikiLayout
import Testing
@testable import KumikiDiagram

/// What depends on an environment alone is made once a build, and only
/// reused for that same environment.
@Suite struct EnvironmentMemoTests {
    private func environment(bars: SystemBars) throws -> Environment {
        let device = try #require(DeviceCatalog.bundled()["iphone-x"])
        return try #require(Environment(device: device, orientation: .portrait, bars: bars))
    }

    @Test func aValueIsMadeOnceForAnEnvironment() throws {
        let memo = EnvironmentMemo<Int>()
        var made = 0
        let environment = try environment(bars: .default)
        for _ in 0..<3 {
            #expect(memo.value(for: environment) { made += 1; return 7 } == 7)
        }
        #expect(made == 1)
    }

    /// The id does not name the bars: a block with a tab bar and one
    /// without are in two environments of the same id, each with its value.
    @Test func environmentsUnderOneIdKeepTheirOwnValues() throws {
        let plain = try environment(bars: .default)
        let tabbed = try environment(bars: SystemBars(tabBar: true))
        #expect(plain.id == tabbed.id && plain != tabbed)
        let memo = EnvironmentMemo<String>()
        var made = 0
        for _ in 0..<2 {
            #expect(memo.value(for: plain) { made += 1; return "plain" } == "plain")
            #expect(memo.value(for: tabbed) { made += 1; return "tabbed" } == "tabbed")
        }
        #expect(made == 2)
    }
}
