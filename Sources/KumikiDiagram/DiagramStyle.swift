/// The style rules of the diagrams' classes.
///
/// Every colour is a `--kumiki-*` custom property, with the theme's light
/// value as the fallback: inside a page the theme's values (light and
/// dark) apply; a standalone file, which embeds these rules, shows the
/// light ones. The theme's `kumiki.css` holds the same rules (section 8),
/// so an inline diagram needs no `<style>` of its own.
///
/// Strokes other than the bezel do not scale (`vector-effect`): a hairline
/// stays one pixel at every gallery scale.
///
/// The parts of the device frame (screen, guides, bars, status bar text,
/// housing, home indicator, corners, bezel) are styled by their own class
/// alone, never through `.k-diagram …`: on a page they are drawn by
/// `<use>` from shared definitions (``DiagramDefinitions``), and a
/// selector naming an ancestor outside the `<use>` does not reach the copy.
public enum DiagramStyle {
    /// One rule per line, selectors in a fixed order.
    public static let rules: [String] = [
        ".k-diagram{overflow:visible}",
        ".k-diagram *{vector-effect:non-scaling-stroke}",
        ".k-diagram text{dominant-baseline:central;fill:var(--kumiki-label,#1d1d1f);font-family:var(--kumiki-font-latin,system-ui,sans-serif)}",
        ".k-diagram text:lang(ja){font-family:var(--kumiki-font-ja,sans-serif)}",
        ".k-screen{fill:var(--kumiki-screen,#fff)}",
        ".k-clip{fill:var(--kumiki-bg,#fff)}",
        ".k-bezel{fill:none;stroke:var(--kumiki-device,#1d1d1f);stroke-width:8;vector-effect:none}",
        ".k-other{fill:var(--kumiki-bar,rgba(120,120,128,.16))}",
        ".k-window{fill:var(--kumiki-screen,#fff);stroke:var(--kumiki-muted,#5c5f66);vector-effect:non-scaling-stroke}",
        ".k-safe{fill:var(--kumiki-safe,rgba(52,168,83,.16))}",
        ".k-margins{fill:none;stroke:var(--kumiki-margin-stroke,#0b63c9);stroke-opacity:.55;stroke-dasharray:4 3;vector-effect:non-scaling-stroke}",
        ".k-readable{fill:none;stroke:var(--kumiki-readable-stroke,#8e44ad);stroke-opacity:.7;stroke-dasharray:2 3;vector-effect:non-scaling-stroke}",
        ".k-bar{fill:var(--kumiki-bar,rgba(120,120,128,.16))}",
        ".k-sb{dominant-baseline:central;fill:var(--kumiki-label,#1d1d1f);font-family:var(--kumiki-font-latin,system-ui,sans-serif);font-weight:600;text-anchor:middle}",
        ".k-batt{fill:none;stroke:var(--kumiki-label,#1d1d1f);vector-effect:non-scaling-stroke}",
        ".k-view{fill:var(--kumiki-view,#dde8fb);fill-opacity:.5;stroke:var(--kumiki-view-stroke,#3a6fd0)}",
        ".k-image{fill:var(--kumiki-view,#dde8fb);stroke:var(--kumiki-view-stroke,#3a6fd0)}",
        ".k-glyph{fill:none;stroke:var(--kumiki-view-stroke,#3a6fd0);stroke-opacity:.45}",
        ".k-label{fill:none;stroke:var(--kumiki-view-stroke,#3a6fd0);stroke-opacity:.5;stroke-dasharray:2 2}",
        ".k-button{fill:var(--kumiki-accent,#0b63c9)}",
        ".k-field{fill:var(--kumiki-screen,#fff);stroke:var(--kumiki-muted,#5c5f66)}",
        ".k-toggle{fill:var(--kumiki-do,#17743a)}",
        ".k-knob{fill:var(--kumiki-knob,#fff)}",
        ".k-control{fill:var(--kumiki-surface,#f4f4f6);stroke:var(--kumiki-view-stroke,#3a6fd0)}",
        ".k-card{fill:var(--kumiki-screen,#fff);stroke:var(--kumiki-rule,#d4d4da);filter:drop-shadow(0 1px 2px var(--kumiki-shadow,rgba(0,0,0,.18)))}",
        ".k-sheet{fill:var(--kumiki-surface,#f4f4f6);stroke:var(--kumiki-rule,#d4d4da);filter:drop-shadow(0 -1px 3px var(--kumiki-shadow,rgba(0,0,0,.18)))}",
        ".k-grab{fill:var(--kumiki-muted,#5c5f66)}",
        ".k-sensor{fill:var(--kumiki-sensor,#000)}",
        ".k-home{fill:var(--kumiki-label,#1d1d1f)}",
        ".k-mark{fill:none;stroke:var(--kumiki-finding,#d93025);stroke-width:2}",
        ".k-broken{fill:none;stroke:var(--kumiki-broken,#b06000);stroke-width:2;stroke-dasharray:5 3}",
        ".k-ambiguous{fill:none;stroke:var(--kumiki-ambiguous,#7b1fa2);stroke-width:2;stroke-dasharray:1 3}",
        ".k-badge{fill:var(--kumiki-finding,#d93025)}",
        ".k-q{fill:var(--kumiki-ambiguous,#7b1fa2)}",
        ".k-diagram .k-bt{fill:var(--kumiki-knob,#fff);font-weight:700;text-anchor:middle}",
        ".k-tc{text-anchor:middle}",
        ".k-diagram .k-on{fill:var(--kumiki-accent-fg,#fff)}",
        ".k-diagram .k-ph,.k-diagram .k-ti{fill:var(--kumiki-muted,#5c5f66)}",
        ".k-tm{font-size:.8em;font-weight:600}",
    ]

    /// The rules that paint a view's token colours from the custom
    /// properties its group carries (`--k-fill`, `--k-text`). A standalone
    /// file embeds them only when it draws such a view, so the files of
    /// blocks without colour tokens are as they were.
    public static let tokenRules: [String] = [
        ".k-diagram .k-tf{fill:var(--k-fill);fill-opacity:1}",
        ".k-diagram .k-tt{fill:var(--k-text)}",
    ]

    /// The rules that pick a view's dark token colours (`--k-fill-dark`,
    /// `--k-text-dark`, written only where they differ from the light
    /// ones) in dark appearance. The theme's `kumiki.css` holds them in its
    /// `prefers-color-scheme: dark` query; a standalone file, which shows
    /// the light appearance, leaves them out.
    public static let darkRules: [String] = [
        ".k-diagram .k-tf{fill:var(--k-fill-dark,var(--k-fill))}",
        ".k-diagram .k-tt{fill:var(--k-text-dark,var(--k-text))}",
    ]

    /// What a standalone file embeds: the rules, and English labels shown
    /// (a file has no language toggle). The language rule only applies
    /// where the diagram is the document's root, so a standalone file
    /// pasted into a page does not hide that page's Japanese labels.
    public static var css: String { css(withTokenColors: false) }

    /// The same, with ``tokenRules`` when the diagram draws token colours.
    public static func css(withTokenColors: Bool) -> String {
        rules.joined() + (withTokenColors ? tokenRules.joined() : "") + ":root.k-diagram text[lang=ja]{display:none}"
    }
}
