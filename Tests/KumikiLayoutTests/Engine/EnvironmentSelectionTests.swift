import KumikiLayoutLanguage
import Testing
@testable import KumikiLayout

/// An engine derives the environments of a set of environment lines once
/// and gives every block with the same lines the same environments; a
/// line with a problem is read again each time, so the problem names the
/// block's own line.
@Suite struct EnvironmentSelectionTests {
    let engine = LayoutEngine(catalog: .bundled())

    private func block(devices: String, show: String? = nil) -> String {
        """
        devices: \(devices)
        \(show.map { "show: \($0)" } ?? "")
        button go "Go"
        go.center = safe.center
        go.size = 44
        """
    }

    @Test func blocksWithTheSameLinesGetTheSameEnvironments() throws {
        let first = try #require(program(block(devices: "iphone-x, ipad-pro-11"), line: 10))
        let second = try #require(program(block(devices: "iphone-x, ipad-pro-11"), line: 40))
        let a = engine.environments(for: first), b = engine.environments(for: second)
        #expect(a.problems.isEmpty && b.problems.isEmpty)
        #expect(a.environments == b.environments)
        #expect(a.environments.map(\.device.id).first == "iphone-x")
        // Other lines, other environments.
        let phone = try #require(program(block(devices: "iphone-x"), line: 10))
        #expect(Set(engine.environments(for: phone).environments.map(\.device.id)) == ["iphone-x"])
    }

    @Test func aShowLineIsCheckedForEachBlock() throws {
        let known = try #require(program(block(devices: "iphone-x", show: "iphone-x/portrait"), line: 10))
        let unknown = try #require(program(block(devices: "iphone-x", show: "ipad-pro-11/portrait"), line: 10))
        #expect(engine.environments(for: known).problems.isEmpty)
        #expect(engine.environments(for: unknown).problems.count == 1)
    }

    @Test func aLineWithAProblemNamesEachBlocksOwnLine() throws {
        let first = try #require(program(block(devices: "iphone-x, no-such-phone"), file: "a.md", line: 10))
        let second = try #require(program(block(devices: "iphone-x, no-such-phone"), file: "b.md", line: 40))
        let a = engine.environments(for: first).problems.map(\.diagnostic)
        let b = engine.environments(for: second).problems.map(\.diagnostic)
        #expect(a.count == 1 && b.count == 1)
        #expect(a.first?.location?.file == "a.md" && b.first?.location?.file == "b.md")
        #expect(a.first?.location?.line != b.first?.location?.line)
    }
}
