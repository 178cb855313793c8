import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// What a setting or a device is, in English and Japanese, for hover: the
/// environment lines of a layout block (`devices:`, `orientations:` …),
/// the keys of `kumiki.yml`, and a device named by its id.
enum SettingText {
    /// A layout block's environment line.
    static func blockSetting(_ key: EnvironmentSettings.Key) -> String {
        let (english, japanese): (String, String) = switch key {
        case .devices:
            ("The devices the block is solved on: ids, `phones`, `pads` or `all` (every device by default).",
             "ブロックを解く端末：ID、`phones`、`pads`、`all`（既定はすべての端末）。")
        case .orientations:
            ("The orientations solved: `portrait`, `landscape-left`, `landscape-right`, `landscape` (all three by default).",
             "解く向き：`portrait`、`landscape-left`、`landscape-right`、`landscape`（既定は 3 つすべて）。")
        case .splits:
            ("The iPad multitasking windows solved besides full screen: `two-thirds`, `half`, `one-third`, `slide-over`.",
             "全画面のほかに解く iPad のマルチタスクのウインドウ：`two-thirds`、`half`、`one-third`、`slide-over`。")
        case .textSizes:
            ("The Dynamic Type text sizes solved (`large`, the default size, unless given): `xSmall` … `xxxLarge`, `ax1` … `ax5`.",
             "解く Dynamic Type の文字サイズ（指定がなければ既定の `large`）：`xSmall` … `xxxLarge`、`ax1` … `ax5`。")
        case .bars:
            ("The system bars shown: `status`, `navigation`, `large-title`, `tab`, `toolbar`, or `none`.",
             "表示するシステムバー：`status`、`navigation`、`large-title`、`tab`、`toolbar`、または `none`。")
        }
        return "**\(key.rawValue)**: \(english)\n\n\(japanese)"
    }

    /// A device of the site's catalog.
    static func device(_ device: Device) -> String {
        let family = device.family == .phone ? ("iPhone", "iPhone") : ("iPad", "iPad")
        let size = "\(device.width.pointText) × \(device.height.pointText) pt"
        var lines = ["**\(device.name)** (`\(device.id)`): \(family.0), \(size) in portrait · 縦向きで \(size)"]
        if !device.models.isEmpty { lines.append("Models · 機種: " + device.models.joined(separator: ", ")) }
        return lines.joined(separator: "\n\n")
    }

    /// A key of `kumiki.yml`; `nil` for a key the site's configuration does
    /// not have.
    static func siteSetting(_ key: String) -> String? {
        let texts: [String: (String, String)] = [
            "title": ("The site's title in English.", "サイトの英語のタイトル。"),
            "title_ja": ("The site's title in Japanese.", "サイトの日本語のタイトル。"),
            "base_url": ("The address the site is published at; with it the build writes sitemap.xml and canonical links.",
                         "サイトを公開するアドレス。指定すると sitemap.xml と正規リンクも書き出します。"),
            "raw_html": ("Whether raw HTML in pages is kept (`true`) or shown as text with a warning.",
                         "ページ内の生の HTML をそのまま使うか（`true`）、警告付きで文字として表示するか。"),
            "ja_latin_spacing": ("Spaces between Japanese and Latin text: `always` or `never` warns where the text does otherwise; `off` checks nothing.",
                                 "和文と欧文の間のスペース：`always` か `never` にすると、そうなっていない所に警告します。`off` は検査しません。"),
            "sections": ("The order of the navigation's sections, each with its English and Japanese name.",
                         "ナビゲーションのセクションの順序（英語名と日本語名）。"),
            "devices": ("Devices added to the catalog, or bundled ones changed by their id.",
                        "端末カタログに加える端末、または ID で変更する同梱の端末。"),
            "exclude_devices": ("Device ids left out when layout blocks are solved.", "レイアウトブロックを解くときに除く端末の ID。"),
            "history": ("`on`: pages show when they changed and rows whose translation may be out of date are marked (in git).",
                        "`on`：ページの更新日を表示し、翻訳が古いかもしれない行に印を付けます（git の中で）。"),
            "translations": ("Whether the translators' page (translations/index.html) is written.",
                             "翻訳者向けのページ（translations/index.html）を書き出すか。"),
            "changelog": ("The change log page: `on` for each commit that touched the site, `tags` for each tag.",
                          "変更履歴のページ：`on` はサイトに触れたコミットごと、`tags` はタグごと。"),
            "changelog_limit": ("How many entries the change log page lists.", "変更履歴のページに載せる項目の数。"),
            "edit_url": ("An \"Edit this page\" link on every page; `{path}` is the page's path.",
                         "各ページの「このページを編集」リンク。`{path}` はページのパス。"),
            "source_language": ("The language rows are written in first (`en` or `ja`); a change to it makes the translation possibly outdated.",
                                "行を先に書く言語（`en` か `ja`）。こちらを変えると翻訳が古いかもしれない状態になります。"),
            "search_glossary": ("Words search treats as the same, beside the bundled glossary.", "同梱の用語集に加えて、検索で同じ語とみなす語。"),
            "tokens": ("The design tokens: their files or resolver, `rem`, `modes` and `background`.",
                       "デザイントークン：ファイルかリゾルバー、`rem`、`modes`、`background`。"),
        ]
        return texts[key].map { "**\(key)**: \($0.0)\n\n\($0.1)" }
    }
}
