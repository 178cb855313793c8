import Foundation

/// A new site a team can grow, as `kumiki init` writes it: a commented
/// `kumiki.yml`, a copy of the default theme in `Templates/`, and `Content/`
/// with a home page and one example guideline page.
public enum SiteScaffold {
    /// Why a site cannot be created.
    public enum Problem: Error, CustomStringConvertible, Equatable {
        /// The folder exists and holds something other than hidden files.
        case notEmpty(path: String, entries: [String])
        /// The path exists and is a file.
        case notAFolder(path: String)
        /// The path is a symbolic link to nothing.
        case brokenLink(path: String, target: String)
        /// Writing failed; nothing that was written is left behind.
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .notEmpty(let path, let entries):
                let shown = entries.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                return "'\(path)' is not empty (it holds \(shown)); kumiki init only writes into a new or empty folder"
            case .notAFolder(let path):
                return "'\(path)' is a file, not a folder"
            case .brokenLink(let path, let target):
                return "'\(path)' is a symbolic link to '\(target)', which does not exist"
            case .cannotWrite(let path, let reason):
                return "cannot write the site into '\(path)': \(reason)"
            }
        }
    }

    /// Every file of a new site, by path relative to its folder, sorted.
    public static var files: [(path: String, contents: Data)] {
        var files: [(path: String, contents: Data)] = [
            ("kumiki.yml", Data(config.utf8)),
            (".gitignore", Data("# The built site: `kumiki build` writes it, so it is not source.\n/Site/\n# Pages kept between builds (kumiki build --no-cache ignores it).\n/.kumiki-cache/\n".utf8)),
            ("Content/index.md", Data(homePage.utf8)),
            ("Content/primary-actions.md", Data(examplePage.utf8)),
            ("Tokens/core.tokens.json", Data(tokenFile.utf8)),
        ]
        files += EmbeddedTheme.files.map { ("Templates/\($0.path)", $0.contents) }
        return files.sorted { $0.path < $1.path }
    }

    /// Writes a new site into `directory`.
    ///
    /// The folder must not exist yet or be empty; hidden entries such as
    /// `.git` are allowed, so `git init` may come first. A new folder is
    /// built aside and moved into place, so a failure leaves nothing behind.
    ///
    /// - Returns: the paths written, relative to `directory`.
    /// - Throws: ``Problem`` when the folder is not empty or cannot be written.
    @discardableResult
    public static func create(at directory: URL, displayPath: String) throws(Problem) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: directory.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw .notAFolder(path: displayPath) }
        if exists {
            let entries = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            if !entries.isEmpty { throw .notEmpty(path: displayPath, entries: entries) }
            // An existing empty folder: write in place; on failure, remove
            // only what was written.
            var written: [URL] = []
            do {
                for (path, contents) in files {
                    let url = directory.appendingPathComponent(path)
                    if manager.fileExists(atPath: url.path) { throw Problem.notEmpty(path: displayPath, entries: [path]) }
                    let top = directory.appendingPathComponent(String(path.split(separator: "/").first ?? ""))
                    if !written.contains(top) { written.append(top) }
                    try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try contents.write(to: url)
                }
            } catch {
                for url in written { try? manager.removeItem(at: url) }
                if let problem = error as? Problem { throw problem }
                throw .cannotWrite(path: displayPath, reason: String(describing: error))
            }
        } else {
            if let target = try? manager.destinationOfSymbolicLink(atPath: directory.path) {
                throw .brokenLink(path: displayPath, target: target)
            }
            // The folder above that exists must be a folder: `file.txt/site`
            // cannot be made, and Foundation's words for it say otherwise.
            var above = directory.deletingLastPathComponent(), climbed = 1
            while !manager.fileExists(atPath: above.path, isDirectory: &isFolder), above.path != "/" {
                above = above.deletingLastPathComponent()
                climbed += 1
            }
            if !isFolder.boolValue {
                let shown = (displayPath.hasPrefix("/") ? "/" : "") + displayPath.split(separator: "/").dropLast(climbed).joined(separator: "/")
                throw .notAFolder(path: shown.isEmpty ? above.path : shown)
            }
            let parent = directory.deletingLastPathComponent()
            let staging = parent.appendingPathComponent(".\(directory.lastPathComponent).kumiki-init-\(UUID().uuidString)")
            do {
                try manager.createDirectory(at: parent, withIntermediateDirectories: true)
                for (path, contents) in files {
                    let url = staging.appendingPathComponent(path)
                    try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try contents.write(to: url)
                }
                try manager.moveItem(at: staging, to: directory)
            } catch {
                try? manager.removeItem(at: staging)
                throw .cannotWrite(path: displayPath, reason: (error as NSError).localizedDescription)
            }
        }
        return files.map(\.path)
    }

    // MARK: - The files

    static let config = """
        # Kumiki site configuration. Every key is optional: delete one to get its default.

        # The site title, in English and in Japanese.
        title: Design Guidelines
        title_ja: デザインガイドライン

        # The address the site will be published at. With it, `kumiki build` also writes
        # sitemap.xml and canonical links; links inside the site are relative either way.
        # base_url: https://example.org/guidelines/

        # The order of the sections in the navigation. A page names its section in its
        # front matter (`section:` and `section_ja:`); sections not listed here follow.
        sections:
          - name: Getting Started
            name_ja: はじめに

        # Raw HTML in the Markdown is shown as text, with a warning, unless this is true.
        raw_html: false

        # In a git repository, each page shows when it last changed, and a row whose
        # source-language block changed after its translation is marked as possibly out
        # of date (`kumiki translations` lists them). `off` turns all of this off.
        history: on
        # The language rows are written in first, `en` or `ja`: a change to it makes the
        # other column possibly out of date; a change to the translation does not.
        source_language: en
        # The translators' page (translations/index.html), linked from every footer.
        translations: on
        # An "Edit this page" link on every page; {path} is the page's path from this folder.
        # edit_url: https://github.com/example/guidelines/edit/main/{path}

        # Layout blocks are solved on every device `kumiki devices` lists. A new Kumiki
        # release can bundle new devices, and a block can fail on one: list their ids
        # here to leave them out until you have checked your pages on them.
        # exclude_devices: [iphone-air]

        # Devices to add to the catalog, or to change by the id of a bundled one
        # (`kumiki check` notes each override).
        # devices:
        #   - id: studio-tablet
        #     name: Studio Tablet
        #     family: pad
        #     width: 800
        #     height: 1280
        #     scale: 2

        # The design system's tokens, in the Design Tokens Community Group's 2025.10
        # format, merged in this order; `kumiki tokens` lists them resolved, and
        # `kumiki check` reports every problem in them at its line.
        tokens:
          files: [Tokens/core.tokens.json]
          # Points in one rem, for dimensions written in rem.
          rem: 16

        """

    /// A small token file whose tokens say what they show (JSON has no
    /// comments, so the explanations are the tokens' descriptions).
    static let tokenFile = """
        {
          "color": {
            "$type": "color",
            "$description": "Colours, each one object: a colour space, its components and, optionally, a hex fallback.",
            "accent": {
              "$value": { "colorSpace": "srgb", "components": [0, 0.478, 1], "hex": "#007aff" },
              "$description": "The colour of primary actions and links.",
              "$extensions": { "org.kumiki": { "description_ja": "主なアクションとリンクの色。" } }
            },
            "link": {
              "$value": "{color.accent}",
              "$description": "An alias: it takes the accent's value, and follows it when the accent changes.",
              "$extensions": { "org.kumiki": { "description_ja": "エイリアス。アクセントの値を受け継ぎ、アクセントが変われば一緒に変わる。" } }
            }
          },
          "size": {
            "$type": "dimension",
            "touch-target": {
              "$value": { "value": 44, "unit": "px" },
              "$description": "The smallest side of a control people tap, in points.",
              "$extensions": { "org.kumiki": { "description_ja": "タップするコントロールの最小の辺（ポイント）。" } }
            },
            "margin": {
              "$value": { "value": 16, "unit": "px" },
              "$description": "The space between content and the edges of a compact screen.",
              "$extensions": { "org.kumiki": { "description_ja": "コンパクトな画面で、コンテンツと端のあいだの余白。" } }
            }
          }
        }

        """

    static let homePage = """
        ---
        title: Design Guidelines
        title_ja: デザインガイドライン
        ---

        These guidelines describe how our apps lay out their screens on every iPhone and iPad. Each page is
        written in English and Japanese, side by side.

        このガイドラインでは、私たちのアプリがあらゆる iPhone と iPad で画面をどうレイアウトするかを説明します。
        各ページは英語と日本語を並べて掲載しています。

        """

    static let examplePage = """
        ---
        title: Primary Actions
        title_ja: 主要なアクション
        section: Getting Started
        section_ja: はじめに
        order: 1
        summary: Where to put the button that completes a task, so it is easy to reach on every device.
        summary_ja: 作業を完了させるボタンを、どのデバイスでも押しやすい位置に置く方法です。
        ---

        This example page was made by `kumiki init`. Write each English paragraph followed by its Japanese
        translation, and Kumiki shows the two side by side. Change this page, or delete it once you have
        pages of your own.

        このページは `kumiki init` が作成したサンプルです。
        英語の段落のすぐ後に日本語訳を書くと、Kumiki が 2 つを左右に並べて表示します。
        自由に書き換えてください。独自のページができたら削除してもかまいません。

        ## Keep the main button within reach

        ## メインのボタンは指の届くところに

        A screen that completes a task, such as saving a form, usually has one main button. Place it at
        the bottom of the safe area and inset it to the layout margins: a thumb reaches it easily, and no
        system gesture competes with it.

        フォームの保存のように作業を締めくくる画面には、たいてい主要なボタンが 1 つあります。
        このボタンはセーフエリアの下端に置き、左右をレイアウトマージンに揃えましょう。
        親指が自然に届き、システムのジェスチャーとも干渉しません。

        ```layout do
        title: Save button above the home indicator | ホームインジケータの上に置いた保存ボタン
        button save "Save" "保存"
        save.leading = margins.leading
        save.trailing = margins.trailing
        save.bottom = safe.bottom - 16
        save.height = 50
        ```

        Don't pin the button to the bottom edge of the screen. On an iPhone without a home button, the
        home indicator sits there, and a swipe that starts on it leaves the app instead of pressing the
        button.

        ボタンを画面の下端に貼り付けないでください。
        ホームボタンのない iPhone ではそこにホームインジケータがあり、その上から始めたスワイプはボタンを押すのではなく、アプリを離れる操作になってしまいます。

        ```layout dont
        title: Save button on the bottom edge of the screen | 画面の下端に付けた保存ボタン
        button save "Save" "保存"
        save.leading = screen.leading
        save.trailing = screen.trailing
        save.bottom = screen.bottom
        save.height = 50
        ```

        ## Adding pages

        ## ページを追加する

        Add one Markdown file to `Content/` for each page. While `kumiki serve` runs, every save rebuilds
        the site and reloads the browser. The theme is in `Templates/`: change it as you like.

        ページごとに Markdown ファイルを 1 つ `Content/` に追加します。
        `kumiki serve` を実行しているあいだは、保存するたびにサイトが再生成され、ブラウザも再読み込みされます。
        テーマは `Templates/` にあるので、必要に応じて自由に変更できます。

        """
}
