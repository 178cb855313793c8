import KumikiLayoutLanguage

/// The texts of a block's labels that may wrap, measured once for all the
/// block's compiled systems.
///
/// Measuring walks the text character by character (grapheme breaking,
/// the font's advances, where lines may break): for a sentence it costs
/// as much as several solves, and every set of active variants would
/// otherwise measure the same texts again.
struct WrappingTexts: Sendable {
    private var measured: [String: [MeasuredText]] = [:]
    /// The same in the bold widths, for blocks that set fonts.
    private var measuredBold: [String: [MeasuredText]] = [:]

    /// Measures the labels whose `lines` setting, in the block or in one of
    /// its variants, is other than 1; in the bold widths too when
    /// `measuresBold` (the block sets fonts).
    init(program: LayoutProgram, measuresBold: Bool = false) {
        let limits = program.lineLimits + program.variants.flatMap(\.lineLimits)
        for limit in limits where limit.lines != 1 && measured[limit.view] == nil {
            guard let view = program.view(named: limit.view), view.kind == .label else { continue }
            measured[limit.view] = Self.measure(view.label, view.labelJapanese, .regular)
            if measuresBold { measuredBold[limit.view] = Self.measure(view.label, view.labelJapanese, .bold) }
        }
    }

    private static func measure(_ label: String, _ labelJapanese: String, _ weight: FontMetrics.Weight) -> [MeasuredText] {
        [label, labelJapanese].map { MeasuredText($0, weight: weight) }.filter { $0.width > 0 }
    }

    /// The measured texts (English, then Japanese; the empty ones left out)
    /// of the label called `name`.
    func texts(of name: String, label: String, labelJapanese: String, weight: FontMetrics.Weight = .regular) -> [MeasuredText] {
        (weight == .bold ? measuredBold : measured)[name] ?? Self.measure(label, labelJapanese, weight)
    }
}
