import KumikiLayoutLanguage
import KumikiSupport
import KumikiSolver

/// The labels of one compiled system with their texts measured once: what
/// wrapping and the truncation check need in every environment.
///
/// A wrapping label (`lines` other than 1) is sized as UIKit sizes a
/// multi-line UILabel whose `preferredMaxLayoutWidth` follows its width:
/// the layout is solved with the label's one-line size, the text is broken
/// into lines at the width the label got, the label's intrinsic size
/// becomes that of the wrapped text, and the layout is solved again, until
/// the size settles or `maximumPasses` solves have been made. As for one
/// line, both languages must fit: the wrapped size is the wider and taller
/// of the English and the Japanese text.
struct LabelTexts {
    struct Label {
        /// The label's position in `DenseLayout.views`.
        var view: Int
        var name: String
        /// 1: one line; 0: as many lines as the text needs; N: at most N.
        var lineLimit: Int
        /// The positions of the label's intrinsic width and height among the
        /// environment's values (`ConstraintSystem.environmentVariables`).
        var intrinsicWidth: Int
        var intrinsicHeight: Int
        /// For a wrapping label, its texts with something to show, measured;
        /// empty for a one-line label, whose one-line width is its intrinsic
        /// width (so its text is not measured twice).
        var texts: [MeasuredText]
        /// The same in the bold widths; empty unless the block sets fonts.
        var boldTexts: [MeasuredText]

        /// The texts measured with `weight`'s widths.
        func texts(_ weight: FontMetrics.Weight) -> [MeasuredText] { weight == .bold ? boldTexts : texts }

        /// The one-line width in ems: the wider language.
        func singleLineWidth(_ weight: FontMetrics.Weight) -> Double { texts(weight).map(\.width).max() ?? 0 }
    }

    /// Solves of a block with wrapping labels, the first included.
    static let maximumPasses = 3

    /// Every shown label, in declaration order.
    let labels: [Label]
    /// The labels that may wrap.
    let wrapping: [Label]

    /// - Parameter measuresBold: Whether the block sets fonts, so that a
    ///   wrapping label may need its texts in the bold widths.
    init(
        layout: ConstraintSystem.Layout, dense: DenseLayout, environmentVariables: [Variable], wrappingTexts: WrappingTexts,
        measuresBold: Bool = false
    ) {
        var environmentPosition: [Variable: Int] = [:]
        for (position, variable) in environmentVariables.enumerated() { environmentPosition[variable] = position }
        var labels: [Label] = []
        for (position, declaration) in dense.declarations.enumerated() {
            guard let declaration, declaration.kind == .label, let content = layout.intrinsic[declaration.name],
                  let width = environmentPosition[content.width], let height = environmentPosition[content.height] else { continue }
            let lineLimit = layout.lineLimits[declaration.name] ?? 1
            func texts(_ weight: FontMetrics.Weight) -> [MeasuredText] {
                lineLimit == 1 ? [] : wrappingTexts.texts(
                    of: declaration.name, label: declaration.label, labelJapanese: declaration.labelJapanese, weight: weight)
            }
            labels.append(Label(
                view: position, name: declaration.name, lineLimit: lineLimit, intrinsicWidth: width, intrinsicHeight: height,
                texts: texts(.regular), boldTexts: measuresBold ? texts(.bold) : []))
        }
        self.labels = labels
        wrapping = labels.filter { $0.lineLimit != 1 }
    }

    /// The intrinsic size of a wrapping label given `width` points to fill:
    /// its one-line size when the text fits on one line, otherwise the
    /// widest wrapped line (the whole width when the line limit cuts the
    /// text short) by the number of lines shown.
    static func intrinsicSize(_ label: Label, width: Double, font: SizedFont) -> (width: Double, height: Double) {
        let pointSize = font.pointSize, lineHeight = font.lineHeight
        let single = label.singleLineWidth(font.metrics) * pointSize
        if width >= single - LayoutTolerance.oneLineFit { return (single, lineHeight) }
        let room = max(width, 0) / pointSize
        var widest = 0.0
        var lines = 1
        for text in label.texts(font.metrics) {
            let wrapped = text.lines(fittingWidth: room)
            let shown = label.lineLimit > 0 ? min(wrapped.count, label.lineLimit) : wrapped.count
            widest = max(widest, wrapped.count > shown ? room : wrapped.widest)
            lines = max(lines, shown)
        }
        return (widest * pointSize, Double(lines) * lineHeight)
    }

    /// The environment's values with every wrapping label's intrinsic size
    /// measured at the width it was solved at (`solved`, indexed as
    /// `DenseLayout.variables`); nil when no size changes, so the layout
    /// has settled.
    func remeasured(_ values: [Double?], solved: [Double], dense: DenseLayout, style: BlockStyle, textSize: TextSize) -> [Double?]? {
        var result = values
        var changed = false
        for label in wrapping {
            let font = style.font(of: label.name).sized(at: textSize)
            let size = Self.intrinsicSize(label, width: solved[dense.views[label.view].width], font: font)
            for (position, value) in [(label.intrinsicWidth, size.width), (label.intrinsicHeight, size.height)] {
                if let old = values[position], abs(old - value) <= LayoutTolerance.settledSize * max(1, abs(value)) { continue }
                result[position] = value
                changed = true
            }
        }
        return changed ? result : nil
    }
}
