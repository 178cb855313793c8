import Foundation
import Testing
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

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

    // MARK: What the hardware hides: text and controls, not backdrops

    @Test func textUnderTheSensorHousing() throws {
        let top = """
            label heading "Today" "今日"
            heading.top = screen.top
            heading.centerX = screen.centerX
            """
        #expect(try findings(top, in: "iphone-x/portrait") == [.underSensorHousing])
        #expect(try findings(top, in: "iphone-14-pro/portrait") == [.underSensorHousing])
        #expect(try findings(top, in: "iphone-8/portrait") == [])
        #expect(try findings(top.replacingOccurrences(of: "screen.top", with: "safe.top"), in: "iphone-x/portrait") == [])
    }

    @Test func textInARoundedCorner() throws {
        let corner = """
            label note "Note" "メモ"
            note.top = screen.top
            note.leading = screen.leading
            """
        #expect(try findings(corner, in: "iphone-x/portrait") == [.inRoundedCorner])
        #expect(try findings(corner, in: "iphone-8/portrait") == [])
        #expect(try findings(corner.replacingOccurrences(of: "screen.", with: "safe."), in: "iphone-x/portrait") == [])
    }

    @Test func textUnderTheHomeIndicatorItself() throws {
        // The pill is 134 × 5 pt, its bottom 8 pt above the screen's.
        let bottom = """
            label hint "Swipe up" "上にスワイプ"
            hint.bottom = screen.bottom - 6
            hint.centerX = screen.centerX
            """
        #expect(try findings(bottom, in: "iphone-x/portrait") == [.underHomeIndicator])
        #expect(try findings(bottom, in: "iphone-8/portrait") == [])
        // Beside the pill the text is still seen: only controls lose the
        // whole band to the home gesture.
        let beside = """
            label hint "Swipe" "スワイプ"
            hint.bottom = screen.bottom - 6
            hint.leading = screen.leading + 50
            """
        #expect(try findings(beside, in: "iphone-x/portrait") == [])
        let control = beside.replacingOccurrences(of: "label hint", with: "button hint") + "\nhint.size = 44"
        #expect(try findings(control, in: "iphone-x/portrait") == [.outsideSafeArea, .underHomeIndicator])
    }

    @Test func aFullBleedBackdropMayRunUnderTheHardware() throws {
        for kind in ["image", "view", "card", "sheet"] {
            let block = """
                \(kind) backdrop "Photo" "写真"
                backdrop.edges = screen inset 0
                """
            #expect(try findings(block, in: "iphone-x/portrait") == [], "\(kind)")
            #expect(try findings(block, in: "iphone-14-pro/landscape-left") == [], "\(kind)")
        }
    }

    @Test func aFindingNamesTheViewAndWhereItIsDeclared() throws {
        let p = try #require(program("""
            label heading "Today" "今日"
            heading.top = screen.top
            heading.centerX = screen.centerX
            """))
        let env = try #require(environment("iphone-x/portrait"))
        let finding = try #require(engine.solve(p, environments: [env]).environments.first?.findings.first)
        // The words are the presentation's: FindingTextTests.
        #expect(finding.kind == .underSensorHousing)
        #expect(finding.views == ["heading"])
        #expect(finding.measurement == .none)
        #expect(finding.location.line == 10)
    }

    // MARK: Overlaps

    @Test func overlapWhenNeitherLiesWhollyInsideABackdrop() throws {
        let partly = """
            image a
            image b
            a.edges = safe inset 20
            b.top = a.top + 40
            b.leading = a.leading - 10
            b.size = 100
            """
        #expect(try findings(partly, in: "iphone-x/portrait") == [.overlap])
        // Wholly inside: a picture on a picture, or on a card, is layering.
        let inside = partly.replacingOccurrences(of: "a.leading - 10", with: "a.leading + 10")
        #expect(try findings(inside, in: "iphone-x/portrait") == [])
        #expect(try findings(inside.replacingOccurrences(of: "image a", with: "card a"), in: "iphone-x/portrait") == [])
    }

    @Test func aControlOnABackdropIsLayeringNotAnOverlap() throws {
        for kind in ["image", "view", "card", "sheet"] {
            let block = """
                \(kind) cover "Cover" "カバー"
                button play "Play" "再生"
                cover.edges = safe inset 0
                play.center = cover
                play.size = 60
                """
            #expect(try findings(block, in: "iphone-x/portrait") == [], "\(kind)")
            // The backdrop may be declared after the control, or be the smaller one's container either way.
            let reversed = block.replacingOccurrences(of: "\(kind) cover \"Cover\" \"カバー\"\nbutton play \"Play\" \"再生\"",
                                                      with: "button play \"Play\" \"再生\"\n\(kind) cover \"Cover\" \"カバー\"")
            #expect(try findings(reversed, in: "iphone-x/portrait") == [], "\(kind), declared after")
        }
    }

    @Test func aControlOnlyPartlyOverABackdropOverlapsIt() throws {
        let block = """
            image cover "Cover" "カバー"
            button play "Play" "再生"
            cover.horizontalEdges = margins inset 0
            cover.top = safe.top + 20
            cover.height = 200
            play.centerY = cover.bottom
            play.centerX = cover.centerX
            play.size = 60
            """
        #expect(try findings(block, in: "iphone-x/portrait") == [.overlap])
    }

    @Test func controlsOnControlsAndTextOnTextOverlap() throws {
        let buttons = """
            button a "Yes" "はい"
            button b "No" "いいえ"
            a.top = safe.top + 20
            a.leading = margins.leading
            a.size = 60
            b.top = a.top + 10
            b.leading = a.leading + 30
            b.size = 60
            """
        #expect(try findings(buttons, in: "iphone-x/portrait") == [.overlap])
        let labels = """
            label a "Title" "題名"
            label b "Subtitle" "副題"
            a.top = safe.top + 20
            a.leading = margins.leading
            b.top = a.top + 4
            b.leading = a.leading + 8
            """
        #expect(try findings(labels, in: "iphone-x/portrait") == [.overlap])
        // A label is not a backdrop: text inside a button still overlaps it.
        let labelInButton = """
            button a "Go" "進む"
            label b "Hi" "やあ"
            a.top = safe.top + 20
            a.leading = margins.leading
            a.width = 200
            a.height = 60
            b.center = a
            """
        #expect(try findings(labelInButton, in: "iphone-x/portrait") == [.overlap])
    }

    @Test func anOffScreenFindingMeasuresTheFrameAndTheScreen() throws {
        let p = try #require(program("""
            image i
            i.leading = screen.trailing - 10
            i.top = safe.top
            i.size = 100
            """))
        let env = try #require(environment("iphone-x/portrait"))
        let finding = try #require(engine.solve(p, environments: [env]).environments.first?.findings.first)
        #expect(finding.measurement == .offScreen(frame: Rect(x: 365, y: 44, width: 100, height: 100), screenWidth: 375, screenHeight: 812))
    }

    @Test func aNegativeSizeIsCheckedWhereItIsDrawn() throws {
        // -100 wide spans to the left of the leading edge, off the screen
        // and out of the safe area, as the diagram draws it; the touch
        // target reports the size as solved.
        let block = """
            button go "Go" "行く"
            go.width = -100
            go.height = -100
            go.top = safe.top + 200
            go.leading = safe.leading + 50
            """
        #expect(try findings(block, in: "iphone-x/portrait") == [.touchTarget, .outsideSafeArea, .offScreen])
    }

    @Test func aTouchTargetJustUnder44IsSaidWithItsHundredths() throws {
        let p = try #require(program("""
            button b "B" "B"
            b.size = 43.98
            b.top = safe.top + 100
            b.leading = safe.leading + 10
            """))
        let env = try #require(environment("iphone-x/portrait"))
        let finding = try #require(engine.solve(p, environments: [env]).environments.first?.findings.first)
        #expect(FindingText(finding, in: p).english == "'b' (\"B\") is 43.98 × 43.98 pt, smaller than the 44 × 44 pt minimum touch target")
    }

    @Test func aTouchTargetFindingMeasuresTheView() throws {
        let p = try #require(program(Self.placed))
        let env = try #require(environment("iphone-x/portrait"))
        let finding = try #require(engine.solve(p, environments: [env]).environments.first?.findings.first)
        #expect(finding.views == ["go"])
        guard case .size(let width, let height) = finding.measurement else { Issue.record("no size measured"); return }
        #expect((width * 10).rounded() / 10 == 92 && (height * 10).rounded() / 10 == 34.3)
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
