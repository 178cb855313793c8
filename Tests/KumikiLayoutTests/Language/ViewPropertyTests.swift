import Testing
import KumikiSupport
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// The equations a block compiles to, in canonical form.
private func equations(_ text: String, activeVariants: [Int] = []) -> [String] {
    program(text)?.constraints(activeVariants: activeVariants).map(\.description) ?? ["<parse failed: \(diagnostics(text))>"]
}

@Suite struct ViewPropertyTests {
    @Test func huggingAndResistanceCompileToContentSizeConstraintsPerAxis() {
        #expect(equations("""
            label t "Title" "題"
            t.hugging = 251
            t.verticalCompressionResistance = 760
            t.horizontalCompressionResistance = high
            """) == [
            "t.width <= intrinsic width @251", "t.height <= intrinsic height @251",
            "t.height >= intrinsic height @760", "t.width >= intrinsic width @750",
        ])
        #expect(equations("button b \"Go\"\nb.horizontalHugging = required\nb.compressionResistance = low") == [
            "b.width <= intrinsic width", "b.width >= intrinsic width @250", "b.height >= intrinsic height @250",
        ])
    }

    @Test func aPropertyLineKeepsItsSourceLocationAndText() throws {
        let p = try #require(program("toggle s\ns.verticalHugging = 300   # stays put"))
        #expect(p.constraints.count == 1)
        #expect(p.constraints[0].isContentSize)
        #expect(p.constraints[0].text == "s.verticalHugging = 300")
        #expect(p.constraints[0].location == SourceLocation(file: "test.md", line: 11, column: 1))
    }

    @Test func aVariantReplacesTheBaseValuePerAxis() {
        let block = """
            label t "Title" "題"
            t.hugging = 251
            when landscape {
              t.horizontalHugging = 300
            }
            """
        #expect(equations(block, activeVariants: [0]) == [
            "t.height <= intrinsic height @251", "t.width <= intrinsic width @300",
        ])
    }

    @Test func linesAreKeptPerLabelAndVariantsReplaceThem() throws {
        let p = try #require(program("""
            label note "A note" "注"
            label other "Other" "他"
            note.lines = 0
            when landscape {
              note.lines = 2
              other.lines = 3
            }
            """))
        #expect(p.constraints.isEmpty)
        #expect(p.lineLimits(activeVariants: []) == ["note": 0])
        #expect(p.lineLimits(activeVariants: [0]) == ["note": 2, "other": 3])
        #expect(p.lineLimits.first?.location == SourceLocation(file: "test.md", line: 12, column: 1))
    }

    @Test func hidingAViewDropsItsContentPriorities() {
        let block = """
            label t "Title" "題"
            t.hugging = 251
            when pad {
              hide t
            }
            """
        #expect(equations(block, activeVariants: [0]) == [])
    }
}

@Suite struct ViewPropertyDiagnosticTests {
    @Test func unknownPropertySuggestsTheClosestOne() {
        #expect(diagnostics("label t \"T\"\nt.huging = 251") == ["2:3: error: unknown property 'huging'; did you mean 'hugging'?"])
        #expect(diagnostics("label t \"T\"\nt.compresionResistance = 760") == [
            "2:3: error: unknown property 'compresionResistance'; did you mean 'compressionResistance'?",
        ])
        #expect(diagnostics("label t \"T\"\nt.line = 0") == ["2:3: error: unknown property 'line'; did you mean 'lines'?"])
        // A misspelt anchor still reads as one.
        #expect(diagnostics("label t \"T\"\nt.widht = 10") == ["2:3: error: unknown anchor 'widht'; did you mean 'width'?"])
    }

    @Test func aPropertyIsNotAnAnchor() {
        #expect(diagnostics("label t \"T\"\nlabel u \"U\"\nt.width = u.hugging") == [
            "3:13: error: 'hugging' is a property of 'u', not an anchor; set it on a line of its own, as in 'u.hugging = 251'",
        ])
    }

    @Test func onlyViewsWithAnIntrinsicSizeHaveContentPriorities() {
        #expect(diagnostics("image hero\nhero.hugging = 251") == [
            "2:1: error: 'hero' is an image, which has no intrinsic content size; 'hugging' applies to views that have one: labels, buttons, fields and toggles",
        ])
        #expect(diagnostics("card c\n  c.verticalCompressionResistance = 760") == [
            "2:3: error: 'c' is a card, which has no intrinsic content size; 'verticalCompressionResistance' applies to views that have one: labels, buttons, fields and toggles",
        ])
        #expect(diagnostics("safe.hugging = 251") == [
            "1:1: error: 'hugging' applies to views with an intrinsic content size (labels, buttons, fields and toggles); 'safe' is a guide",
        ])
        // The view may be declared after the line.
        #expect(diagnostics("t.hugging = 251\nlabel t \"T\"").isEmpty)
        #expect(diagnostics("toggle s\nbutton b \"B\"\nfield f \"F\"\ns.hugging = 1\nb.hugging = 1\nf.hugging = 1").isEmpty)
    }

    @Test func onlyLabelsHaveLines() {
        #expect(diagnostics("button b \"Go\"\nb.lines = 2") == ["2:1: error: 'lines' applies to labels; 'b' is a button"])
        #expect(diagnostics("view v\nv.lines = 0") == ["2:1: error: 'lines' applies to labels; 'v' is a view"])
    }

    @Test func valuesOutOfRangeAreErrorsAtTheValue() {
        #expect(diagnostics("label t \"T\"\nt.hugging = 1001") == ["2:13: error: a priority is a whole number from 1 to 1000, found '1001'"])
        #expect(diagnostics("label t \"T\"\nt.hugging = 0") == ["2:13: error: a priority is a whole number from 1 to 1000, found '0'"])
        #expect(diagnostics("label t \"T\"\nt.hugging = 250.5") == ["2:13: error: a priority is a whole number from 1 to 1000, found '250.5'"])
        #expect(diagnostics("label t \"T\"\nt.hugging = -5") == ["2:13: error: a priority is a whole number from 1 to 1000, found '-5'"])
        #expect(diagnostics("label t \"T\"\nt.hugging = hihg") == ["2:13: error: unknown priority 'hihg'; did you mean 'high'?"])
        #expect(diagnostics("label t \"T\"\nt.hugging = @high") == [
            "2:13: error: the value is the priority itself; write it without '@', as in 't.hugging = 251'",
        ])
        #expect(diagnostics("label t \"T\"\nt.lines = 1.5") == [
            "2:11: error: 'lines' is 0 (as many lines as the text needs) or the most lines to use, a whole number; found '1.5'",
        ])
        #expect(diagnostics("label t \"T\"\nt.lines = -1") == [
            "2:11: error: 'lines' is 0 (as many lines as the text needs) or the most lines to use; found '-1'",
        ])
        #expect(diagnostics("label t \"T\"\nt.lines =") == [
            "2:10: error: expected a number: 'lines' is 0 (as many lines as the text needs) or the most lines to use",
        ])
        #expect(diagnostics("label t \"T\"\nt.hugging = 251 @750") == ["2:17: error: unexpected '@'"])
    }

    @Test func aPropertyIsSetWithEqualsOnly() {
        #expect(diagnostics("label t \"T\"\nt.hugging >= 251") == [
            "2:11: error: 'hugging' is a value set with '=', not a constraint; write 't.hugging = 251'",
        ])
        #expect(diagnostics("label t \"T\"\nt.lines <= 2") == [
            "2:9: error: 'lines' is a value set with '=', not a constraint; write 't.lines = 0'",
        ])
        #expect(diagnostics("label t \"T\"\nt.hugging == 251").isEmpty)
        #expect(diagnostics("label t \"T\"\nt.hugging") == [
            "2:10: error: expected '=' and a value after 't.hugging', as in 't.hugging = 251'",
        ])
    }

    @Test func settingTheSamePropertyTwiceInOneScopeIsAnError() {
        #expect(diagnostics("label t \"T\"\nt.hugging = 251\nt.hugging = 300") == [
            "3:3: error: the horizontal content hugging priority of 't' is already set on line 2",
        ])
        // Both axes, then one of them.
        #expect(diagnostics("label t \"T\"\nt.hugging = 251\nt.verticalHugging = 300") == [
            "3:3: error: the vertical content hugging priority of 't' is already set on line 2",
        ])
        #expect(diagnostics("label t \"T\"\nt.compressionResistance = 760\nt.horizontalCompressionResistance = 700") == [
            "3:3: error: the horizontal compression resistance priority of 't' is already set on line 2",
        ])
        #expect(diagnostics("label t \"T\"\nt.lines = 0\nt.lines = 2") == ["3:3: error: the line count of 't' is already set on line 2"])
        #expect(diagnostics("label t \"T\"\nwhen pad {\n  t.lines = 0\n  t.lines = 2\n}") == [
            "4:5: error: the line count of 't' is already set on line 3",
        ])
        // Hugging and resistance on one axis are different properties; a
        // variant may set what the base sets.
        #expect(diagnostics("label t \"T\"\nt.horizontalHugging = 251\nt.horizontalCompressionResistance = 760").isEmpty)
        #expect(diagnostics("label t \"T\"\nt.hugging = 251\nt.lines = 0\nwhen pad {\n  t.hugging = 300\n  t.lines = 2\n}").isEmpty)
    }

    @Test func aRequiredContentPriorityIsNotTakenForACap() {
        // `hero.width >= intrinsic` is no limit competing with a proportion.
        #expect(diagnostics("label t \"T\"\nt.width = 60% safe.width\nt.horizontalCompressionResistance = required").isEmpty)
    }
}
