import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

/// `show: DEVICE/ORIENTATION…` names the environment a block's gallery
/// opens on: the parser keeps it, the engine checks the block has it.
@Suite struct ShowLineTests {
    static let block = """
        devices: iphone-se-1, iphone-x
        orientations: portrait, landscape-left
        show: iphone-x/landscape-left
        button go "Go" "進む"
        go.center = safe
        go.size = 44
        """

    /// The engine's diagnostics for a block, as `line:column: severity: message`.
    private func engineDiagnostics(_ text: String) throws -> [String] {
        let p = try #require(program(text, file: "t.md", line: 1))
        return engine.environments(for: p).problems.map(\.diagnostic).map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.severity.rawValue): \($0.message)"
        }
    }

    @Test func theLineIsKeptApartFromTheEnvironmentLines() throws {
        let p = try #require(program(Self.block))
        #expect(p.environmentLines.map(\.key) == ["devices", "orientations"])
        #expect(p.shownEnvironment?.value == "iphone-x/landscape-left")
        #expect(p.shownEnvironment?.valueLocation == SourceLocation(file: "test.md", line: 12, column: 7))
        #expect(try engineDiagnostics(Self.block).isEmpty)
    }

    @Test func aTrailingCommentIsNotPartOfTheId() throws {
        let p = try #require(program("show: iphone-x/portrait   # the notch\nview a"))
        #expect(p.shownEnvironment?.value == "iphone-x/portrait")
        let q = try #require(program("show: iphone-x/portrait // the notch\nview a"))
        #expect(q.shownEnvironment?.value == "iphone-x/portrait")
    }

    @Test func anIdTheBlockDoesNotHaveIsAnErrorWithTheClosestId() throws {
        let misspelt = Self.block.replacingOccurrences(of: "show: iphone-x/landscape-left", with: "show: iphone-x/landscape")
        #expect(try engineDiagnostics(misspelt) == [
            "3:7: error: 'show:' names 'iphone-x/landscape', which is not one of the block's environments; did you mean 'iphone-x/landscape-left'?",
        ])
        // Not among the block's devices at all: the first environment is given as an example.
        let elsewhere = Self.block.replacingOccurrences(of: "show: iphone-x/landscape-left", with: "show: ipad-pro-11/portrait/half")
        #expect(try engineDiagnostics(elsewhere) == [
            "3:7: error: 'show:' names 'ipad-pro-11/portrait/half', which is not one of the block's environments; the first is 'iphone-se-1/portrait'",
        ])
        // Case does not matter, as in device ids.
        #expect(try engineDiagnostics(Self.block.replacingOccurrences(of: "iphone-x/landscape-left", with: "iPhone-X/Landscape-Left")).isEmpty)
    }

    @Test func malformedLinesAreErrorsAtTheirColumn() {
        #expect(diagnostics("show:\nview a") == ["1:5: error: expected an environment after 'show:', as in 'show: iphone-x/portrait'"])
        #expect(diagnostics("show: iphone-x/portrait, iphone-8/portrait\nview a")
            == ["1:24: error: 'show:' names one environment, as in 'show: iphone-x/portrait'"])
        #expect(diagnostics("show: iphone-x/portrait\nshow: iphone-8/portrait\nview a")
            == ["2:1: error: 'show:' is already set on line 1"])
        #expect(diagnostics("view a\nwhen pad {\nshow: iphone-x/portrait\n}")
            == ["3:1: error: 'show:' chooses where the block's gallery opens; move it outside the 'when' block"])
        #expect(diagnostics("shwo: iphone-x/portrait").first == "1:1: error: unknown setting 'shwo'; did you mean 'show'?")
    }

    @Test func renderingChosenEnvironmentsChecksNothing() throws {
        // `kumiki render --env` solves other environments than the block's own.
        let p = try #require(program(Self.block.replacingOccurrences(of: "iphone-x/landscape-left", with: "iphone-8/portrait")))
        let env = try #require(environment("iphone-x/portrait"))
        #expect(engine.solve(p, environments: [env]).diagnostics.isEmpty)
    }
}
