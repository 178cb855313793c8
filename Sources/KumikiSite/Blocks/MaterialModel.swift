import Foundation
import KumikiSupport

/// The model Kumiki draws material swatches from.
///
/// **An approximation for illustration, not Apple's values.** Apple does not
/// publish the blur radii, tints or opacities of its system materials, and
/// the real materials also saturate and blend what is behind them. Kumiki
/// models each thickness as the backdrop blurred by a Gaussian of standard
/// deviation `blur` (in swatch units), then covered by a flat tint at
/// `opacity`: thicker materials blur more and let less through. Vibrancy
/// levels are modelled as ink of one colour at decreasing opacity (labels,
/// fills) over the material. The numbers are chosen so the swatches read
/// like the system's, and the contrast figures are computed from exactly
/// what is drawn, so the page's claims match its pictures.
enum MaterialModel {
    enum Thickness: String, CaseIterable, Sendable {
        case ultraThin = "ultra-thin"
        case thin
        case regular
        case thick

        var name: Bilingual<String> {
            switch self {
            case .ultraThin: Bilingual("Ultra thin", "極薄")
            case .thin: Bilingual("Thin", "薄い")
            case .regular: Bilingual("Regular", "標準")
            case .thick: Bilingual("Thick", "厚い")
            }
        }
    }

    enum Appearance: String, CaseIterable, Sendable {
        case light, dark

        var name: Bilingual<String> {
            switch self {
            case .light: Bilingual("Light", "ライト")
            case .dark: Bilingual("Dark", "ダーク")
            }
        }
    }

    /// How one thickness looks in one appearance.
    struct Material: Hashable, Sendable {
        var tint: RGB
        /// The tint's opacity over the blurred backdrop, 0…1.
        var opacity: Double
        /// The Gaussian blur's standard deviation, in swatch units.
        var blur: Double
    }

    static func material(_ thickness: Thickness, _ appearance: Appearance) -> Material {
        // Light: a near-white veil; dark: a near-black one. Opacity and blur
        // grow with thickness.
        let opacity: Double
        let blur: Double
        switch (thickness, appearance) {
        case (.ultraThin, .light): (opacity, blur) = (0.32, 5)
        case (.thin, .light): (opacity, blur) = (0.50, 8)
        case (.regular, .light): (opacity, blur) = (0.66, 11)
        case (.thick, .light): (opacity, blur) = (0.82, 15)
        case (.ultraThin, .dark): (opacity, blur) = (0.38, 5)
        case (.thin, .dark): (opacity, blur) = (0.56, 8)
        case (.regular, .dark): (opacity, blur) = (0.70, 11)
        case (.thick, .dark): (opacity, blur) = (0.85, 15)
        }
        let tint = appearance == .light ? RGB(hex: 0xF8F8FA) : RGB(hex: 0x1C1C1F)
        return Material(tint: tint, opacity: opacity, blur: blur)
    }

    enum Group: String, CaseIterable, Sendable {
        case labels, fills, separators

        var name: Bilingual<String> {
            switch self {
            case .labels: Bilingual("Labels", "ラベル")
            case .fills: Bilingual("Fills", "塗り")
            case .separators: Bilingual("Separator", "区切り線")
            }
        }
    }

    /// The vibrancy levels: four for labels, three for fills, one for
    /// separators.
    enum Vibrancy: String, CaseIterable, Sendable {
        case primaryLabel, secondaryLabel, tertiaryLabel, quaternaryLabel
        case primaryFill, secondaryFill, tertiaryFill
        case separator

        var group: Group {
            switch self {
            case .primaryLabel, .secondaryLabel, .tertiaryLabel, .quaternaryLabel: .labels
            case .primaryFill, .secondaryFill, .tertiaryFill: .fills
            case .separator: .separators
            }
        }

        /// The level within its group (`Primary`, `プライマリ`).
        var level: Bilingual<String> {
            switch self {
            case .primaryLabel, .primaryFill: Bilingual("Primary", "プライマリ")
            case .secondaryLabel, .secondaryFill: Bilingual("Secondary", "セカンダリ")
            case .tertiaryLabel, .tertiaryFill: Bilingual("Tertiary", "ターシャリ")
            case .quaternaryLabel: Bilingual("Quaternary", "クォータナリ")
            case .separator: Bilingual("Separator", "区切り線")
            }
        }

        /// The full name (`Secondary label`, `セカンダリのラベル`).
        var name: Bilingual<String> {
            switch group {
            case .labels: Bilingual("\(level.english) label", "\(level.japanese)のラベル")
            case .fills: Bilingual("\(level.english) fill", "\(level.japanese)の塗り")
            case .separators: Bilingual("Separator", "区切り線")
            }
        }

        var id: String {
            switch self {
            case .primaryLabel: "label-1"
            case .secondaryLabel: "label-2"
            case .tertiaryLabel: "label-3"
            case .quaternaryLabel: "label-4"
            case .primaryFill: "fill-1"
            case .secondaryFill: "fill-2"
            case .tertiaryFill: "fill-3"
            case .separator: "separator"
            }
        }
    }

    /// The ink a vibrancy level is drawn with: a colour and its opacity.
    static func ink(_ vibrancy: Vibrancy, _ appearance: Appearance) -> (color: RGB, opacity: Double) {
        let light = appearance == .light
        switch vibrancy {
        case .primaryLabel: return (light ? .black : .white, light ? 0.86 : 0.90)
        case .secondaryLabel: return (light ? .black : .white, light ? 0.58 : 0.60)
        case .tertiaryLabel: return (light ? .black : .white, light ? 0.36 : 0.38)
        case .quaternaryLabel: return (light ? .black : .white, light ? 0.20 : 0.22)
        case .primaryFill: return (RGB(hex: 0x78788C), light ? 0.24 : 0.40)
        case .secondaryFill: return (RGB(hex: 0x78788C), light ? 0.17 : 0.30)
        case .tertiaryFill: return (RGB(hex: 0x78788C), light ? 0.11 : 0.20)
        case .separator: return (light ? RGB(hex: 0x3C3C43) : RGB(hex: 0x54545A), light ? 0.36 : 0.70)
        }
    }

    /// Text below this contrast ratio is marked: 3:1 is WCAG's minimum for
    /// large text (body text needs 4.5:1).
    static let minimumContrast = 3.0

    /// What one vibrancy level over one material works out to.
    struct Sample: Hashable, Sendable {
        var vibrancy: Vibrancy
        /// The material's average colour over the backdrop.
        var background: RGB
        /// The ink composited over that background.
        var foreground: RGB
        var contrast: Double

        /// Only text is judged; fills and separators are shown for reference.
        var isLowContrast: Bool { vibrancy.group == .labels && contrast < MaterialModel.minimumContrast }
    }

    /// The material's average colour over `backdrop`: the blur keeps the
    /// backdrop's mean, and the tint covers it at its opacity.
    static func averageBackground(_ material: Material, backdrop: RGB) -> RGB {
        material.tint.over(backdrop, opacity: material.opacity)
    }

    static func sample(_ vibrancy: Vibrancy, on background: RGB, _ appearance: Appearance) -> Sample {
        let ink = ink(vibrancy, appearance)
        let foreground = ink.color.over(background, opacity: ink.opacity)
        return Sample(vibrancy: vibrancy, background: background, foreground: foreground,
                      contrast: RGB.contrastRatio(foreground, background))
    }
}
