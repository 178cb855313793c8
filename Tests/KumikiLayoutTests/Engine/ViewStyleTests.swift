import Foundation
import Testing
import KumikiSupport
@testable import KumikiLayout
import KumikiDiagram
@testable import KumikiLayoutLanguage

/// Solves `text` in one environment with every view styled by `views`
/// (and the screen's background `background`).
private func solved(
    _ text: String, in id: String, views: [String: ViewStyle], background: AppearanceColor? = nil
) throws -> EnvironmentSolution {
    let p = try #require(program(text), "\(diagnostics(text))")
    let env = try #require(environment(id))
    let style = BlockStyle(views: views, background: background)
    return try #require(engine.solve(p, environments: [env], styles: BlockStyles { _ in style }).environments.first)
}

/// A grey whose WCAG contrast against white is `ratio`, nudged up until
/// the ratio computed from it is at least `ratio` (so 4.5 passes exactly).
private func grey(contrastAgainstWhite ratio: Double) -> RGB {
    let luminance = 1.05 / ratio - 0.05
    var c = 1.055 * pow(luminance, 1 / 2.4) - 0.055
    while RGB.contrastRatio(RGB(red: c, green: c, blue: c), .white) < ratio { c = c.nextDown }
    return RGB(red: c, green: c, blue: c)
}

private func color(_ rgb: RGB, alpha: Double = 1) -> AppearanceColor { AppearanceColor(RGBA(rgb, alpha: alpha)) }

@Suite struct ViewStyleTests {
    static let label = """
        label greeting "Hello world" "こんにちは"
        greeting.top = safe.top + 20
        greeting.leading = margins.leading
        """

    // MARK: Type

    @Test func aLineIsFontSizeTimesLineHeightTallAndWidthFollowsTheWeight() throws {
        let regular = TextFont(size: 20, lineHeight: 1.5, weight: 400, style: .body)
        let plain = try solved(Self.label, in: "iphone-x/portrait", views: ["greeting": ViewStyle(font: regular)])
        let frame = try #require(plain.frames["greeting"])
        #expect(frame.height == 30)
        // "Hello world" is 4.945 em in the regular widths; the Japanese, 5 em, is wider.
        #expect(abs(frame.width - 100) < 1e-9)
        let english = """
            label greeting "Hello world"
            greeting.top = safe.top + 20
            greeting.leading = margins.leading
            """
        let light = try solved(english, in: "iphone-x/portrait", views: ["greeting": ViewStyle(font: regular)])
        var bold = regular
        bold.weight = 600
        let heavy = try solved(english, in: "iphone-x/portrait", views: ["greeting": ViewStyle(font: bold)])
        #expect(abs((light.frames["greeting"]?.width ?? 0) - 4.945 * 20) < 1e-9)
        // Helvetica Bold: H 722, e 556, l 278, l 278, o 611, space 278, w 778, o 611, r 389, l 278, d 611.
        #expect(abs((heavy.frames["greeting"]?.width ?? 0) - 5.39 * 20) < 1e-9)
        // 600 is the lightest weight measured bold; 599 is measured regular.
        var lighter = bold
        lighter.weight = 599
        let almost = try solved(english, in: "iphone-x/portrait", views: ["greeting": ViewStyle(font: lighter)])
        #expect(almost.frames["greeting"]?.width == light.frames["greeting"]?.width)
    }

    @Test func atOtherTextSizesTheFontScalesAsItsTextStyle() throws {
        let title = TextFont(size: 28, lineHeight: 1.25, weight: 700, style: .title1)
        // title1 is 28 pt at Large and 38 pt at AX1.
        #expect(title.sized(at: .ax1).pointSize == 38)
        #expect(title.sized(at: .ax1).lineHeight == 47.5)
        // Without a style a font scales as body: 17 → 28 at AX1.
        let body = TextFont(size: 15, lineHeight: 1.2, weight: 400, style: .body)
        #expect(abs(body.sized(at: .ax1).pointSize - 15 * 28 / 17) < 1e-12)
        // The body font is exactly the table's size at every text size.
        for size in TextSize.allCases {
            #expect(TextFont.body.sized(at: size).pointSize == size.bodyPointSize)
        }
        let solution = try solved(Self.label, in: "iphone-x/portrait/ax1", views: ["greeting": ViewStyle(font: title)])
        #expect(solution.frames["greeting"]?.height == 47.5)
    }

    // MARK: Contrast

    @Test func textUnderFourAndAHalfToOneIsLowContrastAndFourAndAHalfIsNot() throws {
        let white = color(.white)
        func kinds(_ text: RGB, font: TextFont? = nil) throws -> [Finding] {
            try solved(Self.label, in: "iphone-x/portrait",
                       views: ["greeting": ViewStyle(fill: white, textColor: color(text), font: font)]).findings
                .filter { $0.kind == .lowContrast }
        }
        let low = try kinds(grey(contrastAgainstWhite: 4.49))
        #expect(low.count == 2)
        #expect(low.map { if case .contrast(_, let minimum, let appearance) = $0.measurement { "\(minimum) \(appearance)" } else { "" } }
            == ["4.5 light", "4.5 dark"])
        #expect(try kinds(grey(contrastAgainstWhite: 4.5)).isEmpty)
        // 18 pt is large text: 3:1 is enough, 2.99:1 is not.
        let large = TextFont(size: 18, lineHeight: nil, weight: 400, style: .body)
        #expect(try kinds(grey(contrastAgainstWhite: 3), font: large).isEmpty)
        #expect(try kinds(grey(contrastAgainstWhite: 2.99), font: large).count == 2)
        // 14 pt is large text at weight 700, not at 600.
        let bold = TextFont(size: 14, lineHeight: nil, weight: 700, style: .body)
        var semibold = bold
        semibold.weight = 600
        #expect(try kinds(grey(contrastAgainstWhite: 3.5), font: bold).isEmpty)
        #expect(try kinds(grey(contrastAgainstWhite: 3.5), font: semibold).count == 2)
    }

    @Test func eachAppearanceIsMeasuredAndNamed() throws {
        // Dark text on a fill that is white in light appearance and near black in dark.
        let fill = AppearanceColor(light: RGBA(.white), dark: RGBA(RGB(hex: 0x1C1C1E)))
        let text = color(RGB(hex: 0x333333))
        let solution = try solved(Self.label, in: "iphone-x/portrait", views: ["greeting": ViewStyle(fill: fill, textColor: text)])
        let low = solution.findings.filter { $0.kind == .lowContrast }
        #expect(low.count == 1)
        guard case .contrast(let ratio, _, .dark)? = low.first?.measurement else {
            Issue.record("expected a dark-appearance finding, got \(low)")
            return
        }
        #expect(abs(ratio - RGB.contrastRatio(RGB(hex: 0x333333), RGB(hex: 0x1C1C1E))) < 1e-12)
        let words = FindingText(try #require(low.first), in: try #require(program(Self.label)))
        // #333333 over #1c1c1e: 1.347…:1, cut to hundredths.
        #expect(words.english == "'greeting' (\"Hello world\")'s text has a contrast of 1.34:1 in dark appearance, under the 4.5:1 text of its size needs")
        #expect(words.japanese == "「greeting」（こんにちは）の文字のコントラストはダークモードで 1.34:1 で、この大きさの文字に必要な 4.5:1 に足りません")
    }

    @Test func aTranslucentColourIsCompositedOverWhatLiesBeneath() throws {
        // A label with no fill on a card whose fill is black at 50% over the
        // screen's background token, white: the ground is mid grey (#808080).
        let layered = """
            card panel "Panel"
            label greeting "Hello"
            panel.edges = safe.edges
            greeting.center = panel.center
            """
        let ground = RGB.black.over(.white, opacity: 0.5)
        let text = grey(contrastAgainstWhite: 1)  // white
        let solution = try solved(layered, in: "iphone-x/portrait", views: [
            "panel": ViewStyle(fill: color(.black, alpha: 0.5)),
            "greeting": ViewStyle(textColor: color(text, alpha: 0.9)),
        ], background: color(.white))
        let low = solution.findings.filter { $0.kind == .lowContrast }
        let expected = RGB.contrastRatio(text.over(ground, opacity: 0.9), ground)
        #expect(expected < 4.5)
        #expect(low.count == 2)
        if case .contrast(let ratio, _, _)? = low.first?.measurement { #expect(ratio == expected) }
        // Without a background token the screen lies beneath: white in
        // light appearance, black in dark, where the black card changes nothing.
        let dark = try solved(layered, in: "iphone-x/portrait", views: [
            "panel": ViewStyle(fill: color(.black, alpha: 0.5)),
            "greeting": ViewStyle(textColor: color(.white)),
        ])
        #expect(dark.findings.filter { $0.kind == .lowContrast }.map(\.measurement) == [
            .contrast(ratio: RGB.contrastRatio(.white, ground), minimum: 4.5, appearance: .light),
        ])
    }

    @Test func aViewWithoutATextColourIsNotChecked() throws {
        let solution = try solved(Self.label, in: "iphone-x/portrait", views: ["greeting": ViewStyle(fill: color(.white))])
        #expect(!solution.findings.contains { $0.kind == .lowContrast })
    }

    // MARK: Drawing

    @Test func theSVGCarriesLightAndDarkColoursWhereTheyDiffer() throws {
        let button = """
            button save "Save" "保存"
            save.center = safe.center
            save.size = 60
            """
        let fill = AppearanceColor(light: RGBA(RGB(hex: 0x0B63C9)), dark: RGBA(RGB(hex: 0x6CB0FF), alpha: 0.5))
        let solution = try solved(button, in: "iphone-x/portrait", views: ["save": ViewStyle(fill: fill, textColor: color(.white))])
        let svg = LayoutDiagram(solution: solution, program: try #require(program(button))).svg()
        #expect(svg.contains("<g style=\"--k-fill:#0b63c9;--k-fill-dark:#6cb0ff80;--k-text:#ffffff\"><rect class=\"k-button k-tf\""))
        #expect(svg.contains("<text class=\"k-tc k-on k-tt\""))
        #expect(DiagramStyle.darkRules == [
            ".k-diagram .k-tf{fill:var(--k-fill-dark,var(--k-fill))}", ".k-diagram .k-tt{fill:var(--k-text-dark,var(--k-text))}",
        ])
    }
}
