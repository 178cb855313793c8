import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// A finding in words, English and Japanese, for the diagrams, the HTML,
/// `kumiki render` and `kumiki check`.
///
/// The engine reports a finding as data (its kind, the views, what was
/// measured); this is the one place that words it. The views are quoted
/// with their labels from the block's declarations.
public struct FindingText: Hashable, Sendable {
    public var english: String
    public var japanese: String

    /// The words for `finding`, a finding of `program`.
    public init(_ finding: Finding, in program: LayoutProgram) {
        let names = finding.views.map { Self.quoted(program.view(named: $0), name: $0) }
        let first = names.first ?? (en: "", ja: "")
        switch (finding.kind, finding.measurement) {
        case (.touchTarget, .size(let width, let height)):
            let size = "\(width.pointText) × \(height.pointText) pt"
            english = "\(first.en) is \(size), smaller than the 44 × 44 pt minimum touch target"
            japanese = "\(first.ja)は \(size) で、最小タッチ領域 44 × 44 pt より小さくなっています"
        case (.underHomeIndicator, .inSwipeBand(true)):
            english = "\(first.en) is under the home indicator, where a swipe goes home instead of tapping"
            japanese = "\(first.ja)がホームインジケータに重なっています。スワイプでホームに戻ってしまい、タップできません"
        case (.underHomeIndicator, _):
            english = "\(first.en) is under the home indicator, which is drawn over it"
            japanese = "\(first.ja)がホームインジケータの下にあり、一部が隠れています"
        case (.offScreen, .offScreen(let frame, let screenWidth, let screenHeight)):
            // The frame's description brings its own parentheses.
            let screen = "\(screenWidth.pointText) × \(screenHeight.pointText) pt"
            english = "\(first.en) is partly off screen at \(frame) on a \(screen) screen"
            japanese = "\(first.ja)の一部が画面の外に出ています。位置と大きさは \(frame)、画面は \(screen) です"
        case (.textWiderThanReadable, .widerThanReadable(let width, let readable)):
            english = "\(first.en) is \(width.pointText) pt wide, wider than the readable width of \(readable.pointText) pt"
            japanese = "\(first.ja)の幅 \(width.pointText) pt が、読みやすい幅 \(readable.pointText) pt を超えています"
        case (.truncatedText, .oneLineShortfall(let width, let needed)):
            english = "\(first.en) is cut off: its text needs \(needed.pointText) pt on one line, and the label is \(width.pointText) pt wide"
            japanese = "\(first.ja)のテキストが切れています。1 行に \(needed.pointText) pt 必要ですが、ラベルの幅は \(width.pointText) pt です"
        case (.truncatedText, .lineShortfall(let width, let needed, let shown)):
            english = "\(first.en) is cut off: at \(width.pointText) pt wide its text needs \(needed) lines, and the label shows \(shown)"
            japanese = "\(first.ja)のテキストが切れています。幅 \(width.pointText) pt では \(needed) 行必要ですが、表示できるのは \(shown) 行です"
        case (.overlap, _):
            let second = names.count > 1 ? names[1] : (en: "", ja: "")
            english = "\(first.en) and \(second.en) overlap"
            japanese = "\(first.ja)と\(second.ja)が重なっています"
        default:
            (english, japanese) = Self.unmeasured(finding.kind, first)
        }
    }

    /// The findings whose words need only the view.
    private static func unmeasured(_ kind: Finding.Kind, _ name: (en: String, ja: String)) -> (String, String) {
        switch kind {
        case .outsideSafeArea:
            ("\(name.en) reaches outside the safe area", "\(name.ja)がセーフエリアの外にはみ出しています")
        case .underSensorHousing:
            ("\(name.en) is under the sensor housing, where the screen shows nothing",
             "\(name.ja)がセンサーハウジング（ノッチや Dynamic Island）に隠れています")
        case .inRoundedCorner:
            ("\(name.en) reaches into a rounded corner of the display, which clips it", "\(name.ja)が画面の角丸に切り取られる位置にあります")
        default:
            ("\(name.en): \(kind.rawValue)", "\(name.ja)：\(kind.rawValue)")
        }
    }

    /// `'go' ("Continue")` and `「go」（続ける）`.
    static func quoted(_ view: ViewDeclaration?, name: String) -> (en: String, ja: String) {
        let label = view?.label ?? ""
        let en = label.isEmpty ? "'\(name)'" : "'\(name)' (\"\(label)\")"
        let jaLabel = (view?.labelJapanese ?? "").isEmpty ? label : view?.labelJapanese ?? ""
        let ja = jaLabel.isEmpty ? "「\(name)」" : "「\(name)」（\(jaLabel)）"
        return (en, ja)
    }
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
