import KumikiSupport

/// A row the translators' page lists: one language missing, or one
/// language changed after the other.
public struct TranslationGap: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A block with no partner in the other language.
        case untranslated
        /// A row whose one language changed after the other.
        case outdated
    }

    public var kind: Kind
    /// The language that is missing or behind: `en` or `ja`.
    public var behind: String
    /// Where the block that is behind starts (the block that is there, for
    /// an untranslated row).
    public var location: SourceLocation
    /// The row's anchor on its page, when it has one.
    public var anchor: String?
    /// The row's text in each language, shortened; empty when missing.
    public var english: String
    public var japanese: String
    /// The last change of the language that is ahead (for an untranslated
    /// row, of the block that is there); `nil` without history.
    public var newer: HistoryChange?
    /// The last change of the language that is behind.
    public var older: HistoryChange?
    /// The row's segment on its page (the layout block, for a one-line pair).
    var segmentIndex: Int

    /// The language that is ahead, in words.
    var aheadName: Bilingual<String> {
        behind == "ja" ? Bilingual("English", "英語") : Bilingual("Japanese", "日本語")
    }

    /// Whole days between the older and the newer change, when both are commits.
    public var gapDays: Int? {
        guard let older, let newer else { return nil }
        return older.days(until: newer)
    }
}

/// What a page's translation state is: its last change and its gaps.
public struct PageTranslations: Sendable, Hashable, Codable {
    /// The newest change of the page's file; `nil` without history.
    public var lastChange: HistoryChange?
    public var gaps: [TranslationGap] = []

    public init(lastChange: HistoryChange? = nil, gaps: [TranslationGap] = []) {
        self.lastChange = lastChange
        self.gaps = gaps
    }

    public var outdatedCount: Int { gaps.count(where: { $0.kind == .outdated }) }
}
