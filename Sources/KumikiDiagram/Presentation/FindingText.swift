import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// A finding in words, English and Japanese, for the diagrams, the HTML,
/// `kumiki render` and `kumiki check`.
///
/// The engine reports a finding as data (its kind, the views, what was
/// measured); this is the one place that words it. The views are quoted
/// with their labels from the block's declarations.
public typealias FindingText = Bilingual<String>

extension Bilingual<String> {
    /// The words for `finding`, a finding of `program`.
    public init(_ finding: Finding, in program: LayoutProgram) {
        let names = finding.views.map { quotedView(program.view(named: $0), name: $0) }
        let first = names.first ?? Bilingual(both: "")
        switch (finding.kind, finding.measurement) {
        case (.touchTarget, .size(let width, let height)):
            // A side just under 44 (43.98) is flagged; one decimal would
            // print it as the 44 it falls short of, so it gets two.
            func side(_ length: Double) -> String {
                let text = length.pointText
                return length < 44 && (Double(text) ?? 0) >= 44 ? DecimalText.format(length, fractionDigits: 2) : text
            }
            let size = "\(side(width)) × \(side(height)) pt"
            self.init("\(first.english) is \(size), smaller than the 44 × 44 pt minimum touch target",
                      "\(first.japanese)は \(size) で、最小タッチ領域 44 × 44 pt より小さくなっています")
        case (.underHomeIndicator, .inSwipeBand(true)):
            self.init("\(first.english) is under the home indicator, where a swipe goes home instead of tapping",
                      "\(first.japanese)がホームインジケータに重なっています。スワイプでホームに戻ってしまい、タップできません")
        case (.underHomeIndicator, _):
            self.init("\(first.english) is under the home indicator, which is drawn over it",
                      "\(first.japanese)がホームインジケータの下にあり、一部が隠れています")
        case (.offScreen, .offScreen(let frame, let screenWidth, let screenHeight)):
            // The frame's description brings its own parentheses.
            let screen = "\(screenWidth.pointText) × \(screenHeight.pointText) pt"
            self.init("\(first.english) is partly off screen at \(frame) on a \(screen) screen",
                      "\(first.japanese)の一部が画面の外に出ています。位置と大きさは \(frame)、画面は \(screen) です")
        case (.textWiderThanReadable, .widerThanReadable(let width, let readable)):
            self.init("\(first.english) is \(width.pointText) pt wide, wider than the readable width of \(readable.pointText) pt",
                      "\(first.japanese)の幅 \(width.pointText) pt が、読みやすい幅 \(readable.pointText) pt を超えています")
        case (.truncatedText, .oneLineShortfall(let width, let needed)):
            self.init("\(first.english) is cut off: its text needs \(needed.pointText) pt on one line, and the label is \(width.pointText) pt wide",
                      "\(first.japanese)のテキストが切れています。1 行に \(needed.pointText) pt 必要ですが、ラベルの幅は \(width.pointText) pt です")
        case (.truncatedText, .lineShortfall(let width, let needed, let shown)):
            self.init("\(first.english) is cut off: at \(width.pointText) pt wide its text needs \(needed) lines, and the label shows \(shown)",
                      "\(first.japanese)のテキストが切れています。幅 \(width.pointText) pt では \(needed) 行必要ですが、表示できるのは \(shown) 行です")
        case (.truncatedText, .characterWiderThanLabel(let width, let character)):
            self.init("\(first.english) is cut off: a character of its text is \(character.pointText) pt wide, and the label is \(width.pointText) pt wide",
                      "\(first.japanese)のテキストが切れています。幅 \(character.pointText) pt の文字がありますが、ラベルの幅は \(width.pointText) pt です")
        case (.lowContrast, .contrast(let ratio, let minimum, let appearance)):
            // Cut, not rounded, to hundredths: 4.499:1 reads 4.49:1, never as the 4.5:1 it misses.
            let measured = DecimalText.format((ratio * 100).rounded(.down) / 100, fractionDigits: 2)
            let needed = DecimalText.format(minimum, fractionDigits: 1)
            let (english, japanese) = appearance == .light ? ("light", "ライト") : ("dark", "ダーク")
            self.init("\(first.english)'s text has a contrast of \(measured):1 in \(english) appearance, under the \(needed):1 text of its size needs",
                      "\(first.japanese)の文字のコントラストは\(japanese)モードで \(measured):1 で、この大きさの文字に必要な \(needed):1 に足りません")
        case (.overlap, _):
            let second = names.count > 1 ? names[1] : Bilingual(both: "")
            self.init("\(first.english) and \(second.english) overlap", "\(first.japanese)と\(second.japanese)が重なっています")
        default:
            self = unmeasuredFinding(finding.kind, first)
        }
    }
}

/// The findings whose words need only the view.
private func unmeasuredFinding(_ kind: Finding.Kind, _ name: Bilingual<String>) -> Bilingual<String> {
    switch kind {
    case .outsideSafeArea:
        Bilingual("\(name.english) reaches outside the safe area", "\(name.japanese)がセーフエリアの外にはみ出しています")
    case .underSensorHousing:
        Bilingual("\(name.english) is under the sensor housing, where the screen shows nothing",
                  "\(name.japanese)がセンサーハウジング（ノッチや Dynamic Island）に隠れています")
    case .inRoundedCorner:
        Bilingual("\(name.english) reaches into a rounded corner of the display, which clips it",
                  "\(name.japanese)が画面の角丸に切り取られる位置にあります")
    default:
        Bilingual("\(name.english): \(kind.rawValue)", "\(name.japanese)：\(kind.rawValue)")
    }
}

/// `'go' ("Continue")` and `「go」（続ける）`.
private func quotedView(_ view: ViewDeclaration?, name: String) -> Bilingual<String> {
    let label = view?.label ?? ""
    let english = label.isEmpty ? "'\(name)'" : "'\(name)' (\"\(label)\")"
    let japaneseLabel = (view?.labelJapanese ?? "").isEmpty ? label : view?.labelJapanese ?? ""
    let japanese = japaneseLabel.isEmpty ? "「\(name)」" : "「\(name)」（\(japaneseLabel)）"
    return Bilingual(english, japanese)
}

/// The words of a block's findings, each written once: a block's
/// environments repeat the same findings with the same sizes.
public struct FindingTexts: Sendable {
    public let program: LayoutProgram
    private(set) var known: [Finding: FindingText] = [:]

    public init(program: LayoutProgram) {
        self.program = program
    }

    public mutating func text(of finding: Finding) -> FindingText {
        if let text = known[finding] { return text }
        let text = FindingText(finding, in: program)
        known[finding] = text
        return text
    }
}
