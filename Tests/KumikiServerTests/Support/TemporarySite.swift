import Foundation
import KumikiSite

/// A small site in a temporary folder: the repository's templates, an index,
/// and a page with one layout block. Removed when the test ends.
struct TemporarySite {
    let root: URL

    var content: URL { root.appendingPathComponent("Content") }
    var templates: URL { root.appendingPathComponent("Templates") }

    var options: BuildOptions {
        BuildOptions(contentDirectory: content, templatesDirectory: templates, configDirectory: root)
    }

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

    /// Makes the site, runs `body`, and removes the folder even if `body` throws.
    static func with<Value>(_ body: (TemporarySite) async throws -> Value) async throws -> Value {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kumiki-serve-\(UUID().uuidString)").resolvingSymlinksInPath()
        let site = TemporarySite(root: root)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: site.content, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryTemplates, to: site.templates)
        try site.write("index.md", index)
        try site.write("spacing.md", page)
        try Data("title: Test Guide\ntitle_ja: テストガイド\n".utf8).write(to: root.appendingPathComponent("kumiki.yml"))
        return try await body(site)
    }

    /// Writes a file of the Content folder.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: content.appendingPathComponent(name))
    }

    private static var repositoryTemplates: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates")
    }
}
