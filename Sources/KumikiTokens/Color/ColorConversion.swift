import Foundation

/// Every colour space of the Color module converted to sRGB, by the
/// formulas and matrices of CSS Color Module Level 4 (its sample code):
/// each space to linear light, to CIE XYZ (D65; D50 spaces adapted with
/// the Bradford transform), to linear sRGB, then sRGB's transfer function.
/// OKLab goes to linear sRGB through LMS directly, by Björn Ottosson's
/// matrices.
///
/// **Out of gamut.** A colour sRGB cannot show (a wide-gamut Display P3
/// red, an OKLCH chroma past sRGB's edge) is mapped by clipping each
/// channel of the gamma-encoded sRGB result to [0, 1] on its own. This is
/// the simplest of the mappings the Color module leaves to tools (it may
/// shift hue and lightness a little, unlike CSS's OKLCH chroma reduction);
/// it is used only for the `hex` fallback shown beside a token, never to
/// change the token's own value. A `"none"` component counts as 0.
public enum ColorConversion {
    /// The colour as gamma-encoded sRGB channels, each clipped to [0, 1].
    public static func srgb(colorSpace: ColorSpace, components: [Double?]) -> [Double] {
        let c = (0..<3).map { $0 < components.count ? (components[$0] ?? 0) : 0 }
        let encoded: [Double]
        switch colorSpace {
        case .srgb: encoded = c
        case .hsl: encoded = hslToSRGB(c[0], c[1] / 100, c[2] / 100)
        case .hwb: encoded = hwbToSRGB(c[0], c[1] / 100, c[2] / 100)
        default: encoded = linearSRGB(colorSpace, c).map(gammaEncode)
        }
        return encoded.map { $0.isNaN ? 0 : min(1, max(0, $0)) }
    }

    /// `#rrggbb` (lower case) of the colour in sRGB, clipped per channel.
    public static func hex(colorSpace: ColorSpace, components: [Double?]) -> String {
        hex(srgb(colorSpace: colorSpace, components: components))
    }

    /// `#rrggbb` of sRGB channels in [0, 1].
    public static func hex(_ rgb: [Double]) -> String {
        "#" + rgb.map { channel -> String in
            let byte = Int((min(1, max(0, channel)) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined()
    }

    // MARK: Linear light

    private static func linearSRGB(_ space: ColorSpace, _ c: [Double]) -> [Double] {
        switch space {
        case .srgb: return c.map(gammaDecode)
        case .srgbLinear: return c
        case .hsl: return hslToSRGB(c[0], c[1] / 100, c[2] / 100).map(gammaDecode)
        case .hwb: return hwbToSRGB(c[0], c[1] / 100, c[2] / 100).map(gammaDecode)
        case .lab: return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, labToXYZD50(c)))
        case .lch: return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, labToXYZD50(polarToRectangular(c))))
        case .oklab: return oklabToLinearSRGB(c)
        case .oklch: return oklabToLinearSRGB(polarToRectangular(c))
        case .displayP3: return multiply(xyzD65ToLinearSRGB, multiply(linearP3ToXYZD65, c.map(gammaDecode)))
        case .a98RGB:
            let linear = c.map { signed($0) { pow($0, 563.0 / 256.0) } }
            return multiply(xyzD65ToLinearSRGB, multiply(linearA98ToXYZD65, linear))
        case .prophotoRGB:
            let linear = c.map { signed($0) { $0 <= 16.0 / 512.0 ? $0 / 16 : pow($0, 1.8) } }
            return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, multiply(linearProPhotoToXYZD50, linear)))
        case .rec2020:
            let alpha = 1.09929682680944, beta = 0.018053968510807
            let linear = c.map { signed($0) { $0 < beta * 4.5 ? $0 / 4.5 : pow(($0 + alpha - 1) / alpha, 1 / 0.45) } }
            return multiply(xyzD65ToLinearSRGB, multiply(linearRec2020ToXYZD65, linear))
        case .xyzD65: return multiply(xyzD65ToLinearSRGB, c)
        case .xyzD50: return multiply(xyzD65ToLinearSRGB, multiply(d50ToD65, c))
        }
    }

    private static func signed(_ value: Double, _ transfer: (Double) -> Double) -> Double {
        value < 0 ? -transfer(-value) : transfer(value)
    }

    private static func gammaDecode(_ value: Double) -> Double {
        signed(value) { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    }

    private static func gammaEncode(_ value: Double) -> Double {
        signed(value) { $0 <= 0.0031308 ? $0 * 12.92 : 1.055 * pow($0, 1 / 2.4) - 0.055 }
    }

    private static func hslToSRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> [Double] {
        let h = hue.truncatingRemainder(dividingBy: 360)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return [channel(0), channel(8), channel(4)]
    }

    private static func hwbToSRGB(_ hue: Double, _ white: Double, _ black: Double) -> [Double] {
        if white + black >= 1 {
            let gray = white / (white + black)
            return [gray, gray, gray]
        }
        return hslToSRGB(hue, 1, 0.5).map { $0 * (1 - white - black) + white }
    }

    private static func polarToRectangular(_ c: [Double]) -> [Double] {
        let radians = c[2] * .pi / 180
        return [c[0], c[1] * cos(radians), c[1] * sin(radians)]
    }

    private static func labToXYZD50(_ lab: [Double]) -> [Double] {
        let kappa = 24389.0 / 27, epsilon = 216.0 / 24389
        let white = [0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585]
        let f1 = (lab[0] + 16) / 116
        let f0 = lab[1] / 500 + f1
        let f2 = f1 - lab[2] / 200
        let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = lab[0] > kappa * epsilon ? pow(f1, 3) : lab[0] / kappa
        let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
        return [x * white[0], y * white[1], z * white[2]]
    }

    private static func oklabToLinearSRGB(_ lab: [Double]) -> [Double] {
        let l = pow(lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2], 3)
        let m = pow(lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2], 3)
        let s = pow(lab[0] - 0.0894841775 * lab[1] - 1.2914855480 * lab[2], 3)
        return [
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
        ]
    }

    private static func multiply(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
        matrix.map { row in row[0] * vector[0] + row[1] * vector[1] + row[2] * vector[2] }
    }

    // MARK: Matrices (CSS Color Module Level 4)

    private static let xyzD65ToLinearSRGB: [[Double]] = [
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ]
    private static let d50ToD65: [[Double]] = [
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ]
    private static let linearP3ToXYZD65: [[Double]] = [
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ]
    private static let linearA98ToXYZD65: [[Double]] = [
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ]
    private static let linearProPhotoToXYZD50: [[Double]] = [
        [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
        [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
        [0.0, 0.0, 0.8251046025104602],
    ]
    private static let linearRec2020ToXYZD65: [[Double]] = [
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ]
}
