/// A token's value with every alias and JSON Pointer reference replaced
/// by what it names.
public enum TokenValue: Hashable, Sendable {
    case color(ColorValue)
    case dimension(Dimension)
    /// One or more font names, most preferred first.
    case fontFamily([String])
    /// A weight in [1, 1000]; a name (`"bold"`) is given as its number.
    case fontWeight(Double)
    case duration(Duration)
    case cubicBezier(CubicBezier)
    case number(Double)
    case strokeStyle(StrokeStyle)
    case border(Border)
    case transition(Transition)
    /// One shadow or several (a one-element list for a single shadow
    /// object).
    case shadow([Shadow])
    case gradient([GradientStop])
    case typography(Typography)

    /// The type this value belongs to.
    public var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .number: .number
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        }
    }
}

/// The names `fontWeight` accepts, case-sensitive, with their numbers
/// (Format module, "Font weight").
public enum FontWeightName {
    public static let values: [(name: String, weight: Double)] = [
        ("thin", 100), ("hairline", 100),
        ("extra-light", 200), ("ultra-light", 200),
        ("light", 300),
        ("normal", 400), ("regular", 400), ("book", 400),
        ("medium", 500),
        ("semi-bold", 600), ("demi-bold", 600),
        ("bold", 700),
        ("extra-bold", 800), ("ultra-bold", 800),
        ("black", 900), ("heavy", 900),
        ("extra-black", 950), ("ultra-black", 950),
    ]

    public static func weight(of name: String) -> Double? {
        values.first { $0.name == name }?.weight
    }
}

/// `[P1x, P1y, P2x, P2y]`; the x values are in [0, 1].
public struct CubicBezier: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }
}

/// A `strokeStyle`: one of CSS's line-style keywords, or dashes and a cap.
public enum StrokeStyle: Hashable, Sendable {
    public enum Keyword: String, CaseIterable, Hashable, Sendable {
        case solid, dashed, dotted, double, groove, ridge, outset, inset
    }

    public enum LineCap: String, CaseIterable, Hashable, Sendable {
        case round, butt, square
    }

    case keyword(Keyword)
    case dashes(dashArray: [Dimension], lineCap: LineCap)
}

public struct Border: Hashable, Sendable {
    public var color: ColorValue
    public var width: Dimension
    public var style: StrokeStyle

    public init(color: ColorValue, width: Dimension, style: StrokeStyle) {
        self.color = color
        self.width = width
        self.style = style
    }
}

public struct Transition: Hashable, Sendable {
    public var duration: Duration
    public var delay: Duration
    public var timingFunction: CubicBezier

    public init(duration: Duration, delay: Duration, timingFunction: CubicBezier) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
    }
}

public struct Shadow: Hashable, Sendable {
    public var color: ColorValue
    public var offsetX: Dimension
    public var offsetY: Dimension
    public var blur: Dimension
    public var spread: Dimension
    /// `false` when the file leaves `inset` out.
    public var inset: Bool

    public init(color: ColorValue, offsetX: Dimension, offsetY: Dimension, blur: Dimension, spread: Dimension, inset: Bool = false) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.inset = inset
    }
}

public struct GradientStop: Hashable, Sendable {
    public var color: ColorValue
    /// The position as written; the Format module says a position outside
    /// [0, 1] counts as clamped to it, which `clampedPosition` gives.
    public var position: Double

    public var clampedPosition: Double { min(1, max(0, position)) }

    public init(color: ColorValue, position: Double) {
        self.color = color
        self.position = position
    }
}

public struct Typography: Hashable, Sendable {
    public var fontFamily: [String]
    public var fontSize: Dimension
    public var fontWeight: Double
    public var letterSpacing: Dimension
    /// A multiplier of `fontSize`.
    public var lineHeight: Double

    public init(fontFamily: [String], fontSize: Dimension, fontWeight: Double, letterSpacing: Dimension, lineHeight: Double) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.letterSpacing = letterSpacing
        self.lineHeight = lineHeight
    }
}
