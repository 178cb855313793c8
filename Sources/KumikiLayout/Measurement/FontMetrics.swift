import KumikiLayoutLanguage

/// Text measurement for intrinsic content sizes.
///
/// The advance widths are those of the standard PostScript sans-serif
/// (Helvetica's and Helvetica Bold's published AFM metrics, in thousandths
/// of an em), close to the system font's proportions. Text set at a
/// weight of 600 (semibold) or more is measured with the bold widths,
/// lighter text with the regular ones (``Weight/init(fontWeight:)``): the
/// system font's semibold is nearer its bold than its regular in width.
/// Full-width characters (kana, kanji,
/// full-width forms, CJK punctuation) advance 1 em and half-width katakana
/// ½ em, as in every Japanese system font. The line height is that of the
/// system font, ascender 0.952 em plus descender 0.241 em (1.193 em:
/// 20.3 pt for 17 pt body text, the height of a default UILabel).
public enum FontMetrics {
    /// Line height as a fraction of the point size.
    public static let lineHeightPerEm = 1.193

    /// Which of the two sets of widths text is measured with.
    public enum Weight: Hashable, Sendable {
        case regular
        case bold

        /// The lightest CSS font weight measured as bold: 600, semibold.
        public static let lightestBold = 600.0

        /// The widths for a CSS font weight (100 … 900, 400 regular).
        public init(fontWeight: Double) {
            self = fontWeight >= Self.lightestBold ? .bold : .regular
        }
    }

    /// Advance widths of printable ASCII, ' ' (32) to '~' (126), per 1000 em.
    private static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,   // space ! " # $ % & ' ( ) * + , - . /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556,                                 // 0-9
        278, 278, 584, 584, 584, 556, 1015,                                               // : ; < = > ? @
        667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,                  // A-M
        722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,                  // N-Z
        278, 278, 278, 469, 556, 333,                                                     // [ \ ] ^ _ `
        556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,                  // a-m
        556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,                  // n-z
        334, 260, 334, 584,                                                               // { | } ~
    ]

    /// The same for Helvetica Bold.
    private static let boldASCII: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,   // space ! " # $ % & ' ( ) * + , - . /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556,                                 // 0-9
        333, 333, 584, 584, 584, 611, 975,                                                // : ; < = > ? @
        722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,                  // A-M
        722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,                  // N-Z
        333, 278, 333, 584, 556, 333,                                                     // [ \ ] ^ _ `
        556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889,                  // a-m
        611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500,                  // n-z
        389, 280, 389, 584,                                                               // { | } ~
    ]

    /// The advance width of one character, in ems. Outside ASCII the bold
    /// widths are the regular ones but for accented Latin capitals and
    /// small letters, which take Helvetica Bold's typical widths.
    public static func advance(of character: Character, weight: Weight = .regular) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        if v >= 32 && v <= 126 { return Double((weight == .bold ? boldASCII : ascii)[Int(v - 32)]) / 1000 }
        if weight == .bold {
            switch v {
            case 0xC0...0xDE: return 0.722                   // accented capitals
            case 0xDF...0x24F: return 0.611                  // accented small letters
            default: break
            }
        }
        switch v {
        case 0xFF61...0xFF9F: return 0.5                       // half-width katakana
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x20000...0x3FFFD:
            return 1                                         // full width
        case 0x1F300...0x1FAFF: return 1.2                   // emoji
        case 0xA0: return 0.278                              // no-break space
        case 0x2018, 0x2019, 0x201A: return 0.222            // ‘ ’ ‚
        case 0x201C, 0x201D, 0x201E: return 0.333            // “ ” „
        case 0x2013: return 0.556                            // –
        case 0x2014: return 1                                // —
        case 0x2026: return 1                                // …
        case 0xC0...0xDE: return 0.667                       // accented capitals: a typical capital
        case 0xDF...0x24F: return 0.556                      // accented small letters: a typical small letter
        default: return 0.556
        }
    }

    /// The width of `text` set at `pointSize`, in points.
    public static func width(of text: String, pointSize: Double, weight: Weight = .regular) -> Double {
        text.reduce(0) { $0 + advance(of: $1, weight: weight) } * pointSize
    }

    /// The height of one line at `pointSize`, in points.
    public static func lineHeight(pointSize: Double) -> Double { lineHeightPerEm * pointSize }
}

/// The intrinsic content size of a view of `kind` with these labels.
///
/// The layout must fit both languages, so a text's width is the wider of its
/// English and Japanese labels. Padding follows UIKit's defaults: a button
/// adds 12 pt on each side and 7 pt above and below its title (UIButton's
/// configuration content insets), so a one-line button at the default size
/// is 34.3 pt tall, under the 44 pt minimum unless the block says otherwise;
/// a text field adds 8 pt on each side and 7 pt above and below; a toggle is
/// UISwitch's 51 × 31 pt. Views without content have no intrinsic size.
///
/// - Returns: width and height in points, or nil for no intrinsic size.
public func intrinsicContentSize(kind: ViewKind, label: String, labelJapanese: String, bodyPointSize: Double)
    -> (width: Double, height: Double)?
{
    intrinsicContentSize(kind: kind, label: label, labelJapanese: labelJapanese, font: SizedFont(systemAt: bodyPointSize))
}

/// The intrinsic content size of a view of `kind` with these labels set in
/// `font`: its text is `font.pointSize` wide per em in the font's widths,
/// and one line is `font.lineHeight` tall (a typography token's
/// `fontSize × lineHeight`); the padding is as above.
public func intrinsicContentSize(kind: ViewKind, label: String, labelJapanese: String, font: SizedFont)
    -> (width: Double, height: Double)?
{
    let textWidth = max(FontMetrics.width(of: label, pointSize: font.pointSize, weight: font.metrics),
                        FontMetrics.width(of: labelJapanese, pointSize: font.pointSize, weight: font.metrics))
    let line = font.lineHeight
    switch kind {
    case .label: return (textWidth, line)
    case .button: return (textWidth + 24, line + 14)
    case .field: return (textWidth + 16, line + 14)
    case .toggle: return (51, 31)
    default: return nil
    }
}
