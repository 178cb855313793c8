import KumikiLayoutLanguage

/// The type a view's text is set in: a typography token's `fontSize`,
/// `lineHeight` and `fontWeight`, and the Dynamic Type text style it
/// follows (`$extensions` `{"org.kumiki": {"textStyle": …}}`, `body` when
/// the token names none).
///
/// A view without a `font` line is set in ``body``: 17 pt regular at the
/// default text size, in the system font's own line height.
public struct TextFont: Hashable, Sendable {
    /// The size in points at the default text size (Large).
    public var size: Double
    /// One line's height as a multiple of the size; nil for the system
    /// font's own (`FontMetrics.lineHeightPerEm`).
    public var lineHeight: Double?
    /// The CSS weight, 100 … 900 (400 regular, 700 bold).
    public var weight: Double
    /// The text style whose sizes the font follows across text sizes.
    public var style: TextStyle

    public init(size: Double, lineHeight: Double?, weight: Double, style: TextStyle) {
        self.size = size
        self.lineHeight = lineHeight
        self.weight = weight
        self.style = style
    }

    /// The system font at the body style: what a view without a `font`
    /// line is measured in.
    public static let body = TextFont(size: TextStyle.body.pointSize(at: .default), lineHeight: nil, weight: 400, style: .body)

    /// The font at `textSize`: its size scaled as its text style's is
    /// (`size × style(textSize) / style(Large)`), one line
    /// `size × lineHeight` points tall at that size.
    public func sized(at textSize: TextSize) -> SizedFont {
        // Multiplied before dividing, so the body font at every text size
        // is exactly the table's size (17 × 19 / 17 is 19; 17 × (19 / 17) is not).
        let pointSize = size * style.pointSize(at: textSize) / style.pointSize(at: .default)
        let line = lineHeight.map { pointSize * $0 } ?? FontMetrics.lineHeight(pointSize: pointSize)
        return SizedFont(pointSize: pointSize, lineHeight: line, weight: weight)
    }
}

/// A font at one text size: what measuring and the contrast check need.
public struct SizedFont: Hashable, Sendable {
    /// The size in points.
    public var pointSize: Double
    /// One line's height in points.
    public var lineHeight: Double
    /// The CSS weight.
    public var weight: Double

    public init(pointSize: Double, lineHeight: Double, weight: Double) {
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.weight = weight
    }

    /// The system font at `pointSize`, regular, in its own line height.
    public init(systemAt pointSize: Double) {
        self.init(pointSize: pointSize, lineHeight: FontMetrics.lineHeight(pointSize: pointSize), weight: 400)
    }

    /// The widths the text is measured with.
    public var metrics: FontMetrics.Weight { FontMetrics.Weight(fontWeight: weight) }
}
