import KumikiLayoutLanguage

/// A label's text measured once, in ems, ready to be broken into lines at
/// any width and any point size (advances scale with the point size); in
/// the regular or the bold widths (`FontMetrics.Weight`).
///
/// Line breaking is deliberately simple, a greedy fill as UILabel's word
/// wrapping does:
/// - Latin text breaks at spaces; the spaces at a break take no room.
/// - Japanese and Chinese text (kana, kanji, full-width forms) may break
///   between any two characters, and next to Latin text.
/// - A line never starts with closing punctuation, a small kana or the
///   long-vowel mark (`、。」』）ー っ` …), and never ends with an opening
///   bracket (`「『（` …): such a character stays with its neighbour, the
///   simplest form of Japanese line-breaking rules (kinsoku).
/// - A word wider than the whole line breaks between characters.
struct MeasuredText: Hashable, Sendable {
    /// The width on one line, in ems: the sum of every advance, spaces
    /// included, as `FontMetrics.width(of:pointSize:)` measures it.
    let width: Double
    /// Runs of characters that stay on one line.
    private let units: [Unit]
    /// Every non-space character's advance, for breaking a unit that is
    /// wider than a line.
    private let advances: [Double]

    private struct Unit: Hashable, Sendable {
        /// The spaces between the previous unit and this one, in ems.
        var spaceBefore: Double
        var width: Double
        /// The unit's characters, as positions in `advances`.
        var characters: Range<Int>
    }

    init(_ text: String, weight: FontMetrics.Weight = .regular) {
        var units: [Unit] = []
        var advances: [Double] = []
        var total = 0.0
        var pendingSpace = 0.0
        var afterSpace = false
        var previous: Character?
        for character in text {
            let advance = FontMetrics.advance(of: character, weight: weight)
            total += advance
            if character == " " || character == "\t" || character == "\u{3000}" {
                pendingSpace += advance
                afterSpace = true
                continue
            }
            let breaks = units.isEmpty || afterSpace || Self.mayBreak(between: previous, and: character)
            if breaks {
                units.append(Unit(spaceBefore: pendingSpace, width: advance, characters: advances.count..<(advances.count + 1)))
            } else {
                units[units.count - 1].width += advance
                units[units.count - 1].characters = units[units.count - 1].characters.lowerBound..<(advances.count + 1)
            }
            advances.append(advance)
            pendingSpace = 0
            afterSpace = false
            previous = character
        }
        self.width = total
        self.units = units
        self.advances = advances
    }

    /// Whether a line may break between two neighbouring characters with
    /// no space between them.
    private static func mayBreak(between before: Character?, and after: Character) -> Bool {
        guard let before else { return true }
        if cannotStartLine(after) || cannotEndLine(before) { return false }
        return breaksAnywhere(before) || breaksAnywhere(after)
    }

    /// Characters between which CJK text may break: kana, kanji, CJK
    /// punctuation and full-width forms (not Hangul, which breaks at spaces).
    private static func breaksAnywhere(_ character: Character) -> Bool {
        guard let v = character.unicodeScalars.first?.value else { return false }
        switch v {
        case 0x2E80...0x303F, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFF61...0xFF9F, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private static let closing: Set<Character> = Set(
        "、。，．・：；？！ー―‐–〜～…‥」』）〕］｝〉》】〙〗〟’”ゝゞヽヾ々〻"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
            + "｡､｣ﾞﾟｧｨｩｪｫｯｬｭｮｰ)]},.:;!?")
    private static let opening: Set<Character> = Set("「『（〔［｛〈《【〘〖〝‘“｢([{")

    private static func cannotStartLine(_ character: Character) -> Bool { closing.contains(character) }
    private static func cannotEndLine(_ character: Character) -> Bool { opening.contains(character) }

    /// The lines the text takes when no line may be wider than `limit`
    /// ems: how many (0 for a text without visible characters) and the
    /// width of the widest.
    func lines(fittingWidth limit: Double) -> (count: Int, widest: Double) {
        // A line exactly as wide as the limit fits, whatever the rounding
        // of the width it was solved at.
        let room = limit + 1e-7
        var count = 0
        var widest = 0.0
        var line = 0.0
        var open = false
        func finishLine() {
            count += 1
            widest = max(widest, line)
            line = 0
            open = false
        }
        for unit in units {
            if open {
                if line + unit.spaceBefore + unit.width <= room {
                    line += unit.spaceBefore + unit.width
                    continue
                }
                finishLine()
            }
            if unit.width <= room {
                line = unit.width
                open = true
                continue
            }
            // Wider than a line: break it between characters, one at least per line.
            for position in unit.characters {
                let advance = advances[position]
                if open && line + advance > room { finishLine() }
                line += advance
                open = true
            }
        }
        if open { finishLine() }
        return (count, widest)
    }
}
