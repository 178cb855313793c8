/// An sRGB colour, gamma-encoded components 0…1, without alpha.
///
/// The one colour the contrast arithmetic (``RGB/contrastRatio(_:_:)``)
/// works on: the site's material and token pages and the layout blocks'
/// `low-contrast` check all measure with it, so their figures agree.
/// Alpha is not part of the value; a translucent colour is composited
/// first (``over(_:opacity:)``), as it is seen.
public struct RGB: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`.
    public init(hex: Int) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    public static let black = RGB(hex: 0x000000)
    public static let white = RGB(hex: 0xFFFFFF)

    /// This colour painted at `opacity` over `background` (source-over, in
    /// sRGB, as browsers composite).
    public func over(_ background: RGB, opacity: Double) -> RGB {
        RGB(red: red * opacity + background.red * (1 - opacity),
            green: green * opacity + background.green * (1 - opacity),
            blue: blue * opacity + background.blue * (1 - opacity))
    }

    /// `#rrggbb`, lowercase, each component clipped to 0…1 and rounded.
    public var hex: String {
        [red, green, blue].map { component in
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            let text = String(value, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.reduce("#", +)
    }
}
