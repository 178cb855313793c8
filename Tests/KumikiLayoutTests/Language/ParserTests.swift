import Testing
import KumikiSupport
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// The equations a block compiles to, in canonical form.
private func equations(_ text: String) -> [String] {
    program(text)?.constraints.map(\.description) ?? ["<parse failed: \(diagnostics(text))>"]
}

@Suite struct ParserTests {
    @Test func readsTitleViewsAndConstraintsInAnatomyOrder() throws {
        let p = try #require(program("""
            title: Button below an image | 画像の下のボタン
            image hero "Image" "画像"
            button go "Continue" "続ける"   # the primary action
            hero.top = safe.top + 24        // pinned below the top
            go.top == hero.bottom + 8
            """))
        #expect(p.title == LocalizedText(english: "Button below an image", japanese: "画像の下のボタン"))
        #expect(p.views.map(\.name) == ["hero", "go"])
        #expect(p.views[1].kind == .button && p.views[1].label == "Continue" && p.views[1].labelJapanese == "続ける")
        #expect(p.constraints.map(\.description) == ["hero.top = safe.top + 24", "go.top = hero.bottom + 8"])
        #expect(p.constraints[1].text == "go.top == hero.bottom + 8")
        #expect(p.constraints[1].location == SourceLocation(file: "test.md", line: 14, column: 1))
    }

    @Test func acceptsTheLiteralsADesignerWrites() {
        #expect(equations("""
            image a
            a.width = 60% safe.width
            a.width = 0.6 * safe.width @750
            a.height = 3/4 * a.width
            a.height = a.width * 3/4
            a.height = a.width / 2 - 4
            a.aspect = 4:3
            a.aspect >= 16/9 @low
            a.width <= 400 @high
            a.width >= standard
            """) == [
                "a.width = 0.6 × safe.width",
                "a.width = 0.6 × safe.width @750",
                "a.height = 0.75 × a.width",
                "a.height = 0.75 × a.width",
                "a.height = 0.5 × a.width - 4",
                "a.width = 1.3333 × a.height",
                "a.width >= 1.7778 × a.height @250",
                "a.width <= 400 @750",
                "a.width >= 8",
            ])
    }

    @Test func aPositiveInsetAlwaysMeansInward() {
        #expect(equations("""
            button go
            go.edges = margins.edges inset 16
            """) == [
                "go.leading = margins.leading + 16", "go.trailing = margins.trailing - 16",
                "go.top = margins.top + 16", "go.bottom = margins.bottom - 16",
            ])
        #expect(equations("""
            button go
            go.horizontalEdges = margins inset 0
            go.bottom = safe.bottom inset 16
            go.top = safe.top inset 8
            """) == [
                "go.leading = margins.leading", "go.trailing = margins.trailing",
                "go.bottom = safe.bottom - 16", "go.top = safe.top + 8",
            ])
    }

    @Test func anInequalityWithAnInsetComparesTheInwardDistance() throws {
        let p = try #require(program("""
            view v
            v.edges >= safe inset 8
            """))
        #expect(p.constraints.map(\.description) == [
            "v.leading >= safe.leading + 8", "v.trailing <= safe.trailing - 8",
            "v.top >= safe.top + 8", "v.bottom <= safe.bottom - 8",
        ])
        // The replacement keys keep the relation as written.
        #expect(p.constraints.map(\.key.description) == ["v.leading >=", "v.trailing >=", "v.top >=", "v.bottom >="])
    }

    @Test func sizeAndCenterSugar() {
        #expect(equations("""
            button go
            image i
            go.size >= 44
            go.center = i
            i.size = safe.size * 50%
            """) == [
                "go.width >= 44", "go.height >= 44", "go.centerX = i.centerX", "go.centerY = i.centerY",
                "i.width = 0.5 × safe.width", "i.height = 0.5 × safe.height",
            ])
    }

    @Test func prioritiesByNumberAndByName() {
        #expect(program("view a\na.width = 1 @required\na.width = 2 @high\na.width = 3 @low\na.width = 4 @1")?
            .constraints.map(\.priority) == [1000, 750, 250, 1])
    }

    @Test func environmentLinesAreKeptForTheEnvironmentModule() throws {
        let p = try #require(program("devices: phones\norientations: portrait\nview a"))
        #expect(p.environmentLines.map(\.key) == ["devices", "orientations"])
        #expect(p.environmentLines[0].value == "phones")
        #expect(p.environmentLines[0].valueLocation == SourceLocation(file: "test.md", line: 10, column: 10))
    }

    @Test func variantsCollectConditionsLinesAndHiddenViews() throws {
        let p = try #require(program("""
            image hero
            label caption
            hero.width = 0.6 * safe.width @750
            when width is regular and landscape {
              hero.width = 0.4 * safe.width @750
              hide caption
            }
            when textSize >= AX1 {
            }
            """))
        #expect(p.variants.count == 2)
        #expect(p.variants[0].conditions == [.horizontalSizeClass(isRegular: true), .landscape(true)])
        #expect(p.variants[0].hidden == ["caption"])
        #expect(p.variants[1].conditions == [.textSize(.greaterThanOrEqual, .ax1)])
    }

    @Test func aVariantLineReplacesTheBaseLineWithTheSameLeftSideAndRelation() throws {
        let p = try #require(program("""
            image hero
            label caption
            hero.width = 0.6 * safe.width @750
            hero.width <= 400
            caption.top = hero.bottom + 8
            when width is regular {
              hero.width = 0.4 * safe.width @750
              hide caption
            }
            """))
        #expect(p.constraints(activeVariants: []).map(\.description) == [
            "hero.width = 0.6 × safe.width @750", "hero.width <= 400", "caption.top = hero.bottom + 8",
        ])
        #expect(p.constraints(activeVariants: [0]).map(\.description) == [
            "hero.width <= 400", "hero.width = 0.4 × safe.width @750",
        ])
    }
}

@Suite struct ParserDiagnosticTests {
    @Test func relatingAnXAnchorToAYAnchorIsAnError() {
        #expect(diagnostics("view a\nview b\na.left = b.top") == [
            "3:12: error: cannot relate x-axis anchor 'left' to y-axis anchor 'top'",
        ])
    }

    @Test func relatingADimensionToAPositionIsAnError() {
        #expect(diagnostics("view a\nview b\na.width = b.centerX") == [
            "3:13: error: cannot relate dimension 'width' to x-axis anchor 'centerX'",
        ])
    }

    @Test func leadingAndLeftDoNotMix() {
        #expect(diagnostics("view a\na.leading = safe.left")
            .first?.hasPrefix("2:18: error: cannot relate 'leading' to 'left'") == true)
    }

    @Test func strictInequalitiesAreRejectedNotRewritten() {
        #expect(diagnostics("view a\na.width < 10") == [
            "2:9: error: strict '<' is not supported: a constraint is solved as an equality or a non-strict inequality; write '<='",
        ])
    }

    @Test func unknownAnchorSuggestsTheClosestOne() {
        #expect(diagnostics("view a\na.centre = safe.center") == [
            "2:3: error: unknown anchor 'centre'; did you mean 'center'?",
        ])
        #expect(diagnostics("view a\na.widht = 10") == ["2:3: error: unknown anchor 'widht'; did you mean 'width'?"])
    }

    @Test func unknownViewSuggestsADeclaredViewOrGuide() {
        #expect(diagnostics("image hero\nhero.top = saf.top\nhreo.width = 10") == [
            "2:12: error: unknown view or guide 'saf'; did you mean 'safe'?",
            "3:1: error: unknown view or guide 'hreo'; did you mean 'hero'?",
        ])
    }

    @Test func unknownViewKindSuggestsAKind() {
        #expect(diagnostics("buton go \"Go\"") == ["1:1: error: unknown view kind 'buton'; did you mean 'button'?"])
    }

    @Test func aPositionNeedsAReference() {
        #expect(diagnostics("view a\na.left = 20") == [
            "2:10: error: a position needs a reference: write 'a.left = safe.left + 20'",
        ])
    }

    @Test func aRatioOnlySetsAnAspect() {
        #expect(diagnostics("view a\na.width = 4:3 * safe.width").first?.hasPrefix("2:11: error: a ratio such as 4:3 only sets an aspect") == true)
    }

    @Test func aMultiplierNeedsAnAnchor() {
        #expect(diagnostics("view a\na.width = 60%") == ["2:11: error: '60%' of what? name the anchor, as in '60% safe.width'"])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(diagnostics("label 見出し \"日本語\" \"x\" y") == ["1:21: error: expected a quoted label, found 'y'"])
    }

    @Test func locationsAreInTheMarkdownFile() {
        let source = LayoutBlockSource(text: "view a\n  a.top = safe.topp", firstLine: SourceLocation(file: "page.md", line: 41, column: 3))
        let result = LayoutLanguage.parse(source)
        #expect(result.program == nil)
        #expect(result.diagnostics.map(\.description) == ["page.md:42:18: error: unknown anchor 'topp'; did you mean 'top'?"])
    }

    @Test func everyBadLineIsReported() {
        #expect(diagnostics("view a\na.top = b.top\na.width < 3\na.height = 4").count == 2)
    }

    @Test func blockStructureErrors() {
        #expect(diagnostics("view a\nhide a") == ["2:1: error: 'hide' belongs inside a 'when' block"])
        #expect(diagnostics("view a\nwhen pad {\nwhen phone {\n}\n}") == [
            "3:1: error: 'when' blocks cannot nest; combine the conditions with 'and'",
            "5:1: error: '}' without a 'when' block to close",
        ])
        #expect(diagnostics("view a\nwhen landscape {\na.width = 3") == ["2:1: error: 'when' block is not closed; add a line with '}'"])
        #expect(diagnostics("view a\nwhen wide {\n}") == ["2:6: error: unknown trait 'wide'; did you mean 'width'?"])
        #expect(diagnostics("view a\nview a") == ["2:6: error: 'a' is already declared on line 1"])
        #expect(diagnostics("view safe") == ["1:6: error: 'safe' is a reserved word; choose another name"])
        #expect(diagnostics("view a\nwhen pad {\nhide b\n}") == ["3:6: error: 'hide' takes a declared view; 'b' is not one; did you mean 'a'?"])
        #expect(diagnostics("view a\na.width = 2 @2000") == ["2:14: error: a priority is a whole number from 1 to 1000, found '2000'"])
        #expect(diagnostics("devises: phones").first == "1:1: error: unknown setting 'devises'; did you mean 'devices'?")
    }

    @Test func warnsWhenAPercentageAndACapAreBothRequired() {
        let found = diagnostics("image hero\nhero.width = 60% safe.width\nhero.width <= 400")
        #expect(found == [
            "3:1: warning: 'hero.width' has a required proportion (line 2) and a required limit; where they disagree one must break: give the proportion a lower priority, such as @750",
        ])
        #expect(diagnostics("image hero\nhero.width = 60% safe.width @750\nhero.width <= 400").isEmpty)
    }

    @Test func aTitleWantsBothLanguages() {
        #expect(diagnostics("title: Only English") == ["1:1: warning: the title has one language; write 'title: English | 日本語'"])
    }

    @Test func infoStringsNameTheBlockKind() {
        #expect(LayoutBlockKind(infoString: "layout") == .layout)
        #expect(LayoutBlockKind(infoString: "layout do") == .do)
        #expect(LayoutBlockKind(infoString: "layout dont") == .dont)
        #expect(LayoutBlockKind(infoString: "layout don't") == .dont)
        #expect(LayoutBlockKind(infoString: "swift") == nil)
        #expect(LayoutBlockKind(infoString: "layouts") == nil)
    }
}
