/// An sRGB colour with its alpha, as a colour token gives it: what is
/// painted, before it is composited over what lies beneath.
public struct RGBA: Hashable, Sendable {
    public var rgb: RGB
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    public init(_ rgb: RGB, alpha: Double = 1) {
        self.rgb = rgb
        self.alpha = alpha
    }

    /// The colour seen where this one is painted over `background`.
    public func over(_ background: RGB) -> RGB {
        alpha >= 1 ? rgb : rgb.over(background, opacity: max(alpha, 0))
    }

    /// The colour as CSS writes it: `#rrggbb`, or `#rrggbbaa` when it is
    /// translucent (the alpha rounded to the nearest 1/255).
    public var css: String {
        guard alpha < 1 else { return rgb.hex }
        let value = Int((min(max(alpha, 0), 1) * 255).rounded())
        let text = String(value, radix: 16)
        return rgb.hex + (text.count == 1 ? "0" + text : text)
    }
}
