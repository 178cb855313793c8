import KumikiSupport

/// A page's gaps as the translators' page and `kumiki translations` list them.
public struct PageTranslationReport: Sendable {
    public var displayPath: String
    public var slug: String
    public var title: Bilingual<String>
    public var translations: PageTranslations
}

/// The translators' page, `translations/index.html`: every untranslated and
/// possibly outdated row of the site, grouped by page, both languages side
/// by side with the age of the gap and a link to the row. Written by the
/// assemble stage from what rendering left of each page, never from
/// rendered pages.
public enum TranslatorsPage {
    static let folder = "translations"
    static let path = "\(folder)/index.html"

    static func values(_ reports: [PageTranslationReport], context: SiteContext) -> [String: Any] {
        let rootPrefix = "../"
        var values = context.base(rootPrefix: rootPrefix)
        values["page"] = [
            "title": "Translation status", "title_ja": "翻訳の状況", "slug": folder,
            "is_index": false, "draft": false,
        ] as [String: Any]
        let listed = reports.filter { !$0.translations.gaps.isEmpty }
        values["pages"] = listed.enumerated().map { number, report -> [String: Any] in
            let pageHref = report.slug.isEmpty ? "\(rootPrefix)index.html" : SiteContext.href(report.slug, rootPrefix: rootPrefix)
            return [
                "title": report.title.english, "title_ja": report.title.japanese, "href": pageHref,
                "path": report.displayPath, "group_id": "page-\(number + 1)",
                "rows": report.translations.gaps.map { gapValues($0, pageHref: pageHref) },
            ]
        }
        let gaps = reports.flatMap(\.translations.gaps)
        values["untranslated"] = gaps.count(where: { $0.kind == .untranslated })
        values["outdated"] = gaps.count(where: { $0.kind == .outdated })
        values["clean"] = gaps.isEmpty
        values["nav"] = context.navigationValues(rootPrefix: rootPrefix)
        values["toc"] = [[String: Any]]()
        values["has_toc"] = false
        return values
    }

    private static func gapValues(_ gap: TranslationGap, pageHref: String) -> [String: Any] {
        let age = ageText(gap)
        var values: [String: Any] = [
            "href": gap.anchor.map { "\(pageHref)#\($0)" } ?? pageHref,
            "line": "\(gap.location.line)",
            "location": "\(gap.location.file):\(gap.location.line)",
            "en": gap.english, "ja": gap.japanese,
            "status_en": age.english, "status_ja": age.japanese,
            "outdated": gap.kind == .outdated,
        ]
        if gap.english.isEmpty { values["en_missing"] = true }
        if gap.japanese.isEmpty { values["ja_missing"] = true }
        return values
    }

    /// "Japanese behind by 12 days (English changed 25 November 2026)" and
    /// its Japanese; dates only from commits.
    public static func ageText(_ gap: TranslationGap) -> Bilingual<String> {
        let behind = gap.behind == "ja" ? Bilingual("Japanese", "日本語") : Bilingual("English", "英語")
        let ahead = gap.aheadName
        switch gap.kind {
        case .outdated:
            guard let date = gap.newer?.date else {
                return Bilingual("\(behind.english) may be behind: the \(ahead.english) has uncommitted changes",
                                 "\(behind.japanese)が古い可能性（\(ahead.japanese)に未コミットの変更）")
            }
            let days = gap.gapDays ?? 0
            return Bilingual(
                "\(behind.english) behind by \(days) day\(days == 1 ? "" : "s") (\(ahead.english) changed \(date.english))",
                "\(behind.japanese)が \(days) 日遅れ（\(ahead.japanese)の変更：\(date.japanese)）")
        case .untranslated:
            if let date = gap.newer?.date {
                return Bilingual("\(behind.english) missing since \(date.english)", "\(date.japanese)から\(behind.japanese)なし")
            }
            if gap.newer == .uncommitted {
                return Bilingual("\(behind.english) missing (uncommitted changes)", "\(behind.japanese)なし（未コミットの変更）")
            }
            return Bilingual("\(behind.english) missing", "\(behind.japanese)なし")
        }
    }
}
