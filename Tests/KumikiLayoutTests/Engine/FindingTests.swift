import Foundation
import Testing
@testable import KumikiLayout

private func findings(_ text: String, in id: String) throws -> [Finding.Kind] {
    let p = try #require(program(text), "\(diagnostics(text))")
    let env = try #require(environment(id))
    return try #require(engine.solve(p, environments: [env]).environments.first).findings.map(\.kind)
}

@Suite struct FindingTests {
    static let placed = """
        button go "Continue" "続ける"
        go.centerX = safe.centerX
        go.centerY = safe.centerY

        """

    @Test func touchTarget() throws {
        #expect(try findings(Self.placed, in: "iphone-x/portrait") == [.touchTarget])
        #expect(try findings(Self.placed + "go.height >= 44", in: "iphone-x/portrait") == [])
    }

    @Test func outsideTheSafeArea() throws {
        let top = """
            button go "Go" "進む"
            go.top = screen.top + 4
            go.leading = safe.leading + 100
            go.size = 44
            """
        #expect(try findings(top, in: "iphone-8/portrait") == [.outsideSafeArea])
        #expect(try findings(top.replacingOccurrences(of: "screen.top + 4", with: "safe.top + 4"), in: "iphone-8/portrait") == [])
    }

    @Test func underTheHomeIndicator() throws {
        let bottom = """
            button go "Go" "進む"
            go.bottom = screen.bottom
            go.horizontalEdges = margins inset 0
            go.height = 50
            """
        // Pinned to the bottom corners of a rounded display, it is clipped there too.
        #expect(try findings(bottom, in: "iphone-x/portrait") == [.outsideSafeArea, .underHomeIndicator, .inRoundedCorner])
        #expect(try findings(bottom, in: "iphone-8/portrait") == [])
    }

    @Test func underTheSensorHousing() throws {
        let top = """
            button go "Go" "進む"
            go.top = screen.top
            go.centerX = screen.centerX
            go.size = 44
            """
        #expect(try findings(top, in: "iphone-x/portrait") == [.outsideSafeArea, .underSensorHousing])
        #expect(try findings(top, in: "iphone-8/portrait") == [.outsideSafeArea])
    }

    @Test func inARoundedCorner() throws {
        let corner = """
            button close "Close" "閉じる"
            close.top = screen.top
            close.leading = screen.leading
            close.size = 44
            """
        #expect(try findings(corner, in: "iphone-x/portrait") == [.outsideSafeArea, .inRoundedCorner])
        #expect(try findings(corner, in: "iphone-8/portrait") == [.outsideSafeArea])
    }

    @Test func offScreen() throws {
        let block = """
            image i
            i.leading = screen.trailing - 10
            i.top = safe.top
            i.size = 100
            """
        #expect(try findings(block, in: "iphone-x/portrait") == [.offScreen])
        #expect(try findings(block.replacingOccurrences(of: "screen.trailing - 10", with: "screen.trailing - 100"), in: "iphone-x/portrait") == [])
    }

    @Test func textWiderThanTheReadableWidth() throws {
        let block = """
            label l "This sentence is far too long to be read comfortably in one line" "この文は一行で楽に読むには長すぎます"
            l.leading = safe.leading
            l.top = safe.top
            """
        #expect(try findings(block, in: "ipad-pro-12-9/landscape-left") == [])
        #expect(try findings(block, in: "iphone-x/portrait") == [.offScreen, .textWiderThanReadable])
    }

    @Test func overlapBetweenSiblingsButNotInsideAContainer() throws {
        let block = """
            image a
            image b
            a.edges = safe inset 0
            b.edges = safe inset 20
            """
        #expect(try findings(block, in: "iphone-x/portrait") == [.overlap])
        #expect(try findings(block.replacingOccurrences(of: "image a", with: "card a"), in: "iphone-x/portrait") == [])
    }

    @Test func messagesAreInBothLanguages() throws {
        let p = try #require(program(Self.placed))
        let env = try #require(environment("iphone-x/portrait"))
        let finding = try #require(engine.solve(p, environments: [env]).environments.first?.findings.first)
        #expect(finding.views == ["go"])
        #expect(finding.message == "'go' (\"Continue\") is 92 × 34.3 pt, smaller than the 44 × 44 pt minimum touch target")
        #expect(finding.messageJapanese == "「go」（続ける）は 92 × 34.3 pt で、最小タッチ領域 44 × 44 pt より小さくなっています")
    }

    @Test func aDoBlockWithFindingsAndADontBlockWithoutAreWarnings() throws {
        let good = "devices: iphone-x\norientations: portrait\n" + Self.placed + "go.height >= 44"
        let bad = "devices: iphone-x\norientations: portrait\n" + Self.placed
        func warnings(_ text: String, _ kind: LayoutBlockKind) throws -> [String] {
            let p = try #require(program(text, kind: kind))
            return engine.solve(p).diagnostics.map(\.message)
        }
        #expect(try warnings(good, .do).isEmpty)
        #expect(try warnings(bad, .dont).isEmpty)
        #expect(try warnings(bad, .do) == ["a 'layout do' block should pass every guideline check, but it has findings (touch-target) in 1 of 1 environment (iphone-x/portrait)"])
        #expect(try warnings(good, .dont) == ["a 'layout dont' block should show a problem, but it passes every guideline check in every environment"])
    }
}
