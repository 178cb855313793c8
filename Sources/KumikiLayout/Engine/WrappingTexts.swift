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

    /// Measures the labels whose `lines` setting, in the block or in one of
    /// its variants, is other than 1.
    init(program: LayoutProgram) {
        let limits = program.lineLimits + program.variants.flatMap(\.lineLimits)
        for limit in limits where limit.lines != 1 && measured[limit.view] == nil {
            guard let view = program.view(named: limit.view), view.kind == .label else { continue }
            measured[limit.view] = [view.label, view.labelJapanese].map(MeasuredText.init).filter { $0.width > 0 }
        }
    }

    /// The measured texts (English, then Japanese; the empty ones left out)
    /// of the label called `name`.
    func texts(of name: String, label: String, labelJapanese: String) -> [MeasuredText] {
        measured[name] ?? [label, labelJapanese].map(MeasuredText.init).filter { $0.width > 0 }
    }
}
