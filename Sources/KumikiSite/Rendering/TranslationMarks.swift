import KumikiSupport

/// How a possibly outdated row is told: the note beside its older column,
/// and the warning `kumiki check` prints at the older block.
enum TranslationMarks {
    /// `<p class="bi-outdated-note">` in both languages, with the date of
    /// the newer change (or that it is not committed yet).
    static func note(for gap: TranslationGap) -> String {
        let ahead = gap.aheadName
        let english: String, japanese: String
        if let date = gap.newer?.date {
            english = "Translation may be out of date: the \(ahead.english) changed on <time datetime=\"\(date.iso)\">\(date.english)</time>"
            japanese = "翻訳が古い可能性があります（\(ahead.japanese)の変更：<time datetime=\"\(date.iso)\">\(date.japanese)</time>）"
        } else {
            english = "Translation may be out of date: the \(ahead.english) has uncommitted changes"
            japanese = "翻訳が古い可能性があります（\(ahead.japanese)に未コミットの変更）"
        }
        return "<p class=\"bi-outdated-note\" role=\"note\"><span lang=\"en\">\(english)</span> / <span lang=\"ja\">\(japanese)</span></p>\n"
    }

    /// The notes of a layout block's one-line pairs, after its figure.
    static func blockNotes(for gaps: [TranslationGap]) -> String {
        guard !gaps.isEmpty else { return "" }
        return "<div class=\"bi-span bi-outdated-lines\">\n" + gaps.map(note(for:)).joined() + "</div>\n"
    }

    /// The warning at the block that is behind.
    static func warning(for gap: TranslationGap) -> Diagnostic {
        let behind = gap.behind == "ja" ? "Japanese" : "English"
        let ahead = gap.aheadName.english
        let when: String
        if let date = gap.newer?.date, let id = gap.newer?.shortID {
            when = "the \(ahead) changed later (\(date.iso), commit \(id))"
        } else {
            when = "the \(ahead) has uncommitted changes"
        }
        let place = "\(gap.location.file):\(gap.location.line)"
        return .warning("the \(behind) of this row may be out of date: \(when); update it, or run 'kumiki translations ack \(place)' if it still says the same",
                        at: gap.location, code: .outdatedTranslation)
    }
}
