import Testing
@testable import KumikiLayout
@testable import KumikiLayoutLanguage

/// The equations of the block's base constraints, stacks expanded, as a set.
private func compiled(_ text: String) -> Set<String> {
    guard let p = program(text) else { return ["<parse failed: \(diagnostics(text))>"] }
    return Set(p.constraints(activeVariants: []).map(\.description))
}

@Suite struct VisualFormatTests {
    @Test func aRowBetweenTheMarginsEqualsItsHandWrittenLines() {
        let views = "button a\nbutton b\n"
        #expect(compiled(views + "H:|-[a]-8-[b(==a)]-|") == compiled(views + """
            a.leading = margins.leading
            b.leading = a.trailing + 8
            b.trailing = margins.trailing
            b.width = a.width
            """))
    }

    @Test func flushEdgesPredicatesAndPriorities() {
        let views = "view a\nview b\n"
        #expect(compiled(views + "V:|[a(44)]-(>=8@750)-[b(>=70,<=100)]-20-|") == compiled(views + """
            a.top = safe.top
            b.top >= a.bottom + 8 @750
            b.bottom = safe.bottom - 20
            a.height = 44
            b.height >= 70
            b.height <= 100
            """))
    }

    @Test func standardSpacingAndAnotherContainer() {
        let views = "view a\nview b\n"
        #expect(compiled(views + "H:|[a]-[b]-(>=0)-| in screen") == compiled(views + """
            a.leading = screen.leading
            b.leading = a.trailing + 8
            b.trailing <= screen.trailing
            """))
    }

    @Test func visualFormatErrorsHaveColumns() {
        #expect(diagnostics("view a\nH:|-[a") == ["2:7: error: expected ']' to close the view 'a'"])
        #expect(diagnostics("view a\nH:|-[b]-|") == ["2:6: error: unknown view or guide 'b'; did you mean 'a'?"])
        #expect(diagnostics("view a\nview b\nH:[a]-(<8)-[b]") == ["3:8: error: strict '<' is not supported; write '<='"])
    }
}

@Suite struct StackTests {
    @Test func aHorizontalStackEqualsItsHandWrittenLines() {
        let views = "button cancel\nbutton ok\n"
        #expect(compiled(views + "stack row H [cancel, ok] spacing 8 align center") == compiled(views + "guide row\n" + """
            cancel.leading = row.leading
            ok.leading = cancel.trailing + 8
            ok.trailing = row.trailing
            cancel.centerY = row.centerY
            cancel.top >= row.top
            ok.centerY = row.centerY
            ok.top >= row.top
            row.height = 0 @49
            """))
    }

    @Test func aVerticalStackFillingEqually() {
        let views = "view a\nview b\nview c\n"
        #expect(compiled(views + "stack col V [a, b, c] spacing 4 distribution fillEqually") == compiled(views + "guide col\n" + """
            a.top = col.top
            b.top = a.bottom + 4
            b.height = a.height
            c.top = b.bottom + 4
            c.height = a.height
            c.bottom = col.bottom
            a.leading = col.leading
            a.trailing = col.trailing
            b.leading = col.leading
            b.trailing = col.trailing
            c.leading = col.leading
            c.trailing = col.trailing
            """))
    }

    @Test func hiddenViewsLeaveTheStack() throws {
        let p = try #require(program("""
            view a
            view b
            view c
            stack col V [a, b, c]
            when landscape {
              hide b
            }
            """))
        let lines = Set(p.constraints(activeVariants: [0]).map(\.description))
        #expect(lines.contains("c.top = a.bottom"))
        #expect(!lines.contains { $0.contains("b.") })
    }

    @Test func stackErrors() {
        #expect(diagnostics("view a\nstack s D [a]") == ["2:9: error: expected the stack's axis 'H' or 'V', found 'D'"])
        #expect(diagnostics("view a\nstack s H [a] align middle") == ["2:21: error: unknown alignment 'middle'"])
        // Each at the member it is about, in the list.
        #expect(diagnostics("view a\nstack s H [a]\nstack t V [a]") == ["3:12: error: 'a' is already arranged in stack 's' on line 2"])
        #expect(diagnostics("view a\nview b\nstack s H [a, b,  a]") == ["3:19: error: 'a' is listed twice in stack 's'; a view takes one place in a stack"])
        #expect(diagnostics("view a\nstack s H [a]\nstack u V [a,s]") == [
            "3:12: error: 'a' is already arranged in stack 's' on line 2",
            "3:14: error: a stack arranges views; 's' is not a view",
        ])
    }
}

@Suite struct FontMetricsTests {
    @Test func latinUsesPerCharacterAdvancesAndJapaneseIsFullWidth() {
        #expect(abs(FontMetrics.width(of: "Continue", pointSize: 17) - 4.002 * 17) < 1e-9)
        #expect(FontMetrics.width(of: "続ける", pointSize: 17) == 51)
        #expect(FontMetrics.width(of: "ｶﾀｶﾅ", pointSize: 10) == 20)
    }

    @Test func intrinsicSizesFollowUIKitDefaults() throws {
        let button = try #require(intrinsicContentSize(kind: .button, label: "Continue", labelJapanese: "続ける", bodyPointSize: 17))
        #expect(abs(button.width - (4.002 * 17 + 24)) < 1e-9)
        #expect(abs(button.height - (1.193 * 17 + 14)) < 1e-9)
        // The wider language sets the width.
        let label = try #require(intrinsicContentSize(kind: .label, label: "OK", labelJapanese: "了解しました", bodyPointSize: 17))
        #expect(label.width == 6 * 17)
        #expect(intrinsicContentSize(kind: .image, label: "x", labelJapanese: "", bodyPointSize: 17) == nil)
    }
}
