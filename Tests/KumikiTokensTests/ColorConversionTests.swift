import Testing
import KumikiTokens

/// Every colour space converts to sRGB for the `hex` shown beside a colour;
/// what sRGB cannot show is clipped per channel.
@Suite struct ColorConversionTests {
    private func hex(_ space: ColorSpace, _ components: [Double?]) -> String {
        ColorConversion.hex(colorSpace: space, components: components)
    }

    @Test func whiteAndKnownColoursInEverySpace() {
        #expect(hex(.srgb, [1, 0, 1]) == "#ff00ff")
        #expect(hex(.srgbLinear, [1, 0, 1]) == "#ff00ff")
        #expect(hex(.srgbLinear, [0.2159, 0.2159, 0.2159]) == "#808080")
        #expect(hex(.hsl, [330, 100, 50]) == "#ff0080")
        #expect(hex(.hsl, [nil, 0, 100]) == "#ffffff")
        #expect(hex(.hwb, [330, 0, 0]) == "#ff0080")
        #expect(hex(.hwb, [0, 60, 60]) == "#808080")
        #expect(hex(.lab, [100, 0, 0]) == "#ffffff")
        #expect(hex(.lab, [54.2917, 80.8125, 69.8851]) == "#ff0000")
        #expect(hex(.lch, [54.2917, 106.8390, 40.8526]) == "#ff0000")
        #expect(hex(.oklab, [1, 0, 0]) == "#ffffff")
        #expect(hex(.oklab, [0.62796, 0.22486, 0.12585]) == "#ff0000")
        #expect(hex(.oklch, [0.62796, 0.25768, 29.2339]) == "#ff0000")
        #expect(hex(.displayP3, [1, 1, 1]) == "#ffffff")
        #expect(hex(.displayP3, [0.9176, 0.2003, 0.1386]) == "#ff0000")
        #expect(hex(.a98RGB, [1, 1, 1]) == "#ffffff")
        #expect(hex(.a98RGB, [0.8587, 0, 0]) == "#ff0000")
        #expect(hex(.prophotoRGB, [1, 1, 1]) == "#ffffff")
        #expect(hex(.prophotoRGB, [0.7022, 0.2757, 0.1036]) == "#ff0000")
        #expect(hex(.rec2020, [1, 1, 1]) == "#ffffff")
        #expect(hex(.rec2020, [0.7919, 0.2307, 0.0739]) == "#ff0000")
        #expect(hex(.xyzD65, [0.95047, 1, 1.08883]) == "#ffffff")
        #expect(hex(.xyzD65, [0.4124, 0.2126, 0.0193]) == "#ff0000")
        #expect(hex(.xyzD50, [0.96422, 1, 0.82521]) == "#ffffff")
    }

    @Test func outOfGamutIsClippedPerChannel() {
        // Display P3's pure red is outside sRGB: red clips at 1, green and
        // blue at 0.
        #expect(hex(.displayP3, [1, 0, 0]) == "#ff0000")
        #expect(ColorValue(colorSpace: .displayP3, components: [1, 0, 0]).srgb.red == 1)
    }

    @Test func aTokensHexIsTheFilesOrTheConvertedColour() {
        let (set, _) = read("""
        {
          "$type": "color",
          "given": { "$value": { "colorSpace": "oklch", "components": [0.5, 0.1, 200], "hex": "#ABCDEF" } },
          "computed": { "$value": { "colorSpace": "hsl", "components": [120, 100, 25] } }
        }
        """)
        guard case .color(let given)? = set.token(named: "given")?.value, case .color(let computed)? = set.token(named: "computed")?.value else {
            Issue.record("the colours did not read")
            return
        }
        #expect(given.hex == "#ABCDEF" && given.hexIsGiven)
        #expect(computed.hex == "#008000" && !computed.hexIsGiven && computed.alpha == 1)
    }
}
