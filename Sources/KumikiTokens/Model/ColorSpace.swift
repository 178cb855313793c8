/// The colour spaces of the DTCG Color module (2025.10), each with its
/// components' ranges.
public enum ColorSpace: String, CaseIterable, Hashable, Sendable {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl
    case hwb
    case lab
    case lch
    case oklab
    case oklch
    case displayP3 = "display-p3"
    case a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    /// The range of one component, as the Color module's table gives it.
    public struct ComponentRange: Hashable, Sendable {
        /// The component's name in the Color module ("Hue", "Red").
        public var name: String
        public var lowest: Double
        /// `nil` when unbounded.
        public var highest: Double?
        /// Whether `highest` itself is outside (a hue is below 360).
        public var excludesHighest: Bool

        public func contains(_ value: Double) -> Bool {
            guard value >= lowest else { return false }
            guard let highest else { return true }
            return excludesHighest ? value < highest : value <= highest
        }

        /// `[0, 1]`, `[0, 360)`, `[0, ∞)`.
        public var written: String {
            let low = lowest.isInfinite ? "-∞" : Self.number(lowest)
            guard let highest else { return lowest.isInfinite ? "any number" : "[\(low), ∞)" }
            return "[\(low), \(Self.number(highest))\(excludesHighest ? ")" : "]")"
        }

        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    /// The components in order, each with its range.
    public var components: [ComponentRange] {
        func unit(_ name: String) -> ComponentRange { ComponentRange(name: name, lowest: 0, highest: 1, excludesHighest: false) }
        func percent(_ name: String) -> ComponentRange { ComponentRange(name: name, lowest: 0, highest: 100, excludesHighest: false) }
        let hue = ComponentRange(name: "Hue", lowest: 0, highest: 360, excludesHighest: true)
        let unbounded = { (name: String) in ComponentRange(name: name, lowest: -.infinity, highest: nil, excludesHighest: false) }
        let chroma = ComponentRange(name: "Chroma", lowest: 0, highest: nil, excludesHighest: false)
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020:
            return [unit("Red"), unit("Green"), unit("Blue")]
        case .xyzD65, .xyzD50:
            return [unit("X"), unit("Y"), unit("Z")]
        case .hsl: return [hue, percent("Saturation"), percent("Lightness")]
        case .hwb: return [hue, percent("Whiteness"), percent("Blackness")]
        case .lab: return [percent("Lightness"), unbounded("A"), unbounded("B")]
        case .lch: return [percent("Lightness"), chroma, hue]
        case .oklab: return [unit("Lightness"), unbounded("A"), unbounded("B")]
        case .oklch: return [unit("Lightness"), chroma, hue]
        }
    }
}

/// A `color` value, resolved: its space, its components (`nil` for
/// `"none"`), its alpha (1 when the file gives none) and a hex form.
public struct ColorValue: Hashable, Sendable {
    public var colorSpace: ColorSpace
    /// One per component of the space; `nil` where the file says `"none"`.
    public var components: [Double?]
    public var alpha: Double
    /// `#rrggbb`: the file's `hex` as written when it gives one, otherwise
    /// the colour converted to sRGB (`ColorConversion.hex`).
    public var hex: String
    /// Whether `hex` is the file's own.
    public var hexIsGiven: Bool

    public init(colorSpace: ColorSpace, components: [Double?], alpha: Double = 1, hex: String? = nil) {
        self.colorSpace = colorSpace
        self.components = components
        self.alpha = alpha
        self.hex = hex ?? ColorConversion.hex(colorSpace: colorSpace, components: components)
        self.hexIsGiven = hex != nil
    }

    /// The colour in sRGB, each channel clipped to [0, 1].
    public var srgb: (red: Double, green: Double, blue: Double) {
        let rgb = ColorConversion.srgb(colorSpace: colorSpace, components: components)
        return (rgb[0], rgb[1], rgb[2])
    }
}
