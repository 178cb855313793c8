import Foundation

/// WCAG 2's contrast between two opaque colours, and the minimums it sets
/// for text.
///
/// Written once for every place Kumiki judges contrast: the materials
/// page, the `tokens` block's colour rows and the layout blocks'
/// `low-contrast` check. Ratios are compared at full precision, never
/// rounded first (4.499 is below 4.5:1).
extension RGB {
    /// WCAG 2 relative luminance: each component linearised with sRGB's
    /// transfer function (WCAG's 0.04045 threshold), weighted by the
    /// Rec. 709 coefficients.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio, 1…21, whichever colour is the lighter.
    public static func contrastRatio(_ a: RGB, _ b: RGB) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

/// The minimum contrast ratios of WCAG 2's success criterion 1.4.3 (level AA).
public enum MinimumContrast {
    /// Text smaller than large text needs 4.5:1.
    public static let text = 4.5
    /// Large text (and the parts of an interface, by 1.4.11) needs 3:1.
    public static let largeText = 3.0

    /// Whether text of `pointSize` at `weight` (CSS weights, 400 regular,
    /// 700 bold) is large text: 18 pt and up, or 14 pt and up at a weight
    /// of 700 or more.
    public static func isLargeText(pointSize: Double, weight: Double) -> Bool {
        pointSize >= 18 || (pointSize >= 14 && weight >= 700)
    }

    /// The ratio text of `pointSize` at `weight` needs.
    public static func required(pointSize: Double, weight: Double) -> Double {
        isLargeText(pointSize: pointSize, weight: weight) ? largeText : text
    }
}
