import KumikiLayoutLanguage
import KumikiSupport

// `truncated-text`: checked on the labels' measured texts, which `LabelTexts` holds.

extension LabelTexts {
    /// A `truncated-text` finding for every label whose text does not fit
    /// its frame: a one-line label narrower than its text, or a wrapping
    /// label whose text needs more lines at its width than its line limit
    /// or its height allows, or that is narrower than a character of it.
    /// - Parameter solved: The solution, indexed as `dense.variables`.
    func truncations(
        frames: [Rect], declarations: [ViewDeclaration?], solved: [Double], dense: DenseLayout, style: BlockStyle, textSize: TextSize
    ) -> [Finding] {
        let tolerance = FrameGeometry.tolerance
        var result: [Finding] = []
        for label in labels {
            let frame = frames[label.view]
            if label.lineLimit == 1 {
                let needed = solved[dense.environment[label.intrinsicWidth]]
                guard frame.width < needed - tolerance, let view = declarations[label.view] else { continue }
                result.append(Finding(
                    kind: .truncatedText, views: [view.name], measurement: .oneLineShortfall(width: frame.width, needed: needed),
                    location: view.location))
                continue
            }
            let font = style.font(of: label.name).sized(at: textSize)
            let lineHeight = font.lineHeight, pointSize = font.pointSize
            let fitInHeight = max(1, Int(saturating: (frame.height + tolerance) / lineHeight))
            let allowed = label.lineLimit > 0 ? min(label.lineLimit, fitInHeight) : fitInHeight
            let room = max(frame.width + tolerance, 0) / pointSize
            let measured = label.texts(font.metrics).map { $0.lines(fittingWidth: room) }
            let needed = measured.map(\.count).max() ?? 0
            // Wrapping puts one character on a line at least: a line wider
            // than the label is a character that does not fit its width.
            let widest = measured.map(\.widest).max() ?? 0
            guard needed > allowed || widest > room, let view = declarations[label.view] else { continue }
            let measurement: Finding.Measurement = needed > allowed
                ? .lineShortfall(width: frame.width, needed: needed, shown: allowed)
                : .characterWiderThanLabel(width: frame.width, character: widest * pointSize)
            result.append(Finding(kind: .truncatedText, views: [view.name], measurement: measurement, location: view.location))
        }
        return result
    }
}
