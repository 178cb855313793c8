import Testing
import KumikiTokens

/// Every type's value is checked for shape and range; each invalid form is
/// one error at the part that is wrong.
@Suite struct TypeTests {
    private func value(_ type: String, _ json: String) -> TokenValue? {
        read(oneToken(type, json)).0.token(named: "token")?.value
    }

    private func problems(_ type: String, _ json: String) -> [String] {
        diagnostics(oneToken(type, json))
    }

    @Test func colorInEverySpace() {
        let color = value("color", ##"{"colorSpace": "srgb", "components": [1, 0, 0.5], "alpha": 0.5, "hex": "#FF0080"}"##)
        #expect(color == .color(ColorValue(colorSpace: .srgb, components: [1, 0, 0.5], alpha: 0.5, hex: "#FF0080")))
        let none = value("color", ##"{"colorSpace": "hsl", "components": ["none", 0, 100]}"##)
        #expect(none == .color(ColorValue(colorSpace: .hsl, components: [nil, 0, 100])))
        for space in ColorSpace.allCases {
            let components = space.components.map { range in range.highest.map { $0 * (range.excludesHighest ? 0.5 : 1) } ?? 0.1 }
            let json = ##"{"colorSpace": "\##(space.rawValue)", "components": \##(components)}"##
            #expect(problems("color", json) == [], "\(space)")
        }
    }

    @Test func colorProblems() {
        #expect(problems("color", ##""#fff""##) == [
            ##"core.tokens.json:3:15: error: '#fff' is the pre-2025 string form of a color; use {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff"}"##,
        ])
        #expect(problems("color", ##""#33669980""##) == [
            ##"core.tokens.json:3:15: error: '#33669980' is the pre-2025 string form of a color; use {"colorSpace": "srgb", "components": [0.2, 0.4, 0.6], "alpha": 0.502, "hex": "#336699"}"##,
        ])
        #expect(problems("color", ##"{"colorSpace": "rgb", "components": [1, 1, 1]}"##) == [
            "core.tokens.json:3:30: error: unknown color space 'rgb'; did you mean 'srgb'?",
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, 1]}"##) == [
            "core.tokens.json:3:52: error: colors in 'srgb' have 3 components (Red, Green, Blue), not 2",
        ])
        #expect(problems("color", ##"{"colorSpace": "hsl", "components": [360, 50, 101]}"##) == [
            "core.tokens.json:3:52: error: Hue of a color in 'hsl' must be in [0, 360), not 360",
            "core.tokens.json:3:61: error: Lightness of a color in 'hsl' must be in [0, 100], not 101",
        ])
        #expect(problems("color", ##"{"colorSpace": "oklch", "components": [0.5, -0.1, 10]}"##) == [
            "core.tokens.json:3:59: error: Chroma of a color in 'oklch' must be in [0, ∞), not -0.1",
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, "1", 1]}"##) == [
            ##"core.tokens.json:3:56: error: expected a component (a number or "none"), found a string"##,
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, 1, 1], "alpha": 1.5}"##) == [
            "core.tokens.json:3:72: error: alpha must be in [0, 1], not 1.5",
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffffff80"}"##) == [
            ##"core.tokens.json:3:70: error: '#ffffff80' has eight digits; "hex" is six, "#rrggbb": give the alpha apart, as "alpha": 0.502"##,
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#fff"}"##) == [
            ##"core.tokens.json:3:70: error: '#fff' is not a hex color "#rrggbb" (six digits)"##,
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb"}"##) == [
            ##"core.tokens.json:3:15: error: a color needs "components""##,
        ])
        #expect(problems("color", ##"{"colorSpace": "srgb", "components": [1, 1, 1], "opacity": 1}"##) == [
            ##"core.tokens.json:3:63: error: unknown key "opacity" in a color; expected one of colorSpace, components, alpha, hex"##,
        ])
    }

    @Test func dimension() {
        #expect(value("dimension", ##"{"value": 1.5, "unit": "rem"}"##) == .dimension(Dimension(value: 1.5, unit: .rem)))
        #expect(Dimension(value: 1.5, unit: .rem).points() == 24)
        #expect(Dimension(value: 1.5, unit: .rem).points(remSize: 10) == 15)
        #expect(Dimension(value: 3, unit: .px).points() == 3)
        #expect(problems("dimension", ##""16px""##) == [
            ##"core.tokens.json:3:15: error: '16px' is the pre-2025 string form of a dimension; use {"value": 16, "unit": "px"}"##,
        ])
        #expect(problems("dimension", ##"{"value": 1, "unit": "em"}"##) == [
            "core.tokens.json:3:36: error: unknown dimension unit 'em'; did you mean 'rem'?",
        ])
        #expect(problems("dimension", ##"{"value": "1", "unit": "px"}"##) == [
            "core.tokens.json:3:25: error: expected a number, found a string",
        ])
        #expect(problems("dimension", ##"{"value": 0}"##) == [##"core.tokens.json:3:15: error: a dimension needs "unit""##])
        // Past a million, a rem in points may no longer be a finite number.
        #expect(value("dimension", ##"{"value": -1e6, "unit": "px"}"##) == .dimension(Dimension(value: -1e6, unit: .px)))
        #expect(problems("dimension", ##"{"value": 1e308, "unit": "rem"}"##) == [
            "core.tokens.json:3:25: error: a dimension's value is from -1000000 to 1000000, not 1e+308",
        ])
        #expect(problems("duration", ##"{"value": 1000001, "unit": "ms"}"##) == [
            "core.tokens.json:3:25: error: a duration's value is from -1000000 to 1000000, not 1000001",
        ])
        #expect(problems("dimension", "16") == [
            ##"core.tokens.json:3:15: error: expected a dimension, found a number"##,
        ])
    }

    @Test func duration() {
        #expect(value("duration", ##"{"value": 1.5, "unit": "s"}"##) == .duration(Duration(value: 1.5, unit: .s)))
        #expect(Duration(value: 1.5, unit: .s).milliseconds == 1500)
        #expect(problems("duration", ##""200ms""##) == [
            ##"core.tokens.json:3:15: error: '200ms' is the pre-2025 string form of a duration; use {"value": 200, "unit": "ms"}"##,
        ])
        #expect(problems("duration", ##"{"value": 1, "unit": "min"}"##) == [
            "core.tokens.json:3:36: error: unknown duration unit 'min'; did you mean 'ms'?",
        ])
    }

    @Test func fontFamilyAndWeight() {
        #expect(value("fontFamily", ##""Helvetica""##) == .fontFamily(["Helvetica"]))
        #expect(value("fontFamily", ##"["Helvetica", "Arial"]"##) == .fontFamily(["Helvetica", "Arial"]))
        #expect(problems("fontFamily", "[]") == ["core.tokens.json:3:15: error: a font family needs at least one element"])
        #expect(problems("fontFamily", ##"["A", 1]"##) == ["core.tokens.json:3:21: error: expected a font name, found a number"])
        #expect(value("fontWeight", "350") == .fontWeight(350))
        #expect(value("fontWeight", ##""extra-black""##) == .fontWeight(950))
        #expect(value("fontWeight", ##""book""##) == .fontWeight(400))
        #expect(problems("fontWeight", ##""Bold""##) == ["core.tokens.json:3:15: error: unknown font weight 'Bold'; did you mean 'bold'?"])
        #expect(problems("fontWeight", "1001") == ["core.tokens.json:3:15: error: a font weight is from 1 to 1000, not 1001"])
        #expect(problems("fontWeight", "0") == ["core.tokens.json:3:15: error: a font weight is from 1 to 1000, not 0"])
    }

    @Test func cubicBezierAndNumber() {
        #expect(value("cubicBezier", "[0.5, -2, 1, 3]") == .cubicBezier(CubicBezier(0.5, -2, 1, 3)))
        #expect(problems("cubicBezier", "[0.5, 0, 1]") == ["core.tokens.json:3:15: error: a cubic Bézier is four numbers [x1, y1, x2, y2], not 3"])
        #expect(problems("cubicBezier", "[0.5, 0, 1.5, 1]") == ["core.tokens.json:3:24: error: x2 of a cubic Bézier must be in [0, 1], not 1.5"])
        #expect(value("number", "2.5") == .number(2.5))
        #expect(problems("number", ##""2.5""##) == ["core.tokens.json:3:15: error: expected a number, found a string"])
    }

    @Test func strokeStyleAndBorder() {
        #expect(value("strokeStyle", ##""dashed""##) == .strokeStyle(.keyword(.dashed)))
        #expect(value("strokeStyle", ##"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}"##)
            == .strokeStyle(.dashes(dashArray: [Dimension(value: 2, unit: .px)], lineCap: .round)))
        #expect(problems("strokeStyle", ##""dashd""##) == ["core.tokens.json:3:15: error: unknown stroke style 'dashd'; did you mean 'dashed'?"])
        #expect(problems("strokeStyle", ##"{"dashArray": [], "lineCap": "flat"}"##) == [
            "core.tokens.json:3:29: error: a dash array needs at least one element",
            "core.tokens.json:3:44: error: unknown line cap 'flat'; expected one of round, butt, square",
        ])
        let border = ##"{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "width": {"value": 1, "unit": "px"}, "style": "solid"}"##
        #expect(value("border", border) == .border(Border(
            color: ColorValue(colorSpace: .srgb, components: [0, 0, 0]), width: Dimension(value: 1, unit: .px), style: .keyword(.solid))))
        #expect(problems("border", ##"{"color": "#000", "width": "1px", "style": "solid"}"##) == [
            ##"core.tokens.json:3:25: error: '#000' is the pre-2025 string form of a color; use {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000000"}"##,
            ##"core.tokens.json:3:42: error: '1px' is the pre-2025 string form of a dimension; use {"value": 1, "unit": "px"}"##,
        ])
    }

    @Test func transitionShadowGradientTypography() {
        let transition = ##"{"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.5, 0, 1, 1]}"##
        #expect(value("transition", transition) == .transition(Transition(
            duration: Duration(value: 200, unit: .ms), delay: Duration(value: 0, unit: .ms), timingFunction: CubicBezier(0.5, 0, 1, 1))))
        #expect(problems("transition", ##"{"duration": {"value": 200, "unit": "ms"}}"##) == [
            ##"core.tokens.json:3:15: error: a transition needs "delay""##,
            ##"core.tokens.json:3:15: error: a transition needs "timingFunction""##,
        ])
        let px = ##"{"value": 1, "unit": "px"}"##
        let black = ##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5}"##
        let shadow = ##"{"color": \##(black), "offsetX": \##(px), "offsetY": \##(px), "blur": \##(px), "spread": \##(px)}"##
        guard case .shadow(let one)? = value("shadow", shadow), case .shadow(let two)? = value("shadow", "[\(shadow), \(shadow)]") else {
            Issue.record("shadows did not read")
            return
        }
        #expect(one.count == 1 && two.count == 2 && one[0].inset == false && one[0].color.alpha == 0.5)
        #expect(problems("shadow", "[]") == ["core.tokens.json:3:15: error: a shadow list needs at least one element"])
        #expect(problems("shadow", ##"{"color": \##(black), "offsetX": \##(px), "offsetY": \##(px), "blur": \##(px)}"##) == [
            ##"core.tokens.json:3:15: error: a shadow needs "spread""##,
        ])
        let gradient = ##"[{"color": \##(black), "position": 0}, {"color": \##(black), "position": 42}]"##
        guard case .gradient(let stops)? = value("gradient", gradient) else {
            Issue.record("the gradient did not read")
            return
        }
        #expect(stops.map(\.position) == [0, 42] && stops.map(\.clampedPosition) == [0, 1])
        let typography = ##"{"fontFamily": "Inter", "fontSize": \##(px), "fontWeight": "bold", "letterSpacing": \##(px), "lineHeight": 1.5}"##
        #expect(value("typography", typography) == .typography(Typography(
            fontFamily: ["Inter"], fontSize: Dimension(value: 1, unit: .px), fontWeight: 700,
            letterSpacing: Dimension(value: 1, unit: .px), lineHeight: 1.5)))
        #expect(problems("typography", ##"{"fontFamily": "Inter", "fontSize": \##(px), "fontWeight": "bold", "letterSpacing": \##(px), "lineHeigth": 1.5}"##) == [
            ##"core.tokens.json:3:15: error: a typography needs "lineHeight""##,
            ##"core.tokens.json:3:146: error: unknown key "lineHeigth" in a typography; did you mean 'lineHeight'?"##,
        ])
    }

    @Test func typesComeFromTheTokenTheAliasOrTheGroup() {
        let text = """
        {
          "size": {
            "$type": "dimension",
            "small": { "$value": { "value": 4, "unit": "px" } }
          },
          "gap": { "$value": "{size.small}" },
          "loose": { "$value": 4 },
          "typo": { "$type": "colour", "$value": 4 }
        }
        """
        let (set, printed) = read(text)
        #expect(set.token(named: "size.small")?.type == .dimension)
        #expect(set.token(named: "gap")?.type == .dimension)
        #expect(printed == [
            ##"core.tokens.json:7:3: error: the type of 'loose' cannot be determined: give it a "$type", alias a token that has one, or put it in a group with one"##,
            "core.tokens.json:8:22: error: unknown type 'colour'; did you mean 'color'?",
        ])
    }
}
