import KumikiSupport
import KumikiMarkdown
import Yams

/// What a page says about itself in its YAML front matter.
///
/// ```yaml
/// ---
/// title: Adaptivity and Layout
/// title_ja: 適応性とレイアウト
/// section: Foundations
/// section_ja: 基本
/// order: 1
/// summary: How layouts adapt to every device.
/// summary_ja: あらゆるデバイスに合わせるレイアウト。
/// slug: adaptivity            # defaults to the file name
/// draft: false                # drafts are built only with --drafts
/// ---
/// ```
public struct FrontMatter: Sendable, Hashable, Codable {
    /// `title` and `title_ja`.
    public var title = Bilingual<String?>(nil, nil)
    /// `section` and `section_ja`.
    public var section = Bilingual<String?>(nil, nil)
    public var order: Int?
    /// `summary` and `summary_ja`.
    public var summary = Bilingual<String?>(nil, nil)
    public var slug: String?
    public var draft: Bool = false
    /// Where the `slug` key is, for errors about it.
    public var slugLocation: SourceLocation?
    /// Where the `slug` value starts, for errors about its text as a whole
    /// (its length).
    public var slugValueLocation: SourceLocation?
    /// Where the `section` value starts, for errors about the section's
    /// name as a whole (the length of the slug made of it).
    public var sectionValueLocation: SourceLocation?

    public init() {}

    static let keys = ["title", "title_ja", "section", "section_ja", "order", "summary", "summary_ja", "slug", "draft"]

    /// Reads the front matter of a page; unknown keys are errors, since a
    /// misspelt key would otherwise vanish without a word.
    public static func parse(_ text: FrontMatterText?, file: String) -> (FrontMatter, [Diagnostic]) {
        var matter = FrontMatter()
        guard let text else { return (matter, []) }
        let (mapping, problems) = YAMLMapping.read(text.yaml, file: file, firstLine: text.firstLine, what: "the front matter")
        var diagnostics = problems
        for entry in mapping?.entries ?? [] {
            func string() -> String? {
                var value: String?
                switch YAMLValue.string(entry.value, key: entry.key, at: entry.valueLocation) {
                case .success(let s): value = s
                case .failure(let d): diagnostics.append(d)
                }
                return value
            }
            let valueLocation = entry.valueLocation
            switch entry.key {
            case "title": matter.title.english = string()
            case "title_ja": matter.title.japanese = string()
            case "section":
                matter.section.english = string()
                matter.sectionValueLocation = valueLocation
            case "section_ja": matter.section.japanese = string()
            case "summary": matter.summary.english = string()
            case "summary_ja": matter.summary.japanese = string()
            case "slug":
                matter.slug = string()
                matter.slugLocation = entry.location
                matter.slugValueLocation = valueLocation
            case "order":
                // Located at the value, as a slug's problems are.
                var order = 0
                record(YAMLValue.int(entry.value, key: entry.key, at: valueLocation), into: &order, &diagnostics)
                matter.order = order
            case "draft":
                record(YAMLValue.bool(entry.value, key: entry.key, at: valueLocation), into: &matter.draft, &diagnostics)
            default:
                let suggestion = Suggestions.hint(for: entry.key, among: keys)
                let hint = suggestion.isEmpty ? "; known keys are \(keys.joined(separator: ", "))" : suggestion
                diagnostics.append(Diagnostic.error("unknown front-matter key '\(entry.key)'\(hint)", at: entry.location, code: .unknownFrontMatterKey)
                    .spanning(entry.key.count, replacements: Suggestions.closest(to: entry.key, among: keys)))
            }
        }
        return (matter, diagnostics)
    }
}
