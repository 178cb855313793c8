/// A token's value in the units the layout stages use.
public enum LayoutTokenValue: Hashable, Sendable {
    /// A `dimension` in points: `px` is one point, `rem` is `tokens.rem`
    /// points.
    case dimension(Double)
    /// A `number`.
    case number(Double)
    /// A `color` in light and in dark appearance (the same when no modifier
    /// follows the appearance).
    case color(light: SRGBColor, dark: SRGBColor)
    case typography(LayoutTypography)
    /// A token of any other type, by its DTCG type name (`duration`,
    /// `shadow`): it may be named only where that type is read, which no
    /// layout line does.
    case other(type: String)

    /// The DTCG type name (`dimension`, `color`), for messages.
    public var typeName: String {
        switch self {
        case .dimension: "dimension"
        case .number: "number"
        case .color: "color"
        case .typography: "typography"
        case .other(let type): type
        }
    }
}

/// A colour as sRGB components in [0, 1] and an alpha in [0, 1], not
/// composited: what is drawn and what contrast is measured from.
public struct SRGBColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// What a `typography` token says about how text is set.
public struct LayoutTypography: Hashable, Sendable {
    /// The font size in points.
    public var fontSize: Double
    /// A multiplier of `fontSize`: one line is `fontSize × lineHeight` tall.
    public var lineHeight: Double
    /// 1…1000; 400 is regular, 700 bold.
    public var fontWeight: Double
    /// The Dynamic Type text style it scales as (`$extensions` →
    /// `org.kumiki` → `textStyle`), `nil` when the token names none (it
    /// scales as `body`).
    public var textStyle: String?

    public init(fontSize: Double, lineHeight: Double, fontWeight: Double, textStyle: String? = nil) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.fontWeight = fontWeight
        self.textStyle = textStyle
    }
}
