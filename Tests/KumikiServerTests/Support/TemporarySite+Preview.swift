import Foundation
import KumikiSite
import KumikiTestSupport

/// The preview's test site: the repository's templates copied in (the
/// server watches them), an index, a page with one layout block and a
/// `kumiki.yml`.
extension TemporarySite {
    static let page = """
        ---
        title: Spacing
        title_ja: 余白
        ---

        Original paragraph.

        元の段落。

        ```layout do
        title: Button 8 pt below a centred image | 画像の 8pt 下に中央揃えのボタン
        image hero "Image" "画像"
        button go "Continue" "続ける"
        hero.top = safe.top + 24
        hero.centerX = safe.centerX
        hero.width = 0.6 * safe.width @750
        hero.width <= 400
        hero.aspect = 4:3
        go.centerX = hero.centerX
        go.top = hero.bottom + 8
        ```

        """

    static let index = """
        ---
        title: Guide
        title_ja: ガイド
        ---

        Welcome.

        ようこそ。

        """

    /// Makes the site, runs `body`, and removes the folder once `body`
    /// is done, even if it throws.
    static func with<Value>(_ body: (TemporarySite) async throws -> Value) async throws -> Value {
        let site = try TemporarySite(["index.md": index, "spacing.md": page], config: "title: Test Guide\ntitle_ja: テストガイド\n")
        try site.copyTemplates()
        return try await body(site)
    }

    /// The site's build options, with its own copy of the templates.
    var options: BuildOptions { buildOptions(templates: templates) }
}
