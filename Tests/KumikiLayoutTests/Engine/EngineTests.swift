import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

/// Equal within a millionth of a point (the solver's arithmetic is exact
/// only up to rounding; the reports print two decimals).
private func close(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-6 }
}

/// The solution of `text` in the environment `id`.
private func solve(_ text: String, in id: String, kind: LayoutBlockKind = .layout) throws -> EnvironmentSolution {
    let p = try #require(program(text, kind: kind), "\(diagnostics(text))")
    let env = try #require(environment(id))
    return try #require(engine.solve(p, environments: [env]).environments.first)
}

private let heroBlock = """
    title: Button 8 pt below a centred image | 画像の 8pt 下に中央揃えのボタン
    image hero "Image" "画像"
    button go "Continue" "続ける"

    hero.top = safe.top + 24
    hero.centerX = safe.centerX
    hero.width = 0.6 * safe.width @750
    hero.width <= 400
    hero.aspect = 4:3
    go.centerX = hero.centerX
    go.top = hero.bottom + 8

    when width is regular {
      hero.width = 0.4 * safe.width @750
    }
    """

@Suite struct KnownLayoutTests {
    @Test func buttonCentredEightPointsBelowAnImage() throws {
        // iPhone X portrait: 375 × 812, safe area from y 44 to 778.
        let s = try solve(heroBlock, in: "iphone-x/portrait")
        #expect(rounded(s.frames["hero"]) == [75, 68, 225, 168.75])
        // "Continue" is 4.002 em at 17 pt plus 2 × 12 insets; one line is 1.193 em plus 2 × 7.
        let goWidth = 4.002 * 17 + 24, goHeight = 1.193 * 17 + 14
        #expect(rounded(s.frames["go"]) == rounded(Rect(x: 187.5 - goWidth / 2, y: 68 + 168.75 + 8, width: goWidth, height: goHeight)))
        #expect(s.broken.isEmpty)
        #expect(s.frames["safe"] == Rect(x: 0, y: 44, width: 375, height: 734))
    }

    @Test func theCapWinsOverThePercentageOnAWideScreen() throws {
        // iPhone 8 landscape: 667 wide; 60% would be 400.2, the cap holds it at 400.
        let s = try solve(heroBlock, in: "iphone-8/landscape-left")
        #expect(rounded(s.frames["hero"])[2] == 400)
        #expect(s.broken.map(\.text) == ["hero.width = 0.6 * safe.width @750"])
        #expect(s.broken.first?.location.line == 16)
    }

    @Test func theRegularWidthVariantReplacesTheBaseWidth() throws {
        // iPad Pro 12.9" portrait: 1024 wide, regular width: 40% = 409.6, capped at 400.
        let s = try solve(heroBlock, in: "ipad-pro-12-9/portrait")
        #expect(s.activeVariants == [0])
        #expect(rounded(s.frames["hero"])[2] == 400)
        let mini = try solve(heroBlock, in: "ipad-mini-6/portrait")
        #expect(rounded(mini.frames["hero"])[2] == rounded(Rect(x: 0, y: 0, width: 0.4 * 744, height: 0))[2])
    }

    @Test func fullWidthButtonOnTheMarginsAndTheSafeAreasBottom() throws {
        let block = """
            button go "Continue" "続ける"
            go.horizontalEdges = margins inset 0
            go.bottom = safe.bottom inset 16
            go.height = 50
            """
        let x = try solve(block, in: "iphone-x/portrait")
        let expected: [Double] = [16, 812 - 34 - 16 - 50, 343, 50]
        #expect(rounded(x.frames["go"]) == expected)
        #expect(x.findings.isEmpty)
        let landscape = try solve(block, in: "iphone-x/landscape-left")
        // Landscape: 44 pt insets on both sides, 21 at the bottom; margins 16 inside the safe area.
        let landscapeExpected: [Double] = [60, 375 - 21 - 16 - 50, 812 - 88 - 32, 50]
        #expect(rounded(landscape.frames["go"]) == landscapeExpected)
        let pad = try solve(block, in: "ipad-pro-12-9/portrait")
        let padExpected: [Double] = [20, 1366 - 20 - 16 - 50, 1024 - 40, 50]
        #expect(rounded(pad.frames["go"]) == padExpected)
    }

    @Test func aSheetOnIPhoneAndOnIPad() throws {
        let block = """
            sheet s "Sheet" "シート"
            s.centerX = safe.centerX
            s.width = safe.width
            s.bottom = screen.bottom
            s.height = 50% safe.height
            when pad {
              s.width = 540
              s.height = 620
              s.bottom = safe.centerY + 310
            }
            """
        let phone = try solve(block, in: "iphone-x/portrait")
        #expect(rounded(phone.frames["s"]) == [0, 812 - 367, 375, 367])
        let pad = try solve(block, in: "ipad-pro-12-9/portrait")
        // Safe area 24 … 1346: centre 685.
        #expect(rounded(pad.frames["s"]) == [242, 685 - 310, 540, 620])
        #expect(pad.broken.isEmpty && phone.broken.isEmpty)
    }

    @Test func stacksSolveLikeUIStackView() throws {
        let block = """
            button cancel "Cancel" "キャンセル"
            button ok "OK" "OK"
            stack row H [cancel, ok] spacing 8 distribution fillEqually
            row.horizontalEdges = margins inset 0
            row.bottom = safe.bottom inset 0
            row.height = 44
            """
        let s = try solve(block, in: "iphone-x/portrait")
        #expect(rounded(s.frames["cancel"]) == [16, 778 - 44, 167.5, 44])
        #expect(rounded(s.frames["ok"]) == [191.5, 778 - 44, 167.5, 44])
        #expect(rounded(s.guideFrames["row"]) == [16, 734, 343, 44])
    }

    @Test func equalSpacingSpreadsTheGaps() throws {
        let block = """
            toggle a
            toggle b
            toggle c
            stack row H [a, b, c] spacing 8 distribution equalSpacing align center
            row.horizontalEdges = safe inset 0
            row.top = safe.top
            """
        let s = try solve(block, in: "iphone-8/portrait")
        // 375 − 3 × 51 = 222, two gaps of 111.
        #expect(rounded(s.frames["a"])[0] == 0)
        #expect(rounded(s.frames["b"])[0] == 162)
        #expect(rounded(s.frames["c"])[0] == 324)
    }

    @Test func textSizesChangeIntrinsicSizes() throws {
        let block = """
            textSizes: default, AX3
            label l "Hello" "こんにちは"
            l.leading = margins.leading
            l.top = safe.top
            when textSize >= AX1 {
              l.top = safe.top + 100
            }
            """
        let normal = try solve(block, in: "iphone-x/portrait")
        #expect(rounded(normal.frames["l"]) == rounded(Rect(x: 16, y: 44, width: 5 * 17, height: 1.193 * 17)))
        let large = try solve(block, in: "iphone-x/portrait/ax3")
        #expect(rounded(large.frames["l"]) == rounded(Rect(x: 16, y: 144, width: 5 * 40, height: 1.193 * 40)))
    }

    @Test func hidingAViewInAVariantRemovesItAndItsConstraints() throws {
        let block = """
            image hero
            label caption "Caption" "キャプション"
            hero.edges = safe inset 0
            caption.top = hero.bottom + 8
            caption.leading = safe.leading
            when landscape {
              hide caption
            }
            """
        let s = try solve(block, in: "iphone-x/landscape-left")
        #expect(s.frames["caption"] == nil)
        #expect(s.hiddenViews == ["caption"])
        #expect(try solve(block, in: "iphone-x/portrait").frames["caption"] != nil)
    }
}

@Suite struct ConflictTests {
    @Test func aRequiredConflictWithTheScreenIsReportedWithItsEnvironments() throws {
        let text = """
            devices: iphone-x, ipad-pro-12-9
            orientations: portrait
            view v
            v.leading = safe.leading
            v.trailing = safe.trailing
            v.width >= 500
            v.top = safe.top
            v.height = 10
            """
        let p = try #require(program(text))
        let solution = engine.solve(p)
        #expect(solution.environments.map(\.environment.id) == ["iphone-x/portrait", "ipad-pro-12-9/portrait"])
        let phone = solution.environments[0]
        #expect(phone.broken.map(\.text) == ["v.width >= 500"])
        #expect(phone.broken.first?.conflicts.map(\.text) == ["v.leading = safe.leading", "v.trailing = safe.trailing"])
        #expect(phone.broken.first?.conflictsWithEnvironment == true)
        #expect(rounded(phone.frames["v"]) == [0, 44, 375, 10])
        #expect(solution.environments[1].broken.isEmpty)
        let error = try #require(solution.diagnostics.first { $0.severity == .error })
        #expect(error.message == "unable to simultaneously satisfy constraints in 1 of 2 environments (iphone-x/portrait); broke 'v.width >= 500'")
        #expect(error.location?.line == 15)
        #expect(error.notes.map(\.message) == [
            "it conflicts with 'v.leading = safe.leading'", "it conflicts with 'v.trailing = safe.trailing'",
            "it conflicts with the environment's screen, safe area, margins or text size",
        ])
    }

    @Test func aConflictAmongTheBlocksOwnLinesBreaksTheLaterLineEverywhere() throws {
        let text = """
            devices: iphone-x
            view v
            v.width = 10
            v.width = 20
            """
        let p = try #require(program(text))
        let solution = engine.solve(p)
        #expect(solution.environments.allSatisfy { $0.broken.map(\.text) == ["v.width = 20"] })
        #expect(solution.diagnostics.first { $0.severity == .error }?.message
            == "unable to simultaneously satisfy constraints in all 3 environments; broke 'v.width = 20'")
    }

    @Test func aConflictInADontBlockIsAWarning() throws {
        let p = try #require(program("devices: iphone-x\nview v\nv.width = 10\nv.width = 20", kind: .dont))
        #expect(engine.solve(p).diagnostics.allSatisfy { $0.severity != .error })
    }
}

@Suite struct AmbiguityTests {
    @Test func aViewWithoutAPositionIsAmbiguousAndTheTieBreakPlacesIt() throws {
        let s = try solve("image i\ni.size = 100", in: "iphone-x/portrait")
        #expect(s.ambiguous == ["i"])
        #expect(s.ambiguousAttributes["i"] == ["x", "y"])
        #expect(rounded(s.frames["i"]) == [0, 44, 100, 100])
    }

    @Test func aDeterminedLayoutIsNotAmbiguous() throws {
        #expect(try solve(heroBlock, in: "iphone-x/portrait").ambiguous.isEmpty)
    }

    @Test func ambiguityIsADiagnosticAtTheView() throws {
        let p = try #require(program("devices: iphone-x\norientations: portrait\nimage i\ni.size = 100"))
        let warning = try #require(engine.solve(p).diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 12)
        #expect(warning.message.hasPrefix("the x, y of 'i' are not determined by its constraints"))
    }
}

@Suite struct OrderIndependenceTests {
    static let blocks = [
        heroBlock,
        """
        button go "Continue" "続ける"
        label note "A longer explanation of what happens next" "次に起こることの説明"
        go.horizontalEdges = margins inset 0
        go.bottom = safe.bottom inset 16
        go.height >= 44
        note.leading = margins.leading
        note.trailing <= margins.trailing
        note.bottom = go.top - 12
        """,
        """
        textSizes: default, AX2
        button cancel "Cancel" "キャンセル"
        button ok "OK" "OK"
        label question "Delete this photo?" "この写真を削除しますか？"
        stack row H [cancel, ok] spacing 8 distribution fillEqually
        row.horizontalEdges = margins inset 0
        row.bottom = safe.bottom inset 8
        question.centerX = safe.centerX
        question.bottom = row.top - 16
        when landscape {
          row.horizontalEdges = readable inset 0
        }
        """,
        """
        image p
        image q
        p.top = safe.top
        q.top = safe.top
        p.height = 10
        q.height = 10
        p.leading = safe.leading
        q.leading = p.trailing
        q.trailing = safe.trailing
        p.width = 100 @250
        q.width = 100 @250
        """,
        """
        view v
        v.leading = safe.leading
        v.trailing = safe.trailing
        v.width >= 500
        v.top = safe.top
        v.height = 10
        """,
        """
        textSizes: default, AX2
        label heading "Settings for notifications" "通知の設定"
        label detail "Choose which apps may alert you, and how often they may do it" "通知を許可するアプリと、その頻度を選びます。"
        button go "Continue" "続ける"
        heading.hugging = 251
        heading.leading = margins.leading
        heading.top = safe.top + 8
        detail.lines = 0
        detail.leading = heading.trailing + standard
        detail.trailing = margins.trailing
        detail.top = heading.top
        go.top = detail.bottom + 16
        go.centerX = safe.centerX
        go.height >= 44
        when landscape {
          detail.lines = 2
        }
        """,
        """
        textSizes: default, AX3
        label a "Wide enough on a pad, not on a phone at all" "パッドなら十分に広く、フォンではまったく足りない"
        label b "Short" "短い"
        a.horizontalCompressionResistance = required
        b.horizontalCompressionResistance = 749
        a.leading = margins.leading
        b.leading = a.trailing + 8
        b.trailing = margins.trailing
        a.top = safe.top
        b.top = safe.top
        """,
        """
        textSizes: default, AX1
        label note "Kumiki solves every block on every device, in both orientations, at every text size you ask for" "Kumiki はどのブロックも、すべてのデバイスで、両方の向きで、指定した文字サイズごとに解きます。"
        note.lines = 0
        note.verticalCompressionResistance = required
        note.horizontalEdges = margins inset 0
        note.top = safe.top
        note.height <= 60
        """,
    ]

    /// Every environment's frames equal those of a fresh solve of that
    /// environment alone, whatever order the environments come in.
    @Test(arguments: blocks.indices) func everyEnvironmentMatchesAFreshSolve(block: Int) throws {
        let p = try #require(program(Self.blocks[block]))
        let all = engine.environments(for: p).environments
        let forward = engine.solve(p, environments: all).environments
        let backward = engine.solve(p, environments: all.reversed()).environments.reversed()
        for (a, b) in zip(forward, backward) {
            #expect(a.frames.keys.sorted() == b.frames.keys.sorted(), "\(a.environment.id)")
            for (name, frame) in a.frames {
                #expect(close(frame, b.frames[name]), "\(a.environment.id) \(name)")
            }
            #expect(a.ambiguous == b.ambiguous, "\(a.environment.id)")
            #expect(a.broken.map(\.text) == b.broken.map(\.text), "\(a.environment.id)")
        }
        for solved in forward {
            let alone = try #require(engine.solve(p, environments: [solved.environment]).environments.first)
            for (name, frame) in solved.frames {
                #expect(close(frame, alone.frames[name]), "\(solved.environment.id) \(name)")
            }
        }
    }
}
